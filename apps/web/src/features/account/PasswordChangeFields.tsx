import { Form, Input } from 'antd';
import { PASSWORD_MIN_LENGTH } from '@lis/contracts';
import { useT } from '../../platform/i18n/I18nProvider';
import { accountMessages } from './account-messages';

export interface PasswordChangeForm {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** The current password, the new one and its confirmation, with the client-side rules. */
export function PasswordChangeFields({ currentLabel }: { currentLabel?: string }) {
  const t = useT(accountMessages);
  return (
    <>
      <Form.Item
        name="current_password"
        label={currentLabel ?? t('currentPassword')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('newPassword')}
        dependencies={['current_password']}
        rules={[
          { required: true, message: t('required') },
          { min: PASSWORD_MIN_LENGTH, message: t('tooShort', { min: PASSWORD_MIN_LENGTH }) },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string) =>
              !value || value !== getFieldValue('current_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('sameAsCurrent'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('confirmPassword')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string) =>
              !value || value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

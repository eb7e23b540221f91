import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@lis/contracts';
import { useT } from '../../platform/i18n/I18nProvider';
import { LOGOUT_PATH } from '../../platform/screens/screens';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { AuthPageFrame } from '../auth';
import { accountMessages } from './account-messages';
import { changeOwnPassword } from './change-own-password';
import { PasswordChangeFields, type PasswordChangeForm } from './PasswordChangeFields';

/**
 * Decision 0020: right after signing in with a one-time password (the first start's, or one from
 * `lis user reset-password`), the console shows only this screen until the user has chosen their own
 * password; the server refuses everything else meanwhile (403 PASSWORD_CHANGE_REQUIRED).
 */
export function ForcedPasswordChange({ onChanged }: { onChanged: () => void }) {
  const t = useT(accountMessages);
  const [form] = Form.useForm<PasswordChangeForm>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const navigate = useNavigate();

  const submit = async (values: PasswordChangeForm) => {
    setSaving(true);
    try {
      await changeOwnPassword(values);
      void message.success(t('changed'));
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthPageFrame>
      <Flex vertical gap={16}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('forcedTitle')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('forcedText')} />
        <Typography.Text type="secondary">{t('hint', { min: PASSWORD_MIN_LENGTH })}</Typography.Text>
        <Form<PasswordChangeForm>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(values) => void submit(values)}
        >
          <PasswordChangeFields currentLabel={t('oneTimePassword')} />
          <Flex gap={8} justify="space-between">
            <Button onClick={() => navigate(LOGOUT_PATH)}>{t('signOut')}</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('save')}
            </Button>
          </Flex>
        </Form>
      </Flex>
    </AuthPageFrame>
  );
}

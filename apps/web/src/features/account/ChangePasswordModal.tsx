import { useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { PASSWORD_MIN_LENGTH, type ChangePasswordRequest, type MessageResponse } from '@lis/contracts';
import { api } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { accountMessages } from './account-messages';

interface PasswordForm {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** A signed-in user replaces their own password (the first admin's one-time password, for one). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(accountMessages);
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const showError = useErrorDialog();

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      const body: ChangePasswordRequest = {
        current_password: values.current_password,
        new_password: values.new_password,
      };
      await api.post<MessageResponse>('v1/auth/change-password', body);
      void message.success(t('changed'));
      form.resetFields();
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('changePassword')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('hint', { min: PASSWORD_MIN_LENGTH })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark>
        <Form.Item
          name="current_password"
          label={t('currentPassword')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('newPassword')}
          rules={[
            { required: true, message: t('required') },
            { min: PASSWORD_MIN_LENGTH, message: t('tooShort', { min: PASSWORD_MIN_LENGTH }) },
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
      </Form>
    </Modal>
  );
}

import { useState } from 'react';
import { App, Form, Modal, Typography } from 'antd';
import { PASSWORD_MIN_LENGTH } from '@lis/contracts';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { accountMessages } from './account-messages';
import { changeOwnPassword } from './change-own-password';
import { PasswordChangeFields, type PasswordChangeForm as PasswordForm } from './PasswordChangeFields';

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
      await changeOwnPassword(values);
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
        <PasswordChangeFields />
      </Form>
    </Modal>
  );
}

import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { stepUpMessages } from './step-up.i18n';
import { useStepUpMode } from './useStepUpMode';

interface Props {
  open: boolean;
  submitting: boolean;
  /** The server's refusal of the last try ('Password incorrect' …), shown above the field. */
  error: string | undefined;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/**
 * DESIGN §6, decision 0020: an important job's run, and a protected delete, ask for a password the
 * server checks — the user's own, or the action password when a super_admin set one (the server says
 * which). The field may be sent empty: the server answers 'Please enter the password'.
 */
export function ActionPasswordModal({ open, submitting, error, onSubmit, onCancel }: Props) {
  const s = useT(stepUpMessages);
  const own = useStepUpMode() === 'own_password';
  const [password, setPassword] = useState('');
  return (
    <Modal
      open={open}
      title={own ? s('ownTitle') : s('actionTitle')}
      okText={s('confirm')}
      cancelText={s('cancel')}
      confirmLoading={submitting}
      onOk={() => onSubmit(password)}
      onCancel={onCancel}
      afterClose={() => setPassword('')}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">{own ? s('ownHint') : s('actionHint')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => onSubmit(password)}>
        <Form.Item
          label={own ? s('ownLabel') : s('actionLabel')}
          htmlFor="legacy-report-action-password"
          style={{ margin: 0 }}
        >
          <Input.Password
            id="legacy-report-action-password"
            autoFocus
            autoComplete="off"
            maxLength={128}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

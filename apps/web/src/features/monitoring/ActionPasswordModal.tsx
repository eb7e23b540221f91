import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { monitoringMessages } from './monitoring.i18n';

interface Props {
  open: boolean;
  submitting: boolean;
  /** The server's refusal of the last try ('Password incorrect' …), shown above the field. */
  error: string | undefined;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/**
 * DESIGN §6: an important job's run asks for the action password; the server checks it (the field may
 * be sent empty: the server answers 'Please enter the password').
 */
export function ActionPasswordModal({ open, submitting, error, onSubmit, onCancel }: Props) {
  const t = useT(monitoringMessages);
  const [password, setPassword] = useState('');
  return (
    <Modal
      open={open}
      title={t('passwordTitle')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={submitting}
      onOk={() => onSubmit(password)}
      onCancel={onCancel}
      afterClose={() => setPassword('')}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" onFinish={() => onSubmit(password)}>
        <Form.Item label={t('passwordLabel')} htmlFor="legacy-report-action-password" style={{ margin: 0 }}>
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

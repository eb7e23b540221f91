import type { Alert } from '@lis/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { alertsMessages } from './alerts.i18n';
import { ConditionTag } from './ConditionTag';

interface Props {
  /** The alert to acknowledge; undefined: closed. */
  alert: Alert | undefined;
  saving: boolean;
  onAcknowledge: (alert: Alert, comment: string) => void;
  onClose: () => void;
}

/** Acknowledge: the alert named, what acknowledging does, an optional comment (up to 1000 characters). */
export function AcknowledgeModal({ alert, saving, onAcknowledge, onClose }: Props) {
  const t = useT(alertsMessages);
  const [form] = Form.useForm<{ comment: string }>();
  return (
    <Modal
      open={alert !== undefined}
      title={t('acknowledgeTitle')}
      okText={t('acknowledge')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width="min(520px, 96vw)"
    >
      {alert && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ comment: '' }}
          disabled={saving}
          onFinish={({ comment }) => onAcknowledge(alert, comment.trim())}
        >
          <Typography.Paragraph>
            <ConditionTag condition={alert.condition} />{' '}
            <Typography.Text strong translate="no">
              {[alert.company_code, alert.legacy_id ?? alert.server?.server_id, alert.business_day]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('acknowledgeText')}</Typography.Paragraph>
          <Form.Item name="comment" label={t('comment')} extra={t('commentHint')}>
            <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

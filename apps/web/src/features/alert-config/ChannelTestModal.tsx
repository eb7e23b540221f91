import type { AlertChannelTestResponse } from '@lis/contracts';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { alertConfigMessages } from './alert-config.i18n';

interface Props {
  /** The channel tested and what its receiver answered; null: closed. */
  outcome: { name: string; result: AlertChannelTestResponse } | null;
  onClose: () => void;
}

/** A test alert's outcome: delivered or not, the receiver's HTTP status, its answer, the error. */
export function ChannelTestModal({ outcome, onClose }: Props) {
  const t = useT(alertConfigMessages);
  const result = outcome?.result;
  const none = <Typography.Text type="secondary">{t('testNone')}</Typography.Text>;
  return (
    <Modal
      open={outcome !== null}
      title={outcome ? t('testTitle', { name: outcome.name }) : null}
      width="min(640px, 96vw)"
      centered
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {result && (
        <div data-testid="alert-channel-test-result">
          <Alert
            type={result.delivered ? 'success' : 'error'}
            showIcon
            title={result.delivered ? t('testDelivered') : t('testNotDelivered')}
            description={result.message}
            style={{ marginBottom: 16 }}
          />
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: '34%' } }}
            items={[
              {
                key: 'status',
                label: t('testStatus'),
                children: result.status === null ? none : <span data-field="status">{result.status}</span>,
              },
              {
                key: 'answer',
                label: t('testAnswer'),
                children: result.answer ? (
                  <Typography.Text
                    code
                    data-field="answer"
                    style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                  >
                    {result.answer}
                  </Typography.Text>
                ) : (
                  none
                ),
              },
              {
                key: 'error',
                label: t('testError'),
                children: result.error ? (
                  <Typography.Text type="danger" data-field="error">
                    {result.error}
                  </Typography.Text>
                ) : (
                  none
                ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

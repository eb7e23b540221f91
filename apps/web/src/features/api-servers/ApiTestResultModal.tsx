import type { FappTestResponse } from '@lis/contracts';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { apiServerMessages } from './api-servers.i18n';
import { TEST_RESULT_FIELDS, formatTestField } from './test-result-format';

interface Props {
  outcome: { url: string; result: FappTestResponse } | null;
  onClose: () => void;
}

const MONOSPACE_FIELDS = new Set(['serverSession', 'clientUUID']);

/** The second modal: the function server's info (spec 001 §3 "API test response"). */
export function ApiTestResultModal({ outcome, onClose }: Props) {
  const t = useT(apiServerMessages);
  const { language } = useLanguage();
  return (
    <Modal
      open={outcome !== null}
      title={outcome ? t('resultTitle', { url: outcome.url }) : null}
      width="min(640px, 96vw)"
      centered
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {outcome && (
        <>
          <Alert type="success" showIcon title={outcome.result.message} style={{ marginBottom: 16 }} />
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: '42%' } }}
            items={TEST_RESULT_FIELDS.map((field) => ({
              key: field,
              label: (
                <span>
                  {t(field)}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {field}
                  </Typography.Text>
                </span>
              ),
              children: (
                <Typography.Text
                  data-field={field}
                  code={MONOSPACE_FIELDS.has(field)}
                  style={{ wordBreak: 'break-all' }}
                >
                  {formatTestField(outcome.result, field, language)}
                </Typography.Text>
              ),
            }))}
          />
        </>
      )}
    </Modal>
  );
}

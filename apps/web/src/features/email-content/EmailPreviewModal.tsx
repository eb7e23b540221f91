import { Alert, Descriptions, Modal, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { emailMessages } from './email-content.i18n';
import { fillTemplate, previewDocument, sampleValues } from './email-preview';

interface Props {
  open: boolean;
  conditionLabel: string;
  company: string;
  subject: string;
  body: string;
  onClose: () => void;
}

/**
 * The body rendered as HTML inside `<iframe sandbox="">`: no script runs and the frame has an opaque
 * origin (no access to the console, its storage or its token). The variables get HTML-escaped sample
 * values. The HTML source is shown too, as plain text.
 */
export function EmailPreviewModal({ open, conditionLabel, company, subject, body, onClose }: Props) {
  const t = useT(emailMessages);
  const values = useMemo(() => sampleValues(company, t('sampleMessage')), [company, t]);
  const srcDoc = useMemo(() => previewDocument(body, values), [body, values]);
  const filledSource = useMemo(() => fillTemplate(body, values, false), [body, values]);

  return (
    <Modal
      open={open}
      title={t('previewTitle', { condition: conditionLabel })}
      width="min(900px, 96vw)"
      centered
      destroyOnHidden
      onCancel={onClose}
      footer={null}
      styles={{ body: { maxHeight: 'calc(100vh - 160px)', overflowY: 'auto' } }}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('previewSubject')}>
          <span data-testid="email-preview-subject">{fillTemplate(subject, values, false)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'rendered',
            label: t('previewRendered'),
            children: (
              <iframe
                data-testid="email-preview-frame"
                title={t('previewRendered')}
                sandbox=""
                referrerPolicy="no-referrer"
                srcDoc={srcDoc}
                style={{
                  width: '100%',
                  boxSizing: 'border-box',
                  height: 380,
                  border: '1px solid rgba(5, 5, 5, 0.15)',
                  borderRadius: 6,
                  background: '#fff',
                }}
              />
            ),
          },
          {
            key: 'source',
            label: t('previewSource'),
            children: (
              <Typography.Paragraph>
                <pre
                  data-testid="email-preview-source"
                  style={{ maxHeight: 380, overflow: 'auto', whiteSpace: 'pre-wrap', margin: 0 }}
                >
                  {filledSource}
                </pre>
              </Typography.Paragraph>
            ),
          },
        ]}
      />
      <Alert type="info" showIcon title={t('previewNote')} />
    </Modal>
  );
}

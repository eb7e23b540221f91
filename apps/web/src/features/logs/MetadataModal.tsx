import { Alert, Button, Modal, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { logsMessages } from './logs.i18n';

/** Stored metadata as indented JSON; text that is not JSON is shown as it is. */
export function prettyMetadata(metadata: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(metadata), null, 2), json: true };
  } catch {
    return { text: metadata, json: false };
  }
}

/** The metadata viewer of the Application Log (spec 000 §2): one row's metadata, pretty-printed. */
export function MetadataModal({
  transaction,
  metadata,
  onClose,
}: {
  transaction: string;
  metadata: string | undefined;
  onClose: () => void;
}) {
  const t = useT(logsMessages);
  const shown = metadata === undefined || metadata.trim() === '' ? undefined : prettyMetadata(metadata);
  return (
    <Modal
      open={metadata !== undefined}
      title={t('metadataTitle', { transaction })}
      onCancel={onClose}
      width={720}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {!shown ? (
        <Typography.Text type="secondary">{t('metadataEmpty')}</Typography.Text>
      ) : (
        <>
          {!shown.json && (
            <Alert type="info" showIcon message={t('metadataNotJson')} style={{ marginBottom: 8 }} />
          )}
          <pre
            data-testid="metadata-json"
            style={{
              maxHeight: '60vh',
              overflow: 'auto',
              margin: 0,
              padding: 12,
              background: '#f6f8fa',
              borderRadius: 6,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {shown.text}
          </pre>
        </>
      )}
    </Modal>
  );
}

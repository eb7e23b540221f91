import { displayFileName, type LegacyReportRow } from '@lis/contracts';
import { Button, Modal, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { monitoringMessages } from './monitoring.i18n';

/** Spec 000 §2: the full message of a job's latest run. */
export function MessageModal({ row, onClose }: { row: LegacyReportRow | undefined; onClose: () => void }) {
  const t = useT(monitoringMessages);
  // The server escapes a partner's control and bidi characters already; the console never shows one raw.
  const message =
    row?.message === undefined ? undefined : displayFileName(row.message, { keepLineBreaks: true });
  return (
    <Modal
      open={row !== undefined}
      title={row ? t('messageTitle', { legacyId: row.legacyid }) : undefined}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph
        copyable={message ? { text: message } : false}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: '60vh', overflowY: 'auto' }}
      >
        {message}
      </Typography.Paragraph>
    </Modal>
  );
}

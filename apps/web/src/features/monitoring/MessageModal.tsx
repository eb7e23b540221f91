import type { LegacyReportRow } from '@lis/contracts';
import { Button, Modal, Typography } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { monitoringMessages } from './monitoring.i18n';

/** Spec 000 §2: the full message of a job's latest run. */
export function MessageModal({ row, onClose }: { row: LegacyReportRow | undefined; onClose: () => void }) {
  const t = useT(monitoringMessages);
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
        copyable={row?.message ? { text: row.message } : false}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: '60vh', overflowY: 'auto' }}
      >
        {row?.message}
      </Typography.Paragraph>
    </Modal>
  );
}

import { CloudServerOutlined, DatabaseOutlined, ExportOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { FileListKind, LegacyReportRow } from '@lis/contracts';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { PlainButton } from '../../ui/PlainButton';
import { fileActionsFor } from './file-lists';
import { FileListModal } from './FileListModal';
import { filesMessages } from './files.i18n';

/** The list a report row opened. */
export interface ReportFileSelection {
  list: FileListKind;
  row: LegacyReportRow;
}

interface PathButtonsProps {
  row: LegacyReportRow;
  /** Spec 000 §6: file options wait for the user's role. */
  disabled: boolean;
  onOpen: (selection: ReportFileSelection) => void;
  onFocus: () => void;
}

const PATH_BUTTONS = [
  { list: 'sftp_source_server', label: 'openSource', icon: <CloudServerOutlined /> },
  { list: 'sftp_return_server', label: 'openReturn', icon: <ExportOutlined /> },
  { list: 'sftp_source_backup_main_page', label: 'openBackup', icon: <DatabaseOutlined /> },
] as const;

/**
 * Spec 000 §2: three path buttons per row — the source folder, the return folder and the backups. A
 * native `title` rather than antd's Tooltip: these mount on every scrolled row (DESIGN §8).
 */
export function ReportPathButtons({ row, disabled, onOpen, onFocus }: PathButtonsProps) {
  const t = useT(filesMessages);
  return (
    <span className="plain-button-group">
      {PATH_BUTTONS.map(({ list, label, icon }) => (
        <PlainButton
          key={list}
          icon={icon}
          title={t(label, { legacyId: row.legacyid })}
          disabled={disabled}
          aria-label={t(label, { legacyId: row.legacyid })}
          onFocus={onFocus}
          onClick={() => {
            onFocus();
            onOpen({ list, row });
          }}
        />
      ))}
    </span>
  );
}

/** Spec 000 §2: a row whose step 4 is in ERROR shows its error source files (`{job_instance_no}_error.zip`). */
export function Step4ErrorFilesButton({ row, onOpen, onFocus }: Omit<PathButtonsProps, 'disabled'>) {
  const t = useT(filesMessages);
  const label = t('openStep4Files', { jobNo: row.job_instanceno });
  return (
    <PlainButton
      icon={<FileSearchOutlined />}
      title={label}
      aria-label={label}
      onFocus={onFocus}
      onClick={() => {
        onFocus();
        onOpen({ list: 'step4_error', row });
      }}
    />
  );
}

/** The file-list modal of the monitoring report, with the options of the user's role. */
export function ReportFileListModal({
  selection,
  onClose,
}: {
  selection: ReportFileSelection | undefined;
  onClose: () => void;
}) {
  const { role } = useCurrentUser();
  if (!selection) return null;
  const { list, row } = selection;
  return (
    <FileListModal
      open
      list={list}
      target={{
        companyCode: row.companycode,
        legacyId: row.legacyid,
        ...(list === 'step4_error' ? { jobInstanceNo: row.job_instanceno } : {}),
      }}
      actions={fileActionsFor(list, 'monitoring', role)}
      place="monitoring"
      onClose={onClose}
    />
  );
}

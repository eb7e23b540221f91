import { CloudDownloadOutlined, FileTextOutlined, HistoryOutlined, MessageOutlined } from '@ant-design/icons';
import type { FileListKind } from '@lis/contracts';
import { Button, Space } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { legacyDetailMessages } from './legacy-detail.i18n';

/** The backup lists of a run (spec 000 §2; the return backup is the ledger's success and error lists). */
export const DETAIL_BACKUP_LISTS = [
  ['sftp_source_backup', 'sourceBackup'],
  ['return_success', 'returnSuccessBackup'],
  ['return_error', 'returnErrorBackup'],
  ['api_request', 'apiRequestBackup'],
  ['api_response', 'apiResponseBackup'],
] as const satisfies readonly (readonly [FileListKind, string])[];

interface Props {
  withDms: boolean;
  hasMessage: boolean;
  onList: (list: FileListKind) => void;
  onDms: () => void;
  onMessage: () => void;
  onHistory: () => void;
}

/** Spec 000 §2: the detail screen's buttons — backup lists, DMS files (DMS types), message, history. */
export function DetailFileButtons({ withDms, hasMessage, onList, onDms, onMessage, onHistory }: Props) {
  const t = useT(legacyDetailMessages);
  return (
    <Space wrap>
      {DETAIL_BACKUP_LISTS.map(([list, label]) => (
        <Button key={list} icon={<FileTextOutlined />} onClick={() => onList(list)}>
          {t(label)}
        </Button>
      ))}
      {withDms && (
        <Button icon={<CloudDownloadOutlined />} onClick={onDms}>
          {t('dmsFiles')}
        </Button>
      )}
      <Button icon={<MessageOutlined />} disabled={!hasMessage} onClick={onMessage}>
        {t('message')}
      </Button>
      <Button icon={<HistoryOutlined />} onClick={onHistory}>
        {t('history')}
      </Button>
    </Space>
  );
}

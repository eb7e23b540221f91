import { DownloadOutlined, EyeOutlined, FileZipOutlined } from '@ant-design/icons';
import { displayFileName, type FileDisposition, type FileListKind } from '@lis/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  downloadAll,
  downloadDmsFile,
  downloadOne,
  downloadRunHistory,
  fileListKeys,
  listDmsFiles,
  listFiles,
  saveFile,
  type DownloadedFile,
  type FileListTarget,
} from '../files';
import { dmsSizeBytes, fileActionsFor, formatBytes } from '../files';
import { filesMessages } from '../files';
import { FileViewerModal, type ViewableFile } from '../files';
import { formatReportTime } from '../monitoring';
import { legacyDetailMessages } from './legacy-detail.i18n';

/** Spec 000 §2 "history variant": every kept file of the run. */
const HISTORY_LISTS = [
  ['sftp_source_backup', 'listSource'],
  ['return_success', 'listReturnSuccess'],
  ['return_error', 'listReturnError'],
  ['api_request', 'listApiRequest'],
  ['api_response', 'listApiResponse'],
  ['step4_error', 'listStep4'],
] as const;

interface HistoryRow {
  key: string;
  listLabel: string;
  name: string;
  modified: string;
  size: number;
  /** Absent: the user may not download it (decision 0025). */
  fetch?: (disposition: FileDisposition, limit?: number) => Promise<DownloadedFile>;
}

interface Props {
  open: boolean;
  target: FileListTarget;
  withDms: boolean;
  onClose: () => void;
}

/**
 * The history variant of the detail screen (spec 000 §2): the run's source, return, API request and
 * response backups, step-4 error sources and DMS files in one list, with one file viewed or downloaded,
 * a whole list, or the run's whole history as one zip (a folder per list), as the server allows the
 * user's role (decisions 0011, 0025, 0029).
 */
export function DetailHistoryModal({ open, target, withDms, onClose }: Props) {
  const t = useT(legacyDetailMessages);
  const tf = useT(filesMessages);
  const { role } = useCurrentUser();
  const showErrorDialog = useErrorDialog();
  const [busy, setBusy] = useState<string>();
  const [viewing, setViewing] = useState<ViewableFile>();

  const lists = useQueries({
    queries: HISTORY_LISTS.map(([list]) => ({
      queryKey: fileListKeys.list(list, target),
      queryFn: ({ signal }: { signal: AbortSignal }) => listFiles(list, target, signal),
      enabled: open,
      retry: false,
      gcTime: 0,
    })),
  });
  const dms = useQuery({
    queryKey: fileListKeys.dms(target),
    queryFn: ({ signal }) => listDmsFiles(target, signal),
    enabled: open && withDms,
    retry: false,
    gcTime: 0,
  });

  const save = async (key: string, fetchFile: () => Promise<DownloadedFile>) => {
    setBusy(key);
    try {
      saveFile(await fetchFile());
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        showErrorDialog(error, { title: tf('notSuccessful') });
    } finally {
      setBusy(undefined);
    }
  };

  const rows = useMemo(() => {
    const out: HistoryRow[] = [];
    HISTORY_LISTS.forEach(([list, label], i) => {
      const actions = fileActionsFor(list, 'detail', role);
      for (const entry of lists[i]?.data?.result_list ?? [])
        out.push({
          key: `${list}\u0000${entry.file_path}`,
          listLabel: t(label),
          name: entry.name,
          modified: entry.last_modify,
          size: entry.size,
          fetch: actions.download
            ? (disposition: FileDisposition, limit?: number) =>
                downloadOne(list, target, entry, disposition, limit)
            : undefined,
        });
    });
    for (const file of dms.data?.result_list ?? [])
      out.push({
        key: `dms\u0000${file.bucket}\u0000${file.id}`,
        listLabel: `${t('listDms')} (${file.bucket})`,
        name: file.file_name,
        modified: file.created_on,
        size: dmsSizeBytes(file.file_size),
        fetch: (disposition: FileDisposition, limit?: number) =>
          downloadDmsFile(target, file.id, file.file_name, disposition, limit),
      });
    return out;
  }, [lists, dms.data, role, t, target]);

  const failures = [...lists.map((query) => query.error), dms.error].filter(
    (error): error is Error => error instanceof Error,
  );
  const zips = HISTORY_LISTS.filter(
    ([list], i) => fileActionsFor(list, 'detail', role).downloadAll && (lists[i]?.data?.total_count ?? 0) > 0,
  );
  const pending = lists.some((query) => query.isFetching) || dms.isFetching;

  const columns: TableColumnsType<HistoryRow> = [
    { key: 'list', title: t('list'), dataIndex: 'listLabel', width: 210, ellipsis: true },
    {
      key: 'name',
      title: t('fileName'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string) => displayFileName(name),
    },
    {
      key: 'modified',
      title: t('dateModified'),
      width: 165,
      render: (_, row) => formatReportTime(row.modified),
    },
    { key: 'size', title: t('size'), width: 120, align: 'right', render: (_, row) => formatBytes(row.size) },
    {
      key: 'download',
      title: t('download'),
      width: 190,
      render: (_, row) => {
        const { fetch } = row;
        if (!fetch) return '-';
        return (
          <Space size={4}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={`${tf('view')} ${row.name}`}
              onClick={() => setViewing({ key: row.key, name: row.name, fetch, downloadable: true })}
            >
              {tf('view')}
            </Button>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={busy === row.key}
              aria-label={`${t('download')} ${row.name}`}
              onClick={() => void save(row.key, () => fetch('attachment'))}
            >
              {t('download')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Modal
      open={open}
      title={t('historyTitle', { jobNo: target.jobInstanceNo ?? '' })}
      width={1040}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
    >
      {failures.map((error, i) => (
        <Alert key={i} type="warning" showIcon title={error.message} style={{ marginBottom: 8 }} />
      ))}
      {(zips.length > 0 || (dms.data?.total_count ?? 0) > 0) && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            icon={<FileZipOutlined />}
            loading={busy === '*history'}
            onClick={() => void save('*history', () => downloadRunHistory(target))}
          >
            {t('downloadWholeHistory')}
          </Button>
          {zips.map(([list, label]) => (
            <Button
              key={list}
              icon={<DownloadOutlined />}
              loading={busy === list}
              onClick={() => void save(list, () => downloadAll(list as FileListKind, target))}
            >
              {t('downloadAllOf', { list: t(label) })}
            </Button>
          ))}
        </Space>
      )}
      <Table<HistoryRow>
        rowKey="key"
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: pending ? tf('loading') : t('noSuchFile') }}
      />
      <FileViewerModal file={viewing} onClose={() => setViewing(undefined)} />
    </Modal>
  );
}

import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { displayFileName, type FileEntry, type FileListKind } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Input, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { ActionPasswordModal } from '../monitoring/ActionPasswordModal';
import { formatReportTime } from '../monitoring/report-rows';
import { downloadOne, fileListKeys, listFiles, type FileListTarget } from './file-api';
import {
  fileListTitleKey,
  filterByName,
  formatBytes,
  type FileActions,
  type FileListPlace,
} from './file-lists';
import { filesMessages } from './files.i18n';
import { FileUploadControl } from './FileUploadControl';
import { FileViewerModal, type ViewableFile } from './FileViewerModal';
import { useFileActions } from './useFileActions';

interface Props {
  open: boolean;
  list: FileListKind;
  target: FileListTarget;
  /** What this list offers (see `fileActionsFor`). */
  actions: FileActions;
  /** Spec 000 §8: 'No Such Directory' is an Error on the monitoring report, a Warning on detail screens. */
  place: FileListPlace;
  onClose: () => void;
}

/**
 * The file-list modal (spec 000 §2 "File-list modal"): a folder's or a backup's files with search by
 * name, upload, delete, download and download all, as `actions` allows; a file that may be downloaded
 * may be viewed (a PDF or an image, decision 0029).
 */
export function FileListModal({ open, list, target, actions, place, onClose }: Props) {
  const t = useT(filesMessages);
  const { modal } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<ViewableFile>();
  const title = t(fileListTitleKey(list), { legacyId: target.legacyId, jobNo: target.jobInstanceNo ?? '' });

  const query = useQuery({
    queryKey: fileListKeys.list(list, target),
    queryFn: ({ signal }) => listFiles(list, target, signal),
    enabled: open,
    retry: false,
    gcTime: 0,
  });
  const reload = () => void query.refetch();
  const files = useFileActions({ list, target, listLabel: title, reload });

  // Spec 000 §8: a list that cannot be read is a dialog; closing it closes the list.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const { error } = query;
  useEffect(() => {
    if (!open || !error || (error instanceof ApiError && error.status === 401)) return;
    const close = () => closeRef.current();
    if (error instanceof ApiError && error.status === 404) {
      const dialog = place === 'detail' ? modal.warning : modal.error;
      dialog({
        title: t(place === 'detail' ? 'warningTitle' : 'errorTitle'),
        content: t('noSuchDirectory'),
        okText: t('ok'),
        onOk: close,
      });
    } else showErrorDialog(error, { onOk: close });
  }, [open, error, place, modal, t, showErrorDialog]);

  const all = useMemo(
    () => (query.isError ? [] : (query.data?.result_list ?? [])),
    [query.isError, query.data],
  );
  const rows = useMemo(() => filterByName(all, search, (entry) => entry.name), [all, search]);

  const columns: TableColumnsType<FileEntry> = [
    // A partner's name may hold bidi or invisible characters: shown escaped (`\u202E`), never raw.
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
      width: 170,
      render: (_, entry) => formatReportTime(entry.last_modify),
    },
    {
      key: 'size',
      title: t('size'),
      width: 130,
      align: 'right',
      render: (_, entry) => formatBytes(entry.size),
    },
  ];
  if (actions.download || actions.delete)
    columns.push({
      key: 'action',
      title: t('action'),
      width: actions.download && actions.delete ? 290 : actions.download ? 210 : 130,
      render: (_, entry) => (
        <Space size={4}>
          {actions.download && (
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={`${t('view')} ${displayFileName(entry.name)}`}
              onClick={() =>
                setViewing({
                  key: `${entry.job_instance_no ?? ''}\u0000${entry.file_path}`,
                  name: entry.name,
                  fetch: (disposition) => downloadOne(list, target, entry, disposition),
                  downloadable: true,
                })
              }
            >
              {t('view')}
            </Button>
          )}
          {actions.download && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={files.downloading === entry.file_path}
              aria-label={`${t('download')} ${displayFileName(entry.name)}`}
              onClick={() => files.download(entry)}
            >
              {t('download')}
            </Button>
          )}
          {actions.delete && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('delete')} ${displayFileName(entry.name)}`}
              onClick={() => files.remove(entry)}
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    });

  const total = query.data?.total_count ?? 0;
  return (
    <Modal
      open={open}
      title={title}
      width={960}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
      afterClose={() => setSearch('')}
    >
      <Flex gap={8} wrap justify="space-between" align="start" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 280 }}
        />
        <Space wrap align="start">
          {actions.upload && <FileUploadControl uploading={files.uploading} onUpload={files.upload} />}
          {actions.downloadAll && (
            <Button
              icon={<DownloadOutlined />}
              loading={files.downloading === '*'}
              disabled={all.length === 0}
              onClick={files.downloadAll}
            >
              {t('downloadAll')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<FileEntry>
        rowKey={(entry) => `${entry.job_instance_no ?? ''}\u0000${entry.file_path}`}
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: query.isFetching && !query.data ? t('loading') : t('noSuchFile') }}
      />
      {query.data && (
        <Typography.Text type="secondary">
          {query.data.truncated
            ? t('truncated', { shown: all.length, total })
            : t('count', { shown: rows.length, total })}
        </Typography.Text>
      )}
      <ActionPasswordModal {...files.password} />
      <FileViewerModal file={viewing} onClose={() => setViewing(undefined)} />
    </Modal>
  );
}

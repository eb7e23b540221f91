import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { displayFileName, type DmsFileRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { formatReportTime } from '../monitoring/report-rows';
import { downloadDmsFile, fileListKeys, listDmsFiles, saveFile, type FileListTarget } from './file-api';
import { dmsSizeBytes, filterByName, formatBytes } from './file-lists';
import { filesMessages } from './files.i18n';
import { FileViewerModal, type ViewableFile } from './FileViewerModal';

interface Props {
  open: boolean;
  /** The run whose DMS files are listed (`jobInstanceNo` is required). */
  target: FileListTarget;
  onClose: () => void;
}

/**
 * The DMS file list and viewer (spec 000 §2, §3 "DMS file"): the files the run delivered to the job's
 * DMS; the server finds the DMS (its URL and token never reach the browser). A PDF or an image is
 * viewed in the file viewer (decision 0029); any file can be downloaded.
 */
export function DmsFileListModal({ open, target, onClose }: Props) {
  const t = useT(filesMessages);
  const showErrorDialog = useErrorDialog();
  const [search, setSearch] = useState('');
  const [opening, setOpening] = useState<string>();

  const query = useQuery({
    queryKey: fileListKeys.dms(target),
    queryFn: ({ signal }) => listDmsFiles(target, signal),
    enabled: open,
    retry: false,
    gcTime: 0,
  });
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const { error } = query;
  useEffect(() => {
    if (open && error && !(error instanceof ApiError && error.status === 401))
      showErrorDialog(error, { title: t('dmsErrorTitle'), onOk: () => closeRef.current() });
  }, [open, error, showErrorDialog, t]);

  const all = useMemo(
    () => (query.isError ? [] : (query.data?.result_list ?? [])),
    [query.isError, query.data],
  );
  const rows = useMemo(() => filterByName(all, search, (file) => file.file_name), [all, search]);

  const [viewing, setViewing] = useState<ViewableFile>();
  const view = (file: DmsFileRow) =>
    setViewing({
      key: `${file.bucket}\u0000${file.id}`,
      name: file.file_name,
      fetch: (disposition) => downloadDmsFile(target, file.id, file.file_name, disposition),
      downloadable: true,
    });

  const openFile = async (file: DmsFileRow) => {
    setOpening(file.id);
    try {
      saveFile(await downloadDmsFile(target, file.id, file.file_name));
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 401))
        showErrorDialog(failure, { title: t('notSuccessful') });
    } finally {
      setOpening(undefined);
    }
  };

  const columns: TableColumnsType<DmsFileRow> = [
    {
      key: 'name',
      title: t('fileName'),
      dataIndex: 'file_name',
      ellipsis: true,
      render: (name: string) => displayFileName(name),
    },
    {
      key: 'created',
      title: t('createdOn'),
      width: 170,
      render: (_, file) => formatReportTime(file.created_on),
    },
    {
      key: 'size',
      title: t('size'),
      width: 130,
      align: 'right',
      render: (_, file) => formatBytes(dmsSizeBytes(file.file_size)),
    },
    {
      key: 'action',
      title: t('action'),
      width: 210,
      render: (_, file) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={`${t('view')} ${displayFileName(file.file_name)}`}
            onClick={() => view(file)}
          >
            {t('view')}
          </Button>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={opening === file.id}
            aria-label={`${t('download')} ${displayFileName(file.file_name)}`}
            onClick={() => void openFile(file)}
          >
            {t('download')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('titleDms', { jobNo: target.jobInstanceNo ?? '' })}
      width={900}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
      afterClose={() => setSearch('')}
    >
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ width: 280, marginBottom: 12 }}
      />
      <Table<DmsFileRow>
        rowKey={(file) => `${file.bucket}\u0000${file.id}`}
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: query.isFetching && !query.data ? t('loading') : t('noSuchFile') }}
      />
      <FileViewerModal file={viewing} onClose={() => setViewing(undefined)} />
    </Modal>
  );
}

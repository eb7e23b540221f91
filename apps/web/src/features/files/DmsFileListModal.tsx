import type { DmsFileRow } from '@lis/contracts';
import { Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { formatReportTime } from '../monitoring';
import { downloadDmsFile, fileListKeys, listDmsFiles, saveFile, type FileListTarget } from './file-api';
import { dmsSizeBytes } from './file-lists';
import { filesMessages } from './files.i18n';
import { DownloadFileButton, fileNameColumn, fileSizeColumn, ViewFileButton } from './file-columns';
import { FileListFrame, useListedFiles } from './FileListFrame';
import type { ViewableFile } from './FileViewerModal';

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
  const [opening, setOpening] = useState<string>();
  const files = useListedFiles({
    open,
    queryKey: fileListKeys.dms(target),
    fetch: (signal) => listDmsFiles(target, signal),
    name: (file: DmsFileRow) => file.file_name,
    onError: (error, close) => showErrorDialog(error, { title: t('dmsErrorTitle'), onOk: close }),
    onClose,
  });

  const [viewing, setViewing] = useState<ViewableFile>();
  const view = (file: DmsFileRow) =>
    setViewing({
      key: `${file.bucket}\u0000${file.id}`,
      name: file.file_name,
      fetch: (disposition, limit) => downloadDmsFile(target, file.id, file.file_name, disposition, limit),
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
    fileNameColumn(t('fileName'), 'file_name'),
    {
      key: 'created',
      title: t('createdOn'),
      width: 170,
      render: (_, file) => formatReportTime(file.created_on),
    },
    fileSizeColumn(t('size'), (file) => dmsSizeBytes(file.file_size)),
    {
      key: 'action',
      title: t('action'),
      width: 210,
      render: (_, file) => (
        <Space size={4}>
          <ViewFileButton name={file.file_name} onClick={() => view(file)} />
          <DownloadFileButton
            name={file.file_name}
            loading={opening === file.id}
            onClick={() => void openFile(file)}
          />
        </Space>
      ),
    },
  ];

  return (
    <FileListFrame<DmsFileRow>
      open={open}
      title={t('titleDms', { jobNo: target.jobInstanceNo ?? '' })}
      width={900}
      onClose={onClose}
      files={files}
      rowKey={(file) => `${file.bucket}\u0000${file.id}`}
      columns={columns}
      viewing={viewing}
      onCloseViewer={() => setViewing(undefined)}
    />
  );
}

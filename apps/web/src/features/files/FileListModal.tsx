import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { displayFileName, type FileEntry, type FileListKind } from '@lis/contracts';
import { App, Button, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { ActionPasswordModal } from '../settings';
import { formatReportTime } from '../monitoring';
import { downloadOne, fileListKeys, listFiles, type FileListTarget } from './file-api';
import { fileListTitleKey, type FileActions, type FileListPlace } from './file-lists';
import { filesMessages } from './files.i18n';
import { DownloadFileButton, fileNameColumn, fileSizeColumn, ViewFileButton } from './file-columns';
import { FileListFrame, useListedFiles } from './FileListFrame';
import { FileUploadControl } from './FileUploadControl';
import type { ViewableFile } from './FileViewerModal';
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
  const [viewing, setViewing] = useState<ViewableFile>();
  const title = t(fileListTitleKey(list), { legacyId: target.legacyId, jobNo: target.jobInstanceNo ?? '' });

  const listed = useListedFiles({
    open,
    queryKey: fileListKeys.list(list, target),
    fetch: (signal) => listFiles(list, target, signal),
    name: (entry: FileEntry) => entry.name,
    onError: (error, close) => {
      if (error instanceof ApiError && error.code === 'FOLDER_NOT_FOUND') {
        const dialog = place === 'detail' ? modal.warning : modal.error;
        dialog({
          title: t(place === 'detail' ? 'warningTitle' : 'errorTitle'),
          content: t('noSuchDirectory'),
          okText: t('ok'),
          onOk: close,
        });
      } else showErrorDialog(error, { onOk: close });
    },
    onClose,
  });
  const { query, all, rows } = listed;
  const reload = () => void query.refetch();
  const files = useFileActions({ list, target, listLabel: title, reload });
  const keyOf = (entry: FileEntry) => `${entry.job_instance_no ?? ''}\u0000${entry.file_path}`;

  const columns: TableColumnsType<FileEntry> = [
    fileNameColumn(t('fileName'), 'name'),
    {
      key: 'modified',
      title: t('dateModified'),
      width: 170,
      render: (_, entry) => formatReportTime(entry.last_modify),
    },
    fileSizeColumn(t('size'), (entry) => entry.size),
  ];
  if (actions.download || actions.delete)
    columns.push({
      key: 'action',
      title: t('action'),
      width: actions.download && actions.delete ? 290 : actions.download ? 210 : 130,
      render: (_, entry) => (
        <Space size={4}>
          {actions.download && (
            <ViewFileButton
              name={entry.name}
              onClick={() =>
                setViewing({
                  key: keyOf(entry),
                  name: entry.name,
                  fetch: (disposition, limit) => downloadOne(list, target, entry, disposition, limit),
                  downloadable: true,
                })
              }
            />
          )}
          {actions.download && (
            <DownloadFileButton
              name={entry.name}
              loading={files.downloading === entry.file_path}
              onClick={() => files.download(entry)}
            />
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
    <FileListFrame<FileEntry>
      open={open}
      title={title}
      width={960}
      onClose={onClose}
      files={listed}
      rowKey={keyOf}
      columns={columns}
      tools={
        <>
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
        </>
      }
      footnote={
        query.data && (
          <Typography.Text type="secondary">
            {query.data.truncated
              ? t('truncated', { shown: all.length, total })
              : t('count', { shown: rows.length, total })}
          </Typography.Text>
        )
      }
      viewing={viewing}
      onCloseViewer={() => setViewing(undefined)}
    >
      <ActionPasswordModal {...files.password} />
    </FileListFrame>
  );
}

import { displayFileName, type FileEntry, type FileListKind } from '@lis/contracts';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { isActionPasswordRefusal } from '../../ui/error-message';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  deleteFile,
  downloadAll,
  downloadOne,
  saveFile,
  uploadFile,
  type DownloadedFile,
  type FileListTarget,
} from './file-api';
import { filesMessages } from './files.i18n';

interface Options {
  list: FileListKind;
  target: FileListTarget;
  /** The list's name in confirmations (its modal title). */
  listLabel: string;
  /** Spec 000 §4: after a delete or an upload, success or not, the list is reloaded. */
  reload: () => void;
}

/**
 * Download, download all, upload and delete of a file list (spec 000 §2, §5, §8; DESIGN §6): uploads
 * and deletes are confirmed, a delete then asks for the action password the server checks.
 */
export function useFileActions({ list, target, listLabel, reload }: Options) {
  const t = useT(filesMessages);
  const { modal, message } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const [downloading, setDownloading] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<FileEntry>();
  const [passwordError, setPasswordError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const fetchAndSave = useCallback(
    async (key: string, fetchFile: () => Promise<DownloadedFile>) => {
      setDownloading(key);
      try {
        saveFile(await fetchFile());
      } catch (error) {
        // Spec 000 §8: a failed download is titled 'not successful', with the server's message.
        if (!(error instanceof ApiError && error.status === 401))
          showErrorDialog(error, { title: t('notSuccessful') });
      } finally {
        setDownloading(undefined);
      }
    },
    [showErrorDialog, t],
  );

  const download = useCallback(
    (entry: FileEntry) => void fetchAndSave(entry.file_path, () => downloadOne(list, target, entry)),
    [fetchAndSave, list, target],
  );
  const downloadEverything = useCallback(
    () => void fetchAndSave('*', () => downloadAll(list, target)),
    [fetchAndSave, list, target],
  );

  const settle = useCallback(
    (outcome: { ok: true; message: string } | { ok: false; error: unknown }) => {
      reload();
      if (outcome.ok) void message.success(outcome.message);
      else if (!(outcome.error instanceof ApiError && outcome.error.status === 401))
        showErrorDialog(outcome.error);
    },
    [reload, message, showErrorDialog],
  );

  /** Spec 000 §5: without a chosen file, an error; else a confirmation, then the upload. */
  const upload = useCallback(
    (file: File | undefined, onUploaded: () => void) => {
      if (!file) {
        modal.error({ title: t('errorTitle'), content: t('noFileChosen'), okText: t('ok') });
        return;
      }
      modal.confirm({
        title: t('confirmUploadTitle'),
        content: t('confirmUploadContent', { name: file.name, list: listLabel }),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: async () => {
          setUploading(true);
          try {
            settle({ ok: true, message: (await uploadFile(list, target, file)).message });
            onUploaded();
          } catch (error) {
            settle({ ok: false, error });
          } finally {
            setUploading(false);
          }
        },
      });
    },
    [modal, t, listLabel, settle, list, target],
  );

  const remove = useCallback(
    (entry: FileEntry) =>
      modal.confirm({
        title: t('confirmDeleteTitle'),
        content: t('confirmDeleteContent', { name: displayFileName(entry.name), list: listLabel }),
        okText: t('ok'),
        cancelText: t('cancel'),
        okButtonProps: { danger: true },
        onOk: () => {
          setPasswordError(undefined);
          setPendingDelete(entry);
        },
      }),
    [modal, t, listLabel],
  );

  const submitPassword = useCallback(
    async (password: string) => {
      if (!pendingDelete) return;
      setDeleting(true);
      try {
        const answer = await deleteFile(list, target, pendingDelete, password);
        setPendingDelete(undefined);
        settle({ ok: true, message: answer.message });
      } catch (error) {
        if (isActionPasswordRefusal(error)) setPasswordError(error.message);
        else {
          setPendingDelete(undefined);
          settle({ ok: false, error });
        }
      } finally {
        setDeleting(false);
      }
    },
    [pendingDelete, list, target, settle],
  );

  const password = {
    open: pendingDelete !== undefined,
    submitting: deleting,
    error: passwordError,
    onSubmit: (value: string) => void submitPassword(value),
    onCancel: () => setPendingDelete(undefined),
  };
  return { download, downloadAll: downloadEverything, downloading, upload, uploading, remove, password };
}

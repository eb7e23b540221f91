import { DownloadOutlined } from '@ant-design/icons';
import { displayFileName, type FileDisposition } from '@lis/contracts';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { saveFile, type DownloadedFile } from './file-api';
import { TextFileView } from './TextFileView';
import { viewableBlob, viewerKind } from './file-viewer';
import { filesMessages } from './files.i18n';
import './file-viewer.css';

/** A file the viewer may open: its name and how to fetch it (`inline` to view, `attachment` to save). */
export interface ViewableFile {
  /** Unique among the files of the list (a new key is a new file). */
  key: string;
  name: string;
  /** `limit`: only the first bytes (a text file's preview, decision 0029). */
  fetch: (disposition: FileDisposition, limit?: number) => Promise<DownloadedFile>;
  /** The user may download it (the list's rule); the viewer then offers Download. */
  downloadable: boolean;
}

type Shown =
  | { state: 'loading' }
  | { state: 'shown'; url: string; file: DownloadedFile }
  | { state: 'failed'; message: string };

/**
 * The DMS and file viewer (issue 17 §6, issue 31 §6, decision 0029): a PDF in a frame, an image as an
 * image, fetched with the session's bearer token as a blob whose type the console decides, shown by an
 * object URL that is revoked when the viewer closes; a text file's first bytes as text only
 * (`TextFileView`); other types get a message and the Download button.
 */
export function FileViewerModal({ file, onClose }: { file: ViewableFile | undefined; onClose: () => void }) {
  return file ? <ViewerDialog key={file.key} file={file} onClose={onClose} /> : null;
}

function ViewerDialog({ file, onClose }: { file: ViewableFile; onClose: () => void }) {
  const t = useT(filesMessages);
  const showErrorDialog = useErrorDialog();
  const kind = viewerKind(file.name);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [saving, setSaving] = useState(false);
  const name = displayFileName(file.name);

  const fetchText = useCallback((limit: number) => file.fetch('attachment', limit), [file]);

  useEffect(() => {
    if (kind === 'none' || kind === 'text') return;
    let url: string | undefined;
    let cancelled = false;
    file.fetch('inline').then(
      (fetched) => {
        const blob = viewableBlob(file.name, fetched.blob);
        if (cancelled || !blob) return;
        url = URL.createObjectURL(blob);
        setShown({ state: 'shown', url, file: fetched });
      },
      (error: unknown) => {
        if (!cancelled)
          setShown({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, kind]);

  const download = async () => {
    setSaving(true);
    try {
      saveFile(shown.state === 'shown' && kind !== 'text' ? shown.file : await file.fetch('attachment'));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        showErrorDialog(error, { title: t('notSuccessful') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('viewerTitle', { name })}
      width="min(1100px, 94vw)"
      centered
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          {file.downloadable && (
            <Button icon={<DownloadOutlined />} loading={saving} onClick={() => void download()}>
              {t('download')}
            </Button>
          )}
          <Button onClick={onClose}>{t('close')}</Button>
        </Flex>
      }
    >
      <div className="file-viewer-stage" data-viewer-kind={kind}>
        {kind === 'none' && <Alert type="info" showIcon title={t('viewerCannotShow')} />}
        {kind === 'text' && <TextFileView name={file.name} fetch={fetchText} />}
        {(kind === 'pdf' || kind === 'image') && shown.state === 'loading' && <Spin size="large" />}
        {shown.state === 'failed' && (
          <Alert type="error" showIcon title={t('viewerFailed')} description={shown.message} />
        )}
        {shown.state === 'shown' && kind === 'pdf' && (
          <iframe className="file-viewer-pdf" title={name} src={shown.url} />
        )}
        {shown.state === 'shown' && kind === 'image' && (
          <img className="file-viewer-image" alt={name} src={shown.url} />
        )}
      </div>
    </Modal>
  );
}

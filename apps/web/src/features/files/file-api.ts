import {
  ACTION_PASSWORD_HEADER,
  DEFAULT_SID,
  type FileDisposition,
  type FileEntry,
  type FileListKind,
} from '@lis/contracts';
import { downloadFile, saveBlob, type DownloadedFile } from '../../platform/api/download';
import { call } from '../../platform/api/endpoint-client';

export type { DownloadedFile };

/** Which job (and run) a file list is about. */
export interface FileListTarget {
  companyCode: string;
  legacyId: string;
  /** The run; absent on the live folders and the monitoring report's backup folder (every run). */
  jobInstanceNo?: string;
}

const jobBody = (target: FileListTarget) => ({
  sid: DEFAULT_SID,
  company_code: target.companyCode,
  legacy_id: target.legacyId,
});

export const fileListKeys = {
  all: ['file-list'] as const,
  list: (list: FileListKind, target: FileListTarget) => [...fileListKeys.all, list, target] as const,
  dms: (target: FileListTarget) => [...fileListKeys.all, 'dms', target] as const,
};

/**
 * Spec 000 §7: the monitoring report's backup folder lists every run (`path-recursive`, sent as
 * `sftp_source_backup`); every other list is `v3 …/files/sftp/path`.
 */
export function listFiles(list: FileListKind, target: FileListTarget, signal?: AbortSignal) {
  if (list === 'sftp_source_backup_main_page')
    return call('POST /v1/lis-server/files/sftp/path-recursive', {
      body: { ...jobBody(target), list_type: 'sftp_source_backup' },
      signal,
    });
  return call('POST /v3/lis-server/files/sftp/path', {
    body: { ...jobBody(target), list_type: list, job_instance_no: target.jobInstanceNo ?? '' },
    signal,
  });
}

/** The content of a chosen file as base64 (a `data:` URL: the server takes its prefix). */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

export async function uploadFile(list: FileListKind, target: FileListTarget, file: File) {
  const data = await readAsDataUrl(file);
  return call('PUT /v1/lis-server/put-file', {
    body: {
      ...jobBody(target),
      list_type: list,
      file_name: file.name,
      data,
    },
  });
}

/** Every delete needs the action password (DESIGN §6, decision 0011). */
export function deleteFile(list: FileListKind, target: FileListTarget, entry: FileEntry, password: string) {
  return call('DELETE /v2/lis-server/rm-file', {
    body: { ...jobBody(target), list_type: list, file_name: entry.name, file_path: entry.file_path },
    headers: { [ACTION_PASSWORD_HEADER]: password },
  });
}

/**
 * Spec 000 §7: one file of a list; `inline` asks for a PDF or an image to view, `limit` for only the
 * first bytes of a text file to view (decision 0029).
 */
export function downloadOne(
  list: FileListKind,
  target: FileListTarget,
  entry: FileEntry,
  disposition: FileDisposition = 'attachment',
  limit?: number,
) {
  const body = {
    ...jobBody(target),
    path: entry.name,
    file_path: entry.file_path,
    ...(disposition === 'inline' ? { disposition } : {}),
    ...(limit === undefined ? {} : { limit }),
  };
  if (list === 'sftp_source_server')
    return downloadFile('POST /v1/lis-server/get-source-file-with-legacyid', {
      body,
      fallbackName: entry.name,
    });
  if (list === 'sftp_return_server')
    return downloadFile('POST /v1/lis-server/get-destination-file-with-legacyid', {
      body,
      fallbackName: entry.name,
    });
  const run = entry.job_instance_no ?? target.jobInstanceNo ?? '';
  if (list === 'sftp_source_backup_main_page')
    return downloadFile('POST /v1/lis-server/get-backup-file-with-legacyid', {
      body: { ...body, job_instance_no: run },
      fallbackName: entry.name,
    });
  return downloadFile('POST /v1/lis-server/get-file-with-legacyid', {
    body: { ...body, list_type: list, job_instance_no: run },
    fallbackName: entry.name,
  });
}

/**
 * Spec 000 §7, §9: every file of a list as a zip, named by the server — `{job_instance_no}_error.zip`
 * for step 4, `{job_instance_no}_{list key}.zip` otherwise (the name is the server's, kept as is).
 */
export function downloadAll(list: FileListKind, target: FileListTarget) {
  const run = target.jobInstanceNo ?? '';
  const fallback = `${run || target.legacyId}_${list}.zip`;
  const body = jobBody(target);
  switch (list) {
    case 'sftp_source_server':
      return downloadFile('POST /v1/lis-server/get-all-source-files-with-legacyid', {
        body,
        fallbackName: fallback,
      });
    case 'sftp_return_server':
      return downloadFile('POST /v1/lis-server/get-all-destination-files-with-legacyid', {
        body,
        fallbackName: fallback,
      });
    case 'sftp_source_backup_main_page':
      return downloadFile('POST /v1/lis-server/get-backup-all-file-with-legacyid', {
        body,
        fallbackName: fallback,
      });
    case 'step4_error':
      return downloadFile('POST /v1/lis-server/get-source-files-when-step4-error', {
        body: { ...body, job_instance_no: run },
        fallbackName: `${run}_error.zip`,
      });
    default:
      return downloadFile('POST /v1/lis-server/get-all-file-with-legacyid', {
        body: { ...body, list_type: list, job_instance_no: run },
        fallbackName: fallback,
      });
  }
}

/** `GET /v2/dms/file/list`: the DMS files of the run (the server finds the job's DMS). */
export function listDmsFiles(target: FileListTarget, signal?: AbortSignal) {
  return call('GET /v2/dms/file/list', {
    query: {
      sid: DEFAULT_SID,
      company_code: target.companyCode,
      legacy_id: target.legacyId,
      job_instance_no: target.jobInstanceNo ?? '',
    },
    signal,
  });
}

/**
 * `GET /v2/dms/file`: one DMS file of the job; `inline` to view a PDF or an image, `limit` for only the
 * first bytes of a text file (decision 0029).
 */
export function downloadDmsFile(
  target: FileListTarget,
  id: string,
  fileName: string,
  disposition: FileDisposition = 'attachment',
  limit?: number,
) {
  const query = {
    sid: DEFAULT_SID,
    company_code: target.companyCode,
    legacy_id: target.legacyId,
    id,
    ...(disposition === 'inline' ? { disposition } : {}),
    ...(limit === undefined ? {} : { limit }),
  };
  return downloadFile('GET /v2/dms/file', {
    query,
    fallbackName: fileName,
  });
}

/** The run's whole history as one zip, a folder per list (`{job_instance_no}_history.zip`, 0029). */
export function downloadRunHistory(target: FileListTarget) {
  const run = target.jobInstanceNo ?? '';
  return downloadFile('POST /v1/lis-server/get-run-history-zip', {
    body: { ...jobBody(target), job_instance_no: run },
    fallbackName: `${run}_history.zip`,
  });
}

/** Saves a downloaded file under its name (the browser's download). */
export const saveFile = ({ blob, fileName }: DownloadedFile) => saveBlob(blob, fileName);

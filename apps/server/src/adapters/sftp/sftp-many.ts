import path from 'node:path';
import type { Readable } from 'node:stream';
import { syncDirectory } from '../../platform/sync-directory.js';
import type { SftpChannel } from './sftp-channel.js';
import { downloadFile, type DownloadOptions, type DownloadResult } from './sftp-download.js';
import { toSftpError } from './sftp-error.js';
import { uploadFile, type UploadOptions, type UploadResult } from './sftp-upload.js';
import { transferEach } from './transfer-each.js';

/** How many files a batch moves at once on one session unless told otherwise. */
export const DEFAULT_FILE_CONCURRENCY = 8;

export interface ManyOptions {
  /**
   * Files in flight at once on the one session (default `DEFAULT_FILE_CONCURRENCY`). Memory is bounded by this times one
   * transfer's window (`TransferTuning`: chunk size × requests in flight).
   */
  concurrency?: number | undefined;
  /** After a failure, cancel the files in flight (the default) or let them finish. */
  afterError?: 'cancel' | 'finish' | undefined;
}

export interface DownloadItem {
  remote: string;
  /** A local path: temporary name, fsync, size check, rename — as `SftpSession.download`. */
  local: string;
}

export interface UploadItem {
  local: string | Readable;
  remote: string;
}

/**
 * See SftpSession.downloadMany. With `syncToDisk` (the default) every file is synced before its rename
 * and each folder that received a file is synced once, after the last rename, before this resolves —
 * also when it rejects, for the files that did get their names.
 */
export async function downloadMany(
  channel: SftpChannel,
  items: readonly DownloadItem[],
  options: DownloadOptions & ManyOptions,
): Promise<DownloadResult[]> {
  const results: DownloadResult[] = [];
  const folders = new Set<string>();
  let failure: unknown;
  try {
    await transferEach(
      items,
      {
        concurrency: options.concurrency ?? DEFAULT_FILE_CONCURRENCY,
        signal: options.signal,
        afterError: options.afterError,
      },
      async (item, signal, index) => {
        results[index] = await downloadFile(channel, item.remote, item.local, { ...options, signal }, false);
        folders.add(path.dirname(item.local));
      },
    );
  } catch (error) {
    failure = error;
  }
  if (options.syncToDisk !== false)
    for (const folder of folders)
      try {
        await syncDirectory(folder);
      } catch (error) {
        failure ??= toSftpError(error, `syncing folder ${folder} after downloading from ${channel.where}`);
      }
  if (failure !== undefined) throw failure;
  return results;
}

/** See SftpSession.uploadMany. */
export async function uploadMany(
  channel: SftpChannel,
  items: readonly UploadItem[],
  options: UploadOptions & ManyOptions,
): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  await transferEach(
    items,
    {
      concurrency: options.concurrency ?? DEFAULT_FILE_CONCURRENCY,
      signal: options.signal,
      afterError: options.afterError,
    },
    async (item, signal, index) => {
      results[index] = await uploadFile(channel, item.local, item.remote, { ...options, signal });
    },
  );
  return results;
}

import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  ASCII_CONTROL_CHARACTERS,
  BACKUP_TEXT_MAX_BYTES,
  ZIP_MAX_FILES,
  type BackupTextRequest,
  type BackupTextType,
} from '@lis/contracts';
import type { Database, FileListType } from '../../db/schema.js';
import type { BlobStore } from '../../engine/files/blob-store.js';
import { findJob } from '../files/job-folders.js';
import type { JobConfigRepository } from '../job-config/job-config.repository.js';
import { backupFiles } from './backup-text.repository.js';
import { notFound, tooLarge } from '../../platform/domain-error.js';

/** The ledger list behind each `lis_type`. */
const LEDGER_LIST: Record<BackupTextType, FileListType> = { source: 'source', response: 'api_response' };
const MB = 1024 * 1024;

interface LedgerFile {
  job_instance_no: string;
  file_name: string;
  size: number;
  blob_key: string;
}

const CONTROL = new RegExp(ASCII_CONTROL_CHARACTERS.source, 'g');

/** The line before each file: which run and which file (control characters shown as `?`). */
export function backupTextHeader(jobInstanceNo: string, fileName: string, size: number): string {
  const clean = (text: string) => text.replace(CONTROL, '?');
  return `===== ${clean(jobInstanceNo)} / ${clean(fileName)} (${size} bytes) =====\n`;
}

const NEWLINE = Buffer.from('\n');

async function* joined(files: readonly LedgerFile[], blobs: BlobStore): AsyncGenerator<Buffer> {
  for (const file of files) {
    yield Buffer.from(backupTextHeader(file.job_instance_no, file.file_name, file.size));
    for await (const chunk of await blobs.read(file.blob_key)) yield chunk as Buffer;
    yield NEWLINE;
  }
}

export interface BackupText {
  fileName: string;
  size: number;
  stream: Readable;
}

/**
 * `get-backup-file-with-instanceids` (decision 0014): the source backups (`source`) or the function's
 * answers (`response`: the API response backups) of the chosen runs of one job, joined into one text
 * file: per file a header line, the bytes as stored (no re-encoding), a newline. Runs of another job or
 * company contribute nothing. 404 when there is no file, 413 past ZIP_MAX_FILES files or
 * BACKUP_TEXT_MAX_BYTES bytes — both before the first byte.
 */
export async function backupText(
  db: Kysely<Database>,
  jobs: Pick<JobConfigRepository, 'get'>,
  blobs: BlobStore,
  request: BackupTextRequest,
): Promise<BackupText> {
  await findJob(jobs, request.company_code, request.legacy_id);
  const runs = [...new Set(request.job_instance_no_list)];
  const files = await backupFiles(db, request, LEDGER_LIST[request.lis_type], runs, ZIP_MAX_FILES + 1);
  if (files.length === 0) throw notFound('DOWNLOAD_EMPTY', 'backupTextNoFiles');
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length > ZIP_MAX_FILES || bytes > BACKUP_TEXT_MAX_BYTES)
    throw tooLarge('DOWNLOAD_TOO_LARGE', 'backupTextTooLarge', {
      mb: Math.ceil(bytes / MB),
      maxMb: BACKUP_TEXT_MAX_BYTES / MB,
      maxFiles: ZIP_MAX_FILES,
    });
  for (const file of files)
    if (!(await blobs.exists(file.blob_key)))
      throw notFound('FILE_BACKUP_GONE', 'fileBackupGone', { name: file.file_name });
  const size = files.reduce(
    (sum, file) =>
      sum +
      Buffer.byteLength(backupTextHeader(file.job_instance_no, file.file_name, file.size)) +
      file.size +
      1,
    0,
  );
  return {
    fileName: `${request.legacy_id}_${request.lis_type}.txt`,
    size,
    stream: Readable.from(joined(files, blobs), { objectMode: false }),
  };
}

import type { BackupFileList, FileEntry, FileListKind } from '@lis/contracts';
import { FILE_LIST_MAX, ZIP_MAX_FILES } from '@lis/contracts';
import type { FileListType } from '../../db/schema.js';
import type { BlobStore } from '../../engine/files/blob-store.js';
import type { BackupFile, BackupFilesRepository } from './backup-files.repository.js';
import type { ZipItem } from './file-zip.js';
import { notFound } from '../../platform/domain-error.js';

/** The ledger list behind each backup kind of the modal. */
const LEDGER_LIST: Record<BackupFileList | 'sftp_source_backup_main_page', FileListType> = {
  sftp_source_backup: 'source',
  sftp_source_backup_main_page: 'source',
  return_success: 'return_success',
  return_error: 'return_error',
  api_request: 'api_request',
  api_response: 'api_response',
  step4_error: 'step4_error',
};

export function ledgerList(kind: FileListKind): FileListType | undefined {
  return kind in LEDGER_LIST ? LEDGER_LIST[kind as keyof typeof LEDGER_LIST] : undefined;
}

/** Source backups may be listed for every run of the job; the other lists belong to one run. */
export function needsRun(kind: FileListKind): boolean {
  return kind !== 'sftp_source_backup' && kind !== 'sftp_source_backup_main_page';
}

export interface BackupScope {
  companyCode: string;
  legacyId: string;
  list: FileListType;
  jobInstanceNo: string | undefined;
}

/** Reads the backups of a job (ledger + blob store), newest first. */
export class BackupFiles {
  constructor(
    private readonly repo: BackupFilesRepository,
    private readonly blobs: BlobStore,
  ) {}

  private query(scope: BackupScope, fileName?: string) {
    return {
      companyCode: scope.companyCode,
      legacyId: scope.legacyId,
      listType: scope.list,
      jobInstanceNo: scope.jobInstanceNo,
      fileName,
    };
  }

  async list(
    scope: BackupScope,
  ): Promise<{ result_list: FileEntry[]; total_count: number; truncated?: boolean }> {
    const rows = await this.repo.list(this.query(scope), FILE_LIST_MAX);
    const total = rows.length < FILE_LIST_MAX ? rows.length : await this.repo.count(this.query(scope));
    return {
      result_list: rows.map((row) => ({
        name: row.fileName,
        file_path: `${row.jobInstanceNo}/${scope.list}/${row.fileName}`,
        last_modify: new Date(row.createdAt).toISOString(),
        size: row.size,
        job_instance_no: row.jobInstanceNo,
      })),
      total_count: total,
      ...(total > rows.length ? { truncated: true } : {}),
    };
  }

  /** The newest backup of that name (of the run, when given), or 404. */
  async find(scope: BackupScope, fileName: string): Promise<BackupFile> {
    const [row] = await this.repo.list(this.query(scope, fileName), 1);
    if (!row) throw notFound('FILE_NOT_FOUND', 'fileNotFound', { name: fileName });
    return row;
  }

  async read(file: BackupFile) {
    try {
      return await this.blobs.read(file.blobKey);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT')
        throw notFound('FILE_BACKUP_GONE', 'fileBackupGone', { name: file.fileName }, { cause: error });
      throw error;
    }
  }

  /** Zip items: in one run's folder when every run is zipped, else by name. */
  async zipItems(scope: BackupScope): Promise<ZipItem[]> {
    const rows = await this.repo.list(this.query(scope), ZIP_MAX_FILES + 1);
    return rows.map((row) => ({
      segments: scope.jobInstanceNo === undefined ? [row.jobInstanceNo, row.fileName] : [row.fileName],
      size: row.size,
      mtime: new Date(row.createdAt),
      open: () => this.read(row),
    }));
  }
}

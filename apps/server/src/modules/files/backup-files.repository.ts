import type { Kysely } from 'kysely';
import type { Database, FileListType } from '../../db/schema.js';

/** A file of a run's backup list (a row of the ledger `run_files`). */
export interface BackupFile {
  jobInstanceNo: string;
  fileName: string;
  size: number;
  createdAt: number;
  blobKey: string;
}

export interface BackupQuery {
  companyCode: string;
  legacyId: string;
  listType: FileListType;
  /** One run; undefined: every run of the job. */
  jobInstanceNo?: string | undefined;
  /** One file name. */
  fileName?: string | undefined;
}

/** Reads the file ledger for the file-list modal; always within one company and job. */
export class BackupFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private query(q: BackupQuery) {
    let query = this.db
      .selectFrom('run_files')
      .where('company_code', '=', q.companyCode)
      .where('legacy_id', '=', q.legacyId)
      .where('list_type', '=', q.listType);
    if (q.jobInstanceNo !== undefined) query = query.where('job_instance_no', '=', q.jobInstanceNo);
    if (q.fileName !== undefined) query = query.where('file_name', '=', q.fileName);
    return query;
  }

  /** Newest first, at most `limit`. */
  async list(q: BackupQuery, limit: number): Promise<BackupFile[]> {
    const rows = await this.query(q)
      .select(['job_instance_no', 'file_name', 'size', 'created_at', 'blob_key'])
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      jobInstanceNo: row.job_instance_no,
      fileName: row.file_name,
      size: Number(row.size),
      createdAt: Number(row.created_at),
      blobKey: row.blob_key,
    }));
  }

  async count(q: BackupQuery): Promise<number> {
    const row = await this.query(q)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

import type { Kysely } from 'kysely';
import type { Database, FileListType } from '../../db/schema.js';

/** The ledger rows of a job's runs of one list, in the order kept, at most `limit`. */
export async function backupFiles(
  db: Kysely<Database>,
  request: { company_code: string; legacy_id: string },
  listType: FileListType,
  runs: string[],
  limit: number,
) {
  return (
    await db
      .selectFrom('run_files')
      .select(['job_instance_no', 'file_name', 'size', 'blob_key'])
      .where('company_code', '=', request.company_code)
      .where('legacy_id', '=', request.legacy_id)
      .where('list_type', '=', listType)
      .where('job_instance_no', 'in', runs)
      .orderBy('created_at')
      .orderBy('seq')
      .limit(limit)
      .execute()
  ).map((row) => ({ ...row, size: Number(row.size) }));
}

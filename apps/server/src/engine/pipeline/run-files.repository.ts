import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ApplicationLogTable, FileListType } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { ClaimedRun } from '../runs/run.js';

/**
 * A run's file ledger (`run_files`), its deliveries (`file_deliveries`) and its application-log rows:
 * the statements of RunRecorder (run-recorder.ts), which writes them through the run's fence, and of
 * the backup check (backup-check.ts).
 */

/** What a ledger row records of a kept file (the rest is the run's identity, list and name). */
export interface LedgerValues {
  size: number;
  sha256: string;
  blob_key: string;
  origin: string;
  created_at: number;
  source_state: 'pending' | null;
  blob_store: string | null;
  stored_by: string | null;
}

/** The ledger row of a file, one per list and name: updated when the run has one, else inserted; its seq. */
export async function saveLedgerRow(
  scope: WriteScope,
  run: ClaimedRun,
  listType: FileListType,
  fileName: string,
  values: LedgerValues,
): Promise<number> {
  const existing = await scope
    .selectFrom('run_files')
    .select('seq')
    .where('run_id', '=', run.id)
    .where('list_type', '=', listType)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (existing) {
    await scope.updateTable('run_files').set(values).where('seq', '=', existing.seq).execute();
    return Number(existing.seq);
  }
  const inserted = await scope
    .insertInto('run_files')
    .values({
      ...values,
      run_id: run.id,
      company_code: run.company_code,
      legacy_id: run.legacy_id,
      job_instance_no: run.job_instance_no,
      list_type: listType,
      file_name: fileName,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(inserted.seq);
}

/** The source file is the run's now (no longer pending at the source). */
export async function markLedgerSourceTaken(scope: WriteScope, seq: number): Promise<void> {
  await scope.updateTable('run_files').set({ source_state: null }).where('seq', '=', seq).execute();
}

export async function deleteLedgerRow(scope: WriteScope, seq: number): Promise<void> {
  await scope.deleteFrom('run_files').where('seq', '=', seq).execute();
}

/** The instance number of another run of the job that recorded this source file since `since`. */
export async function sourceFileTakenBy(
  db: Db,
  run: ClaimedRun,
  file: { fileName: string; sha256: string },
  since: number,
): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('run_files')
    .select('job_instance_no')
    .where('company_code', '=', run.company_code)
    .where('legacy_id', '=', run.legacy_id)
    .where('list_type', '=', 'source')
    .where('file_name', '=', file.fileName)
    .where('sha256', '=', file.sha256)
    .where('run_id', '!=', run.id)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.job_instance_no;
}

/** The run's ledger rows of one list, by file name. */
export function ledgerRows(db: Db, runId: string, listType: FileListType) {
  return db.kysely
    .selectFrom('run_files')
    .selectAll()
    .where('run_id', '=', runId)
    .where('list_type', '=', listType)
    .orderBy('file_name')
    .execute();
}

/** Every file the run kept, in ledger order (the backup check). */
export function keptFiles(db: Db, runId: string) {
  return db.kysely
    .selectFrom('run_files')
    .select(['list_type', 'file_name', 'blob_key', 'blob_store', 'stored_by'])
    .where('run_id', '=', runId)
    .orderBy('seq')
    .execute();
}

export async function isDelivered(db: Db, fileSeq: number, destination: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('file_deliveries')
    .select('file_seq')
    .where('file_seq', '=', fileSeq)
    .where('destination', '=', destination)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a delivery once (a second record of the same file and destination changes nothing). */
export async function insertDelivery(
  scope: WriteScope,
  fileSeq: number,
  destination: string,
  now: number,
): Promise<void> {
  await scope
    .insertInto('file_deliveries')
    .values({ file_seq: fileSeq, destination, delivered_at: now })
    .onConflict((conflict) => conflict.columns(['file_seq', 'destination']).doNothing())
    .execute();
}

/** Replaces the run's application-log rows, 200 per insert. */
export async function replaceApplicationLog(
  scope: WriteScope,
  run: ClaimedRun,
  rows: Omit<
    Insertable<ApplicationLogTable>,
    'run_id' | 'company_code' | 'legacy_id' | 'job_instance_no' | 'created_at'
  >[],
  now: number,
): Promise<void> {
  await scope.deleteFrom('application_log').where('run_id', '=', run.id).execute();
  for (let start = 0; start < rows.length; start += 200) {
    await scope
      .insertInto('application_log')
      .values(
        rows.slice(start, start + 200).map((row) => ({
          ...row,
          run_id: run.id,
          company_code: run.company_code,
          legacy_id: run.legacy_id,
          job_instance_no: run.job_instance_no,
          created_at: now,
        })),
      )
      .execute();
  }
}

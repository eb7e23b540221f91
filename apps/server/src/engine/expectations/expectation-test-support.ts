import crypto from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JobExpectationTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { AlertSink, RaisedAlert } from '../alerts/alert-sink.js';

/*
 * Test kit of the expectation tests (issue 35): a recording AlertSink that writes every raise into a
 * test table in the raiser's transaction (so a rolled-back or killed transaction leaves no record, as
 * the real sink), expectations, and runs whose step 1 loaded files.
 */

/** Creates the recording table (once per database). */
export async function createRaiseTable(db: Db): Promise<void> {
  await sql`create table if not exists test_alert_raises (
    company_code varchar(32) not null,
    condition varchar(32) not null,
    subject varchar(200) not null,
    job_instance_no varchar(160),
    business_day varchar(10),
    deadline_at bigint,
    occurred_at bigint not null,
    raised_by varchar(64) not null
  )`.execute(db.kysely);
}

/**
 * An AlertSink that records each raise (none is refused: the evaluator must not raise twice). `hold`:
 * a pause after the record, inside the transaction (the fault trials kill the node there).
 */
export function recordingAlertSink(
  raisedBy = 'test',
  hold?: (alert: RaisedAlert) => Promise<void>,
): AlertSink {
  return {
    raise: async (scope: WriteScope, alert: RaisedAlert) => {
      await sql`insert into test_alert_raises
        (company_code, condition, subject, job_instance_no, business_day, deadline_at, occurred_at, raised_by)
        values (${alert.companyCode}, ${alert.condition}, ${alert.subject}, ${alert.jobInstanceNo},
                ${alert.businessDay}, ${alert.deadlineAt}, ${alert.occurredAt}, ${raisedBy})`.execute(scope);
      await hold?.(alert);
      return true;
    },
  };
}

export interface RecordedRaise {
  company_code: string;
  condition: string;
  subject: string;
  job_instance_no: string | null;
  raised_by: string;
}

/** Every raise committed, in the order of their subjects and conditions. */
export async function recordedRaises(db: Db): Promise<RecordedRaise[]> {
  const { rows } =
    await sql<RecordedRaise>`select company_code, condition, subject, job_instance_no, raised_by
    from test_alert_raises order by subject, occurred_at, condition`.execute(db.kysely);
  return rows;
}

export function buildExpectation(
  overrides: Partial<Insertable<JobExpectationTable>> = {},
): Insertable<JobExpectationTable> {
  return {
    company_code: 'C1',
    legacy_id: 'JOB1',
    enabled: 1,
    deadline: '09:00',
    warn_before_minutes: 30,
    min_files: 1,
    max_files: null,
    min_size_bytes: 0,
    version: 1,
    days_through: null,
    created_at: 0,
    updated_at: 0,
    updated_by: null,
    ...overrides,
  };
}

/**
 * A run of the job fired at `scheduledAt` whose step 1 ended at `step1EndedAt` having loaded files of
 * these sizes (the ledger rows step 1 writes); answers its instance number.
 */
export async function insertLoadedRun(
  db: Db,
  run: {
    companyCode?: string;
    legacyId?: string;
    scheduledAt: number | null;
    queuedAt?: number;
    step1EndedAt: number;
    fileSizes: number[];
  },
): Promise<string> {
  const id = crypto.randomUUID();
  const companyCode = run.companyCode ?? 'C1';
  const legacyId = run.legacyId ?? 'JOB1';
  const instanceNo = `${legacyId}-${id.slice(0, 8)}`;
  const queuedAt = run.queuedAt ?? run.scheduledAt ?? run.step1EndedAt;
  await db.kysely
    .insertInto('job_runs')
    .values({
      id,
      job_instance_no: instanceNo,
      owner_kind: 'job',
      company_code: companyCode,
      legacy_id: legacyId,
      kind: run.scheduledAt === null ? 'manual' : 'scheduled',
      trigger_id: run.scheduledAt === null ? null : `job|${companyCode}|${legacyId}|0`,
      scheduled_at: run.scheduledAt,
      state: 'FINISHED',
      queued_at: queuedAt,
      started_at: queuedAt,
      finished_at: run.step1EndedAt,
      wait_until: null,
      lease_owner: null,
      lease_until: null,
      attempt: 1,
      requested_by: null,
      cancel_requested_by: null,
      message: null,
      send_email_status: null,
    })
    .execute();
  await db.kysely
    .insertInto('run_steps')
    .values({
      run_id: id,
      step: 1,
      status: 'SUCCESS',
      started_at: queuedAt,
      finished_at: run.step1EndedAt,
      message: null,
    })
    .execute();
  if (run.fileSizes.length > 0)
    await db.kysely
      .insertInto('run_files')
      .values(
        run.fileSizes.map((size, index) => ({
          run_id: id,
          company_code: companyCode,
          legacy_id: legacyId,
          job_instance_no: instanceNo,
          list_type: 'source' as const,
          file_name: `in-${index}.csv`,
          size,
          sha256: crypto.createHash('sha256').update(`${id}-${index}`).digest('hex'),
          origin: 'sftp',
          blob_key: `${id}/${index}`,
          created_at: run.step1EndedAt,
          blob_store: null,
          stored_by: null,
          backup_deleted_at: null,
        })),
      )
      .execute();
  return instanceNo;
}

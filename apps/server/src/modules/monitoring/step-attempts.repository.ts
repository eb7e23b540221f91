import type { RunRetryState, StepAttempt } from '@lis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WithStoredMessage } from '../../i18n/run-message.js';

const iso = (at: number | string | null) => (at === null ? '' : new Date(Number(at)).toISOString());

/**
 * The earlier attempts of a job run's steps (`run_step_attempts`, kept by step re-runs, issue 31),
 * step by step, oldest attempt first. Empty for a run never re-run, or not found.
 */
export async function stepAttempts(
  db: Kysely<Database>,
  run: { companyCode: string; legacyId: string; jobInstanceNo: string },
): Promise<(StepAttempt & WithStoredMessage)[]> {
  const rows = await db
    .selectFrom('run_step_attempts as a')
    .innerJoin('job_runs as r', 'r.id', 'a.run_id')
    .select([
      'a.step',
      'a.attempt',
      'a.status',
      'a.started_at',
      'a.finished_at',
      'a.message',
      'a.message_key',
      'a.message_params',
      'a.rerun_by',
      'a.rerun_at',
    ])
    .where('r.company_code', '=', run.companyCode)
    .where('r.legacy_id', '=', run.legacyId)
    .where('r.job_instance_no', '=', run.jobInstanceNo)
    .orderBy('a.step')
    .orderBy('a.attempt')
    .execute();
  return rows.map((row) => ({
    step: row.step,
    attempt: row.attempt,
    status: row.status,
    started_on: iso(row.started_at),
    finished_on: iso(row.finished_at),
    message: row.message ?? '',
    rerun_by: row.rerun_by ?? '',
    rerun_on: iso(row.rerun_at),
    storedMessage: { message: row.message, message_key: row.message_key, message_params: row.message_params },
  }));
}

/** The run waiting for a step's next attempt (issue 36, docs/retries.md), or null when it does not. */
export async function waitingRetry(
  db: Kysely<Database>,
  run: { companyCode: string; legacyId: string; jobInstanceNo: string },
): Promise<RunRetryState | null> {
  const row = await db
    .selectFrom('job_runs')
    .select(['retry_step', 'retry_attempt', 'retry_max', 'retry_at'])
    .where('company_code', '=', run.companyCode)
    .where('legacy_id', '=', run.legacyId)
    .where('job_instance_no', '=', run.jobInstanceNo)
    .where('state', '=', 'QUEUED')
    .where('retry_at', 'is not', null)
    .where('retry_cancelled_by', 'is', null)
    .executeTakeFirst();
  if (!row || row.retry_step == null || row.retry_attempt == null || row.retry_max == null) return null;
  return {
    step: Number(row.retry_step),
    attempt: Number(row.retry_attempt),
    max: Number(row.retry_max),
    next_at: row.retry_at == null ? null : Number(row.retry_at),
  };
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';
import type { RunFence } from './run-fence.repository.js';
import type { StepRetry } from './run.js';

/**
 * Issue 36, part 2 (docs/retries.md): the durable schedule of a step's retries, in `job_runs.retry_*`
 * (migration 0029). A run waiting for its next attempt is QUEUED without a lease and no claim takes it
 * before `retry_at` (run-claim.repository.ts): any node takes it when it is due, so a restart or a
 * takeover continues the schedule. Writes are compare-and-sets on the state read.
 */

type Scope = Kysely<Database> | Transaction<Database>;

/** Who ran the attempts a retry keeps in `run_step_attempts` (the Re-run by column). */
export const RETRY_ACTOR = 'auto-retry';

/** A run's retry state; undefined when no step of it was ever retried. */
export interface RetryState {
  step: number;
  /** The attempt the step is on (or will be, while the run waits). */
  attempt: number;
  max: number;
  /** When the next attempt is due; null once it started. */
  at: number | null;
  cancelledBy: string | null;
}

export async function retryStateOf(scope: Scope, runId: string): Promise<RetryState | undefined> {
  const row = await scope
    .selectFrom('job_runs')
    .select(['retry_step', 'retry_attempt', 'retry_max', 'retry_at', 'retry_cancelled_by'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!row || row.retry_step == null || row.retry_attempt == null || row.retry_max == null) return undefined;
  return {
    step: Number(row.retry_step),
    attempt: Number(row.retry_attempt),
    max: Number(row.retry_max),
    at: row.retry_at == null ? null : Number(row.retry_at),
    cancelledBy: row.retry_cancelled_by ?? null,
  };
}

/**
 * The held run goes back to the queue for the step's next attempt at `at` (fenced: only the holder's
 * attempt moves it). The failed attempt's record is kept in `run_step_attempts`; the step's record stays
 * ERROR in `run_steps` until the next attempt starts, so the run shows it. The run keeps its Job Start.
 */
export async function requeueForRetry(
  scope: Scope,
  fence: RunFence,
  retry: StepRetry,
  at: number,
  message: RunText,
): Promise<boolean> {
  const updated = await scope
    .updateTable('job_runs')
    .set({
      state: 'QUEUED',
      lease_owner: null,
      lease_until: null,
      retry_step: retry.step,
      retry_attempt: retry.attempt,
      retry_max: retry.max,
      retry_at: at,
      retry_cancelled_by: null,
      ...storedRunText(message),
    })
    .where('id', '=', fence.runId)
    .where('lease_owner', '=', fence.owner)
    .where('attempt', '=', fence.attempt)
    .where('state', '=', 'RUNNING')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await sql`insert into run_step_attempts (run_id, step, attempt, status, started_at, finished_at,
      message, message_key, message_params, rerun_by, rerun_at)
    select s.run_id, s.step,
      1 + (select count(*) from run_step_attempts a where a.run_id = s.run_id and a.step = s.step),
      s.status, s.started_at, s.finished_at, s.message, s.message_key, s.message_params,
      ${RETRY_ACTOR}, ${at}
    from run_steps s
    where s.run_id = ${fence.runId} and s.step = ${retry.step}`.execute(scope);
  return true;
}

/** The waiting attempt begins (or, cancelled, never will): the run no longer waits (the holder's fence). */
export async function retryBegun(scope: Scope, runId: string): Promise<void> {
  await scope.updateTable('job_runs').set({ retry_at: null }).where('id', '=', runId).execute();
}

/**
 * An operator's "Retry now" (`cancel` false) or "Cancel retries" (`cancel` true) of a run waiting for
 * its next attempt: it becomes due now; cancelled, the attempt does not run and the run ends with the
 * step's ERROR (its e-mail and suspend rules as when the attempts run out). False when the run is not
 * waiting for a retry (it started, ended or was never retried).
 */
export async function retryWaitingRunNow(
  scope: Scope,
  runId: string,
  now: number,
  cancelledBy: string | null,
  message: RunText,
): Promise<boolean> {
  const updated = await scope
    .updateTable('job_runs')
    .set({ retry_at: now, retry_cancelled_by: cancelledBy, ...storedRunText(message) })
    .where('id', '=', runId)
    .where('state', '=', 'QUEUED')
    .where('retry_at', 'is not', null)
    .where('retry_cancelled_by', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The retries as the database holds them (for /metrics): scheduled and cancelled per step, waiting now. */
export interface RetryStats {
  scheduled: Map<number, number>;
  cancelled: Map<number, number>;
  waiting: number;
}

export async function retryStats(scope: Scope): Promise<RetryStats> {
  const scheduled = await scope
    .selectFrom('run_step_attempts')
    .select(['step', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('rerun_by', '=', RETRY_ACTOR)
    .groupBy('step')
    .execute();
  const cancelled = await scope
    .selectFrom('job_runs')
    .select(['retry_step', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('retry_cancelled_by', 'is not', null)
    .groupBy('retry_step')
    .execute();
  const waiting = await scope
    .selectFrom('job_runs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('state', '=', 'QUEUED')
    .where('retry_at', 'is not', null)
    .executeTakeFirst();
  return {
    scheduled: new Map(scheduled.map((row) => [Number(row.step), Number(row.n)])),
    cancelled: new Map(cancelled.map((row) => [Number(row.retry_step), Number(row.n)])),
    waiting: Number(waiting?.n ?? 0),
  };
}

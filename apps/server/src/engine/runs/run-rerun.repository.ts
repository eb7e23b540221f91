import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, RunKind, RunState } from '../../db/schema.js';
import type { StoredRunText } from '../../i18n/run-message.js';
import type { StepNumber } from './run-steps.js';

/** What a step re-run changes of an ended run (DESIGN §4). */
export interface StepRerun {
  runId: string;
  /** The state the run ended in: the requeue happens only if it is still that. */
  endedState: RunState;
  kind: RunKind;
  /** The steps to run again (the chosen one and every later one); their records are forgotten. */
  steps: readonly StepNumber[];
  requestedBy: string;
  now: number;
  /** The run's new message (stored text, key and parameters). */
  text: StoredRunText;
}

/**
 * The engine's writes of a step re-run: the ended run goes back to the queue (QUEUED, no lease, no
 * e-mail status) and the records of the steps to run again are moved to `run_step_attempts` (each
 * with its attempt number, issue 31), in the caller's transaction. The run keeps its Job Start
 * (`started_at`): the claim sets it only on a run that has none. False when the run was no longer in
 * its ended state (someone else requeued or removed it).
 */
export async function requeueForStepRerun(
  scope: Kysely<Database> | Transaction<Database>,
  rerun: StepRerun,
): Promise<boolean> {
  const updated = await scope
    .updateTable('job_runs')
    .set({
      state: 'QUEUED',
      // A scheduled run re-run by hand does not wait for predecessors again.
      kind: rerun.kind === 'scheduled' ? 'manual' : rerun.kind,
      queued_at: rerun.now,
      finished_at: null,
      lease_owner: null,
      lease_until: null,
      cancel_requested_by: null,
      requested_by: rerun.requestedBy,
      send_email_status: null,
      // A step re-run by hand starts its attempts over (docs/retries.md).
      retry_step: null,
      retry_attempt: null,
      retry_max: null,
      retry_at: null,
      retry_cancelled_by: null,
      ...rerun.text,
    })
    .where('id', '=', rerun.runId)
    .where('state', '=', rerun.endedState)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await sql`insert into run_step_attempts (run_id, step, attempt, status, started_at, finished_at,
      message, message_key, message_params, rerun_by, rerun_at)
    select s.run_id, s.step,
      1 + (select count(*) from run_step_attempts a where a.run_id = s.run_id and a.step = s.step),
      s.status, s.started_at, s.finished_at, s.message, s.message_key, s.message_params,
      ${rerun.requestedBy}, ${rerun.now}
    from run_steps s
    where s.run_id = ${rerun.runId} and s.step in (${sql.join([...rerun.steps])})`.execute(scope);
  await scope
    .deleteFrom('run_steps')
    .where('run_id', '=', rerun.runId)
    .where('step', 'in', [...rerun.steps])
    .execute();
  return true;
}

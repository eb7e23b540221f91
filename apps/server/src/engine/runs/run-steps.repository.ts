import type { Db } from '../../db/database.js';
import type { StepStatus } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { readStoredRunText, storedRunText, type RunText } from '../../i18n/run-message.js';
import type { StepNumber } from './run-steps.js';

/**
 * A run's step records (`run_steps`), written by the run's holder inside its fence
 * (RunRecorder, JobHandlerContext.fenced): a node that lost the run writes none.
 */

/** The step starts: its record of an earlier attempt or re-run goes, a RUNNING one takes its place. */
export async function recordStepStart(
  scope: WriteScope,
  runId: string,
  step: StepNumber,
  now: number,
): Promise<void> {
  await scope.deleteFrom('run_steps').where('run_id', '=', runId).where('step', '=', step).execute();
  await scope
    .insertInto('run_steps')
    .values({
      run_id: runId,
      step,
      status: 'RUNNING',
      started_at: now,
      finished_at: null,
      message: null,
    })
    .execute();
}

/** The step ends with `status` and its message. */
export async function recordStepEnd(
  scope: WriteScope,
  runId: string,
  step: StepNumber,
  status: StepStatus,
  message: RunText,
  now: number,
): Promise<void> {
  await scope
    .updateTable('run_steps')
    .set({ status, finished_at: now, ...storedRunText(message, 4000) })
    .where('run_id', '=', runId)
    .where('step', '=', step)
    .execute();
}

/**
 * A run ended without its node (recovery: "node lost", or stopped while its node was gone): the
 * steps it left RUNNING end ERROR (STOPPED when an operator stopped the run, issue 31) with the
 * run's message, so an operator can re-run that step (docs/reliability.md) instead of finding a step
 * that runs forever.
 */
export async function endRunningSteps(
  scope: WriteScope,
  runId: string,
  message: RunText,
  now: number,
  status: 'ERROR' | 'STOPPED' = 'ERROR',
): Promise<void> {
  await scope
    .updateTable('run_steps')
    .set({ status, finished_at: now, ...storedRunText(message, 4000) })
    .where('run_id', '=', runId)
    .where('status', '=', 'RUNNING')
    .execute();
}

/** Steps already finished by an earlier attempt of the run (a takeover continues after them). */
export async function finishedSteps(
  db: Db,
  runId: string,
): Promise<Map<number, { status: StepStatus; message: RunText }>> {
  const rows = await db.kysely
    .selectFrom('run_steps')
    .select(['step', 'status', 'message', 'message_key', 'message_params'])
    .where('run_id', '=', runId)
    .where('status', '!=', 'RUNNING')
    .execute();
  return new Map(rows.map((row) => [row.step, { status: row.status, message: readStoredRunText(row) }]));
}

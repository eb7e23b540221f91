import type { WriteScope } from '../../db/write-transaction.js';
import { ACTIVE_RUN_STATES } from './run-overlap.js';

/**
 * A cancel is a request: the run's holder (or the next claim, or lease recovery) ends it. These are
 * the writes that ask; none of them ends a run that is RUNNING.
 */

/** Asks the run to stop, only while it has not ended; false when it ended meanwhile (job control). */
export async function requestCancel(scope: WriteScope, runId: string, by: string): Promise<boolean> {
  const result = await scope
    .updateTable('job_runs')
    .set({ cancel_requested_by: by })
    .where('id', '=', runId)
    .where('state', 'in', [...ACTIVE_RUN_STATES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Passes a cancel of a chain on to its member run; a cancel already asked is kept. */
export async function passCancelOn(scope: WriteScope, runId: string, by: string): Promise<void> {
  await scope
    .updateTable('job_runs')
    .set({ cancel_requested_by: by })
    .where('id', '=', runId)
    .where('state', 'in', ['QUEUED', 'WAITING', 'RUNNING'])
    .where('cancel_requested_by', 'is', null)
    .execute();
}

/**
 * A company's runs stop (the demo's removal): queued and waiting ones end STOPPED at once (they never
 * started, so no holder can write after it), running ones are asked to stop (and so end STOPPED too).
 * The removal is an operator's act, not a failure of the runs (issue 31): nothing counts as an error.
 */
export async function endActiveRunsOfCompany(
  scope: WriteScope,
  companyCode: string,
  now: number,
  message: string,
  by: string,
): Promise<void> {
  await scope
    .updateTable('job_runs')
    .set({ state: 'STOPPED', finished_at: now, message })
    .where('company_code', '=', companyCode)
    .where('state', 'in', ['QUEUED', 'WAITING'])
    .where('finished_at', 'is', null)
    .execute();
  await scope
    .updateTable('job_runs')
    .set({ cancel_requested_by: by })
    .where('company_code', '=', companyCode)
    .where('state', '=', 'RUNNING')
    .execute();
}

import type { RunState } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

/**
 * The deletes of runs and their step records, in the caller's transaction: the retention sweep's
 * (runs past the window, by id) and the demo's removal (every run of its company). The caller deletes
 * what else the runs own (ledger, deliveries, log lines) in the same transaction.
 */

/** The step records of these runs; answers how many went. */
export async function deleteStepsOfRuns(scope: WriteScope, runIds: readonly string[]): Promise<bigint> {
  await scope.deleteFrom('run_step_attempts').where('run_id', 'in', runIds).execute();
  const result = await scope.deleteFrom('run_steps').where('run_id', 'in', runIds).executeTakeFirst();
  return result.numDeletedRows;
}

/** These runs, those still in one of `states` (a run requeued meanwhile stays); answers how many went. */
export async function deleteRunsIn(
  scope: WriteScope,
  runIds: readonly string[],
  states: readonly RunState[],
): Promise<bigint> {
  const result = await scope
    .deleteFrom('job_runs')
    .where('id', 'in', runIds)
    .where('state', 'in', states)
    .executeTakeFirst();
  return result.numDeletedRows;
}

/** The step records of every run of a company. */
export async function deleteStepsOfCompanyRuns(scope: WriteScope, companyCode: string): Promise<void> {
  const runIds = scope.selectFrom('job_runs').select('id').where('company_code', '=', companyCode);
  await scope.deleteFrom('run_step_attempts').where('run_id', 'in', runIds).execute();
  await scope.deleteFrom('run_steps').where('run_id', 'in', runIds).execute();
}

/**
 * A job's runs fired ahead and not yet due (decision 0032: QUEUED, `queued_at` after `now`) — when
 * the job is suspended before their time, as if they had never been fired: at their time a
 * suspended job fires nothing. Nothing else was written for them yet (their log starts at the
 * claim). Answers how many went.
 */
export async function withdrawRunsFiredAhead(
  scope: WriteScope,
  companyCode: string,
  legacyId: string,
  now: number,
): Promise<bigint> {
  const result = await scope
    .deleteFrom('job_runs')
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .where('kind', '=', 'scheduled')
    .where('state', '=', 'QUEUED')
    .where('queued_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows;
}

/** Every run of a company; answers how many went. */
export async function deleteRunsOfCompany(scope: WriteScope, companyCode: string): Promise<number> {
  const result = await scope
    .deleteFrom('job_runs')
    .where('company_code', '=', companyCode)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

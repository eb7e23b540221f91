import type { WriteScope } from '../../db/write-transaction.js';

/** The run whose predecessors are checked (predecessors.ts): its job, and when it was queued. */
export interface PredecessorSubject {
  id: string;
  company_code: string;
  legacy_id: string;
  queued_at: number;
}

/** The job's `legacy_criteria` (undefined when the job is gone). */
export function jobCriteria(scope: WriteScope, run: PredecessorSubject) {
  return scope
    .selectFrom('job_configs')
    .select('legacy_criteria')
    .where('company_code', '=', run.company_code)
    .where('legacy_id', '=', run.legacy_id)
    .executeTakeFirst();
}

/** The latest other run of the job queued before `run` that was not skipped: its start and queueing. */
export function previousRun(scope: WriteScope, run: PredecessorSubject) {
  return scope
    .selectFrom('job_runs')
    .select(['started_at', 'queued_at'])
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', run.company_code)
    .where('legacy_id', '=', run.legacy_id)
    .where('id', '!=', run.id)
    .where('queued_at', '<', run.queued_at)
    .where('state', '!=', 'SKIPPED')
    .orderBy('queued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Which of `predecessors` (legacy ids of the run's company) had a FINISHED run after `since`. */
export async function finishedSince(
  scope: WriteScope,
  companyCode: string,
  predecessors: readonly string[],
  since: number,
): Promise<Set<string>> {
  const finished = await scope
    .selectFrom('job_runs')
    .select('legacy_id')
    .distinct()
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', companyCode)
    .where('legacy_id', 'in', predecessors)
    .where('state', '=', 'FINISHED')
    .where('finished_at', '>', since)
    .execute();
  return new Set(finished.map((row) => row.legacy_id));
}

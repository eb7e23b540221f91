import type { Kysely } from 'kysely';
import type { PullJobLogRow } from '@lis/contracts';
import type { Database } from '../../db/schema.js';

/**
 * Pull Job Config Log (spec 001 §2, DESIGN §7): every pull job (PULL_WAIT) of the given companies
 * (null: all) with the start of its latest run, which the spec leaves empty and ours fills.
 */
export async function pullJobLog(db: Kysely<Database>, codes: string[] | null): Promise<PullJobLogRow[]> {
  if (codes !== null && codes.length === 0) return [];
  let jobs = db
    .selectFrom('job_configs')
    .select(['company_code', 'legacy_id', 'legacy_name'])
    .where('legacy_type', '=', 'PULL_WAIT');
  if (codes !== null) jobs = jobs.where('company_code', 'in', codes);
  const jobRows = await jobs.orderBy('company_code').orderBy('legacy_id').execute();
  if (jobRows.length === 0) return [];

  const latest = db
    .selectFrom('job_runs')
    .select(({ fn }) => ['company_code', 'legacy_id', fn.max('started_at').as('last_started')])
    .where('owner_kind', '=', 'job')
    .where('started_at', 'is not', null)
    .where(
      'legacy_id',
      'in',
      jobRows.map((job) => job.legacy_id),
    )
    .groupBy(['company_code', 'legacy_id'])
    .as('latest');
  const runs = await db
    .selectFrom('job_runs as run')
    .innerJoin(latest, (join) =>
      join
        .onRef('run.company_code', '=', 'latest.company_code')
        .onRef('run.legacy_id', '=', 'latest.legacy_id')
        .onRef('run.started_at', '=', 'latest.last_started'),
    )
    .select(['run.company_code', 'run.legacy_id', 'run.started_at', 'run.state'])
    .where('run.owner_kind', '=', 'job')
    .execute();
  const lastRun = new Map(runs.map((run) => [`${run.company_code}|${run.legacy_id}`, run]));

  return jobRows.map((job) => {
    const run = lastRun.get(`${job.company_code}|${job.legacy_id}`);
    return {
      companycode: job.company_code,
      legacyid: job.legacy_id,
      legacyname: job.legacy_name,
      last_pull: run?.started_at == null ? '' : new Date(Number(run.started_at)).toISOString(),
      last_status: run?.state ?? '',
    };
  });
}

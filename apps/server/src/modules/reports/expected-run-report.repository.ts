import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { LISTED_TIMES_MAX } from './expected-fires.js';

/** The SQL of the Expected Run Job report (expected-run-report.ts). */

/** One job's scheduled runs due so far today, as the Expected Run Job shows them. */
export interface ScheduledRunTally {
  company_code: string;
  legacy_id: string;
  /** How many (skipped fires left out). */
  runs: number;
  /** The earliest and latest start (or queue time, not started yet), epoch ms. */
  firstAt: number;
  lastAt: number;
  /** Whether one of those times has seconds (offsets are whole minutes: the UTC second is the wall one). */
  withSeconds: boolean;
  /** Every run, by start, when there are at most LISTED_TIMES_MAX (the report lists them one by one). */
  listed?: { scheduledAt: number; at: number }[];
}

/** Jobs whose runs are listed one by one are read in chunks of this many ids. */
const LISTED_JOBS_PER_READ = 500;

/**
 * Per job of the job list of the companies (null: all; `legacyId`: that job of the one company), its
 * scheduled runs (skipped fires left out) scheduled from `from` up to and including `now`, counted in
 * SQL (issue 19): the job list is walked and each job's day sought in `job_runs_scheduled_job_idx`
 * (migration 0020), so no run row is fetched and nothing sorted; only each job's count, first and last
 * time come back — and, for the jobs the report lists one by one (at most LISTED_TIMES_MAX runs),
 * their runs, read afterwards for those jobs alone.
 */
export async function scheduledRunTallies(
  db: Kysely<Database>,
  companies: string[] | null,
  window: { from: number; now: number },
  legacyId?: string,
): Promise<ScheduledRunTally[]> {
  if (companies !== null && companies.length === 0) return [];
  const companyFilter =
    companies === null ? sql`` : sql`and j.company_code in (${sql.join(companies.map((c) => sql`${c}`))})`;
  const jobFilter = legacyId === undefined ? sql`` : sql`and j.legacy_id = ${legacyId}`;
  const at = sql`coalesce(r.started_at, r.queued_at)`;
  // CROSS JOIN: SQLite keeps the job list as the outer loop (its planner otherwise scans the runs).
  const counted = await sql<Record<string, unknown>>`
    select j.company_code, j.legacy_id, count(*) as runs, min(${at}) as first_at, max(${at}) as last_at,
      max(case when (${at} / 1000) % 60 <> 0 then 1 else 0 end) as with_seconds
    from job_configs j cross join job_runs r
    where r.owner_kind = 'job' and r.kind = 'scheduled'
      and r.company_code = j.company_code and r.legacy_id = j.legacy_id
      and r.scheduled_at >= ${window.from} and r.scheduled_at <= ${window.now}
      and r.state <> 'SKIPPED' ${companyFilter} ${jobFilter}
    group by j.company_code, j.legacy_id
  `.execute(db);
  const tallies = new Map<string, ScheduledRunTally>();
  const listedOf = new Map<string, string[]>();
  for (const row of counted.rows) {
    const runs = Number(row.runs);
    const tally: ScheduledRunTally = {
      company_code: String(row.company_code),
      legacy_id: String(row.legacy_id),
      runs,
      firstAt: Number(row.first_at),
      lastAt: Number(row.last_at),
      withSeconds: Number(row.with_seconds) === 1,
      ...(runs <= LISTED_TIMES_MAX ? { listed: [] } : {}),
    };
    tallies.set(jobKey(tally.company_code, tally.legacy_id), tally);
    if (tally.listed)
      listedOf.set(tally.company_code, [...(listedOf.get(tally.company_code) ?? []), tally.legacy_id]);
  }
  for (const [company, ids] of listedOf)
    for (let start = 0; start < ids.length; start += LISTED_JOBS_PER_READ) {
      const chunk = ids.slice(start, start + LISTED_JOBS_PER_READ);
      const runs = await db
        .selectFrom('job_runs')
        .select(['legacy_id', 'scheduled_at', 'started_at', 'queued_at'])
        .where('owner_kind', '=', 'job')
        .where('kind', '=', 'scheduled')
        .where('company_code', '=', company)
        .where('legacy_id', 'in', chunk)
        .where('scheduled_at', '>=', window.from)
        .where('scheduled_at', '<=', window.now)
        .where('state', '<>', 'SKIPPED')
        .execute();
      for (const run of runs)
        tallies.get(jobKey(company, run.legacy_id))?.listed?.push({
          scheduledAt: Number(run.scheduled_at),
          at: Number(run.started_at ?? run.queued_at),
        });
    }
  for (const tally of tallies.values()) tally.listed?.sort((a, b) => a.at - b.at);
  return [...tallies.values()];
}

/** A job's key in the reports' maps: company and legacy id. */
export const jobKey = (company: string, legacyId: string) => `${company}\u0000${legacyId}`;

/** Successful saves of a job configuration since `dayStart` that recorded their details. */
export function jobConfigSavesSince(db: Kysely<Database>, companies: string[] | null, dayStart: number) {
  let query = db
    .selectFrom('audit_log')
    .select(['target', 'at', 'details'])
    .where('at', '>=', dayStart)
    .where('status_code', '<', 300)
    .where('route', 'like', '%job-config%')
    .where('details', 'is not', null);
  if (companies !== null) query = query.where('company_code', 'in', companies);
  return query.execute();
}

/** The jobs of the companies (null: all), by company and id. */
export function reportJobs(db: Kysely<Database>, companies: string[] | null) {
  let jobs = db
    .selectFrom('job_configs')
    .select([
      'company_code',
      'legacy_id',
      'legacy_name',
      'legacy_type',
      'is_active',
      'cron_trigger',
      'trigger_calendars',
      'created_at',
    ])
    .orderBy('company_code')
    .orderBy('legacy_id');
  if (companies !== null) jobs = jobs.where('company_code', 'in', companies);
  return jobs.execute();
}

/**
 * The named calendars the jobs of the companies (null: all) may name: their own and the shared ones
 * (`*`) — a few rows (issue 34).
 */
export function reportCalendars(db: Kysely<Database>, companies: string[] | null) {
  let query = db.selectFrom('calendars').select(['company_code', 'name', 'definition']);
  if (companies !== null) query = query.where('company_code', 'in', [...companies, '*']);
  return query.execute();
}

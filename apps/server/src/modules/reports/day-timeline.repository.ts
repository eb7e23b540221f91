import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { reportJobs } from './expected-run-report.repository.js';

/** A run that lasts longer than this before the day is not looked for (the query stays on the day's index range). */
export const RUN_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** One run of a job on the day (epoch ms). */
export interface TimelineRunRow {
  company_code: string;
  legacy_id: string;
  job_instance_no: string;
  state: string;
  kind: string;
  scheduled_at: number | null;
  queued_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Every run of the job on the day (the rows are cut at `perJob` per job). */
  job_run_count: number;
}

export interface TimelineRunFilter {
  /** null: every company. */
  companies: string[] | null;
  dayStart: number;
  dayEnd: number;
  /** The most runs returned per job (the first ones of the day). */
  perJob: number;
}

const n = (value: unknown) => Number(value ?? 0);
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The job runs that touch a day `[dayStart, dayEnd)`: queued before its end and not ended before its
 * start (queued at most RUN_LOOKBACK_MS before it). One query for every job: each job's first
 * `perJob` runs by queue time, each with the job's count of them all (window functions, in SQLite
 * and PostgreSQL alike).
 */
export async function timelineRuns(
  db: Kysely<Database>,
  filter: TimelineRunFilter,
): Promise<TimelineRunRow[]> {
  const { companies, dayStart, dayEnd, perJob } = filter;
  if (companies !== null && companies.length === 0) return [];
  const companyFilter =
    companies === null ? sql`` : sql`and r.company_code in (${sql.join(companies.map((c) => sql`${c}`))})`;
  const result = await sql<Record<string, unknown>>`
    select * from (
      select r.company_code, r.legacy_id, r.job_instance_no, r.state, r.kind, r.scheduled_at,
        r.queued_at, r.started_at, r.finished_at,
        row_number() over (partition by r.company_code, r.legacy_id order by r.queued_at, r.id) as seq,
        count(*) over (partition by r.company_code, r.legacy_id) as job_run_count
      from job_runs r
      where r.owner_kind = 'job'
        and r.queued_at >= ${dayStart - RUN_LOOKBACK_MS} and r.queued_at < ${dayEnd}
        and (r.finished_at is null or r.finished_at >= ${dayStart})
        ${companyFilter}
    ) t
    where t.seq <= ${perJob}
    order by t.company_code, t.legacy_id, t.seq
  `.execute(db);
  return result.rows.map((row) => ({
    company_code: String(row.company_code),
    legacy_id: String(row.legacy_id),
    job_instance_no: String(row.job_instance_no),
    state: String(row.state),
    kind: String(row.kind),
    scheduled_at: orNull(row.scheduled_at),
    queued_at: n(row.queued_at),
    started_at: orNull(row.started_at),
    finished_at: orNull(row.finished_at),
    job_run_count: n(row.job_run_count),
  }));
}

/** The fire times (epoch ms) of each job's scheduled runs on the day, whatever became of them. */
export async function firedTimes(
  db: Kysely<Database>,
  companies: string[] | null,
  window: { dayStart: number; dayEnd: number },
): Promise<Map<string, number[]>> {
  if (companies !== null && companies.length === 0) return new Map();
  let query = db
    .selectFrom('job_runs')
    .select(['company_code', 'legacy_id', 'scheduled_at'])
    .where('owner_kind', '=', 'job')
    .where('kind', '=', 'scheduled')
    .where('scheduled_at', '>=', window.dayStart)
    .where('scheduled_at', '<', window.dayEnd);
  if (companies !== null) query = query.where('company_code', 'in', companies);
  const fired = new Map<string, number[]>();
  for (const run of await query.execute()) {
    const key = `${run.company_code}\u0000${run.legacy_id}`;
    const times = fired.get(key) ?? [];
    times.push(Number(run.scheduled_at));
    fired.set(key, times);
  }
  return fired;
}

/** The jobs of the companies, by company and legacy id (the reports' projection of the job list). */
export async function timelineJobs(db: Kysely<Database>, companies: string[] | null) {
  if (companies !== null && companies.length === 0) return [];
  return reportJobs(db, companies);
}

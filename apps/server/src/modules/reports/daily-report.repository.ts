import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One job on one day, as counted by the database (times are epoch ms). */
export interface DailyJobCounts {
  day: number;
  company_code: string;
  legacy_id: string;
  legacy_name: string;
  legacy_type: string;
  run_count: number;
  finished_count: number;
  warning_count: number;
  error_count: number;
  running_count: number;
  skipped_count: number;
  files_loaded: number;
  files_returned: number;
  first_started_at: number | null;
  last_finished_at: number | null;
}

export interface DailyReportFilter {
  /** null: every company. */
  companies: string[] | null;
  /**
   * The first instant of each day of the report and, last, the first instant after it (epoch ms,
   * ascending): day `i` is `[boundaries[i], boundaries[i + 1])`.
   */
  boundaries: number[];
}

/**
 * The index of the day an instant falls in: a CASE over the day boundaries, right in any time zone.
 * The boundaries are numbers computed by the server (never request text), so they are inlined.
 */
function dayIndex(column: RawBuilder<unknown>, boundaries: number[]): RawBuilder<number> {
  // One day (the usual report): every run read is of day 0, no CASE to evaluate per run.
  if (boundaries.length === 2) return sql<number>`${sql.lit(0)}`;
  const branches = boundaries
    .slice(1)
    .map((end, index) => sql`when ${column} < ${sql.lit(end)} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(branches, sql` `)} end`;
}

const n = (value: unknown) => Number(value ?? 0);
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The Daily Report (spec 000 §2): per day and job, how many runs there were and how they ended, and
 * how many files they loaded and returned. A run counts on the day it was queued (fired) in the
 * report's time zone. Two grouped queries: the runs, and the files of those runs.
 */
export async function dailyJobCounts(
  db: Kysely<Database>,
  filter: DailyReportFilter,
): Promise<DailyJobCounts[]> {
  const { companies, boundaries } = filter;
  if ((companies !== null && companies.length === 0) || boundaries.length < 2) return [];
  const from = boundaries[0] as number;
  const before = boundaries[boundaries.length - 1] as number;
  const companyFilter =
    companies === null ? sql`` : sql`and r.company_code in (${sql.join(companies.map((c) => sql`${c}`))})`;
  const day = dayIndex(sql`r.queued_at`, boundaries);
  const state = (...states: string[]) =>
    sql`sum(case when r.state in (${sql.join(states.map((s) => sql`${s}`))}) then 1 else 0 end)`;

  // Grouped first, then each group's job looked up once (not once per run).
  const runs = await sql<Record<string, unknown>>`
    select g.*, j.legacy_name, j.legacy_type from (
      select ${day} as day, r.company_code, r.legacy_id,
        count(*) as run_count,
        ${state('FINISHED')} as finished_count,
        ${state('WARNING')} as warning_count,
        ${state('ERROR')} as error_count,
        ${state('QUEUED', 'WAITING', 'RUNNING')} as running_count,
        ${state('SKIPPED')} as skipped_count,
        min(r.started_at) as first_started_at,
        max(r.finished_at) as last_finished_at
      from job_runs r
      where r.owner_kind = 'job' and r.queued_at >= ${from} and r.queued_at < ${before} ${companyFilter}
      group by 1, 2, 3
    ) g
    left join job_configs j on j.company_code = g.company_code and j.legacy_id = g.legacy_id
  `.execute(db);

  const files = await sql<Record<string, unknown>>`
    select ${day} as day, r.company_code, r.legacy_id,
      sum(case when f.list_type = 'source' then 1 else 0 end) as files_loaded,
      sum(case when f.list_type in ('return_success', 'return_error') then 1 else 0 end) as files_returned
    from job_runs r
    join run_files f on f.run_id = r.id
    where r.owner_kind = 'job' and r.queued_at >= ${from} and r.queued_at < ${before} ${companyFilter}
    group by 1, 2, 3
  `.execute(db);

  const key = (row: Record<string, unknown>) =>
    `${n(row.day)}\u0000${row.company_code}\u0000${row.legacy_id}`;
  const fileCounts = new Map(files.rows.map((row) => [key(row), row]));
  return runs.rows.map((row) => {
    const counted = fileCounts.get(key(row));
    return {
      day: n(row.day),
      company_code: String(row.company_code),
      legacy_id: String(row.legacy_id),
      legacy_name: String(row.legacy_name ?? ''),
      legacy_type: String(row.legacy_type ?? ''),
      run_count: n(row.run_count),
      finished_count: n(row.finished_count),
      warning_count: n(row.warning_count),
      error_count: n(row.error_count),
      running_count: n(row.running_count),
      skipped_count: n(row.skipped_count),
      files_loaded: n(counted?.files_loaded),
      files_returned: n(counted?.files_returned),
      first_started_at: orNull(row.first_started_at),
      last_finished_at: orNull(row.last_finished_at),
    };
  });
}

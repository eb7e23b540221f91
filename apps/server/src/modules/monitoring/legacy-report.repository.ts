import { sql } from 'kysely';
import type { LegacyReportRow } from '@lis/contracts';
import type { Db } from '../../db/database.js';
import type { WithStoredMessage } from '../../i18n/run-message.js';

const iso = (at: number | string | null | undefined) =>
  at === null || at === undefined ? '' : new Date(Number(at)).toISOString();

export interface ReportRecord {
  sid: string | null;
  company_code: string;
  legacy_id: string;
  legacy_name: string | null;
  legacy_type: string | null;
  is_active: string | null;
  has_suspend: string | null;
  important_job: string | null;
  job_instance_no: string | null;
  state: string | null;
  started_at: number | string | null;
  finished_at: number | string | null;
  message: string | null;
  message_key: string | null;
  message_params: string | null;
  send_email_status: string | null;
  next_fire_at: number | string | null;
  [step: `s${number}` | `t${number}`]: string | number | null;
}

const STEPS = [1, 2, 3, 4, 5] as const;

/** Each step's status and start as columns `s{n}` and `t{n}` of a `run_steps st` group by run. */
export function stepPivotColumns() {
  return sql.join(
    STEPS.flatMap((step) => [
      sql`max(case when st.step = ${step} then st.status end) as ${sql.ref(`s${step}`)}`,
      sql`max(case when st.step = ${step} then st.started_at end) as ${sql.ref(`t${step}`)}`,
    ]),
  );
}

/** A report row whose message the route renders in the reader's language. */
export type StoredReportRow = LegacyReportRow & WithStoredMessage;

/** A joined job, run and pivoted steps as the spec's row. */
export function reportRow(row: ReportRecord): StoredReportRow {
  const status = (step: number) => String(row[`s${step}`] ?? '');
  const started = (step: number) => iso(row[`t${step}`]);
  return {
    sid: row.sid ?? '',
    companycode: row.company_code,
    legacyid: row.legacy_id,
    legacyname: row.legacy_name ?? '',
    legacytype: row.legacy_type ?? '',
    job_instanceno: row.job_instance_no ?? '',
    status: row.state ?? '',
    isactive: row.is_active ?? '',
    hassuspend: row.has_suspend ?? '',
    important_job: row.important_job ?? '',
    job_started_on: iso(row.started_at),
    job_finished_on: iso(row.finished_at),
    next_fire: iso(row.next_fire_at),
    message: row.message ?? '',
    step1_status: status(1),
    step2_status: status(2),
    step3_status: status(3),
    step4_status: status(4),
    step5_status: status(5),
    send_email_status: row.send_email_status ?? '',
    step1_started_on: started(1),
    step2_started_on: started(2),
    step3_started_on: started(3),
    step4_started_on: started(4),
    step5_started_on: started(5),
    storedMessage: { message: row.message, message_key: row.message_key, message_params: row.message_params },
  };
}

/**
 * A run's steps as one text, `step|status|started_at` joined by `;`, from one range seek on
 * `run_steps_pk (run_id, step)`: on SQLite a third faster than a seek per step (DESIGN §8).
 */
function stepList(dialect: Db['dialect'], run: string) {
  const item = sql`cast(st.step as varchar(4)) || '|' || st.status || '|' || coalesce(cast(st.started_at as varchar(24)), '')`;
  const aggregate = dialect === 'postgres' ? sql`string_agg(${item}, ';')` : sql`group_concat(${item}, ';')`;
  return sql`(select ${aggregate} from run_steps st where st.run_id = ${sql.ref(run)})`;
}

/** Spreads `stepList`'s text over the record's `s{n}` and `t{n}` (statuses hold neither '|' nor ';'). */
function spreadSteps(record: ReportRecord & { steps: string | null }): ReportRecord {
  if (record.steps)
    for (const item of record.steps.split(';')) {
      const [step, status = '', started = ''] = item.split('|');
      record[`s${Number(step)}`] = status;
      record[`t${Number(step)}`] = started === '' ? null : started;
    }
  return record;
}

/**
 * The runs a job's latest is sought in. SQLite's planner prefers the daily report's covering index
 * `job_runs_day_idx (owner_kind, company_code, queued_at, …)` here, which walks every run of the
 * company newest first until one is the job's — a company of 500 jobs and 10,000 runs made the query
 * 160 ms instead of 86 (session 15). The job's own index is named (SQLite only; PostgreSQL's query is unchanged).
 */
function runsSeekedByJob(dialect: Db['dialect']) {
  return dialect === 'sqlite' ? sql`job_runs r indexed by job_runs_job_idx` : sql`job_runs r`;
}

/**
 * The monitoring report (spec 000 §2): every job of the companies (null: all) with its latest run —
 * the one queued last that was not skipped (issue 31: a fire skipped by overlap, or a run the job's
 * suspension ended before it started, never hides the run that is RUNNING or that suspended the job), found by a seek on job_runs_job_idx per job, never a scan of all runs — that
 * run's steps (one range seek), and the job's next fire. One statement, one row per job. Ordered by
 * job finished descending (spec 000 §3); the console re-sorts.
 */
export async function legacyReport(db: Db, codes: string[] | null): Promise<StoredReportRow[]> {
  if (codes !== null && codes.length === 0) return [];
  const result = await legacyReportStatement(db.dialect, codes).execute(db.kysely);
  const rows = result.rows.map((row) => reportRow(spreadSteps(row)));
  // Finished last first; jobs that never ran ('' sorts lowest) at the end, on every database.
  return rows.sort((a, b) =>
    a.job_finished_on < b.job_finished_on ? 1 : a.job_finished_on > b.job_finished_on ? -1 : 0,
  );
}

/** `legacyReport`'s one statement (its plan is under test). */
export function legacyReportStatement(dialect: Db['dialect'], codes: string[] | null) {
  const companyFilter =
    codes === null ? sql`` : sql`where j.company_code in (${sql.join(codes.map((code) => sql`${code}`))})`;
  // The job's columns come with the scan of job_configs: no second seek per job into its wide rows.
  return sql<ReportRecord & { steps: string | null }>`
    with latest as materialized (
      select j.sid, j.company_code, j.legacy_id, j.legacy_name, j.legacy_type, j.is_active, j.has_suspend,
        j.important_job,
        (select r.id from ${runsSeekedByJob(dialect)}
          where r.company_code = j.company_code and r.legacy_id = j.legacy_id and r.owner_kind = 'job'
            and r.state <> 'SKIPPED'
          order by r.queued_at desc limit 1) as run_id
      from job_configs j ${companyFilter}
    ),
    fires as (
      select t.company_code, t.owner_id, min(t.next_fire_at) as next_fire_at
      from triggers t
      where t.owner_kind = 'job' and t.state = 'WAITING'
      group by t.company_code, t.owner_id
    )
    select l.sid, l.company_code, l.legacy_id, l.legacy_name, l.legacy_type, l.is_active, l.has_suspend,
      l.important_job, r.job_instance_no, r.state, r.started_at, r.finished_at, r.message,
      r.message_key, r.message_params,
      r.send_email_status,
      -- A suspended job fires nothing (its triggers advance without a run): no Next Fire (issue 31).
      case when l.has_suspend = 'Y' then null else f.next_fire_at end as next_fire_at,
      ${stepList(dialect, 'l.run_id')} as steps
    from latest l
    left join job_runs r on r.id = l.run_id
    left join fires f on f.company_code = l.company_code and f.owner_id = l.legacy_id
  `;
}

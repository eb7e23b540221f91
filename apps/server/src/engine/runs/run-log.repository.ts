import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { jsonRows, type JsonRowColumn } from '../../db/json-rows.js';
import type { Database } from '../../db/schema.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';

export type RunLogType = 'INFO' | 'WARNING' | 'ERROR';

/** The identity of a run that a system-log line needs. */
export interface LoggedRun {
  job_instance_no: string;
  owner_kind: 'job' | 'chain';
  company_code: string;
  legacy_id: string;
}

export interface RunEvent {
  run: LoggedRun;
  logType: RunLogType;
  message: RunText;
}

/**
 * The sid of the run's job (or chain), else of its company: system-log rows carry it for the
 * console's filters. Empty when neither exists (a run of a deleted job). Read by the insert
 * itself, so a line costs one statement.
 */
function sidOf(run: LoggedRun) {
  const owner =
    run.owner_kind === 'chain'
      ? sql`(select sid from chain_jobs where company_code = ${run.company_code} and chain_id = ${run.legacy_id})`
      : sql`(select sid from job_configs where company_code = ${run.company_code} and legacy_id = ${run.legacy_id})`;
  const company = sql`(select sid from companies where company_code = ${run.company_code})`;
  return sql<string>`substr(coalesce(${owner}, ${company}, ''), 1, 16)`;
}

/**
 * The sid column of a log line for the run whose `owner_kind`, `company_code` and `legacy_id` are
 * columns of `alias` (a row source of the statement): as `sidOf`, read by the statement itself.
 */
export function sidOfRunColumns(alias: 'e' | 's'): RawBuilder<string> {
  const row = sql.raw(alias);
  return sql<string>`substr(coalesce(
      case when ${row}.owner_kind = 'chain'
        then (select sid from chain_jobs where company_code = ${row}.company_code and chain_id = ${row}.legacy_id)
        else (select sid from job_configs where company_code = ${row}.company_code and legacy_id = ${row}.legacy_id)
      end,
      (select sid from companies where company_code = ${row}.company_code), ''), 1, 16)`;
}

/** The columns of a run's log line as `logRunEvents` sends them. */
const EVENT_COLUMNS: readonly JsonRowColumn[] = [
  ['n', 'integer'],
  ['owner_kind', 'text'],
  ['company_code', 'text'],
  ['legacy_id', 'text'],
  ['company_stored', 'text'],
  ['job', 'text'],
  ['log_type', 'text'],
  ['message', 'text'],
  ['message_key', 'text'],
  ['message_params', 'text'],
];

/**
 * Appends lines about runs (start, end, waiting, takeover, node lost, cancel, hand-back), in order, at
 * once: one statement whose text is the same for any number of lines — the lines travel as one JSON
 * parameter, the sids are read by the statement (issue 19: a claim of 167 runs spent 7–18 ms in
 * building and preparing a 2,000-parameter insert with two subqueries per row).
 */
export async function logRunEvents(
  db: Kysely<Database> | Transaction<Database>,
  dialect: DialectName,
  events: readonly RunEvent[],
  now: number,
): Promise<void> {
  if (events.length === 0) return;
  const lines = JSON.stringify(
    events.map(({ run, logType, message }, n) => {
      const text = storedRunText(message);
      return {
        n,
        owner_kind: run.owner_kind,
        company_code: run.company_code,
        legacy_id: run.legacy_id,
        company_stored: run.company_code.slice(0, 32),
        job: run.job_instance_no.slice(0, 160),
        log_type: logType,
        message: text.message,
        message_key: text.message_key ?? null,
        message_params: text.message_params ?? null,
      };
    }),
  );
  await sql`insert into system_log (sid, company_code, job_instance_no, log_type, message, message_key,
      message_params, msg_source, created_at)
    select ${sidOfRunColumns('e')}, e.company_stored, e.job, e.log_type, e.message, e.message_key,
      e.message_params, 'worker', cast(${now} as bigint)
    from (${jsonRows(dialect, lines, EVENT_COLUMNS)}) e order by e.n`.execute(db);
}

/** Appends one line about a run. */
export async function logRunEvent(
  db: Kysely<Database> | Transaction<Database>,
  run: LoggedRun,
  logType: RunLogType,
  message: RunText,
  now: number,
): Promise<void> {
  await db
    .insertInto('system_log')
    .values({
      sid: sidOf(run),
      company_code: run.company_code.slice(0, 32),
      job_instance_no: run.job_instance_no.slice(0, 160),
      log_type: logType,
      ...storedRunText(message),
      msg_source: 'worker',
      created_at: now,
    })
    .execute();
}

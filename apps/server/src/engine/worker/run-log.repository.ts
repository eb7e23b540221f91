import { sql, type Kysely, type Transaction } from 'kysely';
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

/** Appends lines about runs (start, end, waiting, takeover, node lost, cancel, hand-back), in order, at once. */
export async function logRunEvents(
  db: Kysely<Database> | Transaction<Database>,
  events: readonly RunEvent[],
  now: number,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('system_log')
    .values(
      events.map(({ run, logType, message }) => ({
        sid: sidOf(run),
        company_code: run.company_code.slice(0, 32),
        job_instance_no: run.job_instance_no.slice(0, 160),
        log_type: logType,
        ...storedRunText(message),
        msg_source: 'worker',
        created_at: now,
      })),
    )
    .execute();
}

/** Appends one line about a run. */
export async function logRunEvent(
  db: Kysely<Database> | Transaction<Database>,
  run: LoggedRun,
  logType: RunLogType,
  message: RunText,
  now: number,
): Promise<void> {
  await logRunEvents(db, [{ run, logType, message }], now);
}

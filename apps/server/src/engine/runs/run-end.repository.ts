import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { ClaimedRun, RunOutcome } from './run.js';
import type { RunFence } from './run-fence.repository.js';
import { logRunEvents, sidOfRunColumns, type RunLogType } from './run-log.repository.js';

/** One run's end: its fence, final outcome and log line (RunExecution decides them). */
export interface RunEnd {
  fence: RunFence;
  run: ClaimedRun;
  outcome: RunOutcome;
  logType: RunLogType;
  logLine: RunText;
}

/**
 * A run's end, written for many runs at once (engine/worker/run-end-batcher.ts gathers them): one
 * fenced multi-row update — each row still matched by (id, lease_owner, attempt, state RUNNING),
 * exactly the one-row fence — and the log lines of the rows it changed. Answers the ends written
 * (those a fence refused are not) and the database's now they were written at.
 */
export async function writeEnds(
  scope: WriteScope,
  db: Db,
  ends: readonly RunEnd[],
): Promise<{ ended: RunEnd[]; now: number }> {
  const now = await databaseNow(scope, db.dialect);
  const pg = db.dialect === 'postgres';
  const values = sql.join(
    ends.map(({ fence, outcome }) => {
      const text = storedRunText(outcome.message, 2000);
      return pg
        ? sql`(${fence.runId}::text, ${fence.owner}::text, ${fence.attempt}::integer, ${outcome.status}::text, ${text.message}::text, ${text.message_key}::text, ${text.message_params}::text)`
        : sql`(${fence.runId}, ${fence.owner}, ${fence.attempt}, ${outcome.status}, ${text.message}, ${text.message_key}, ${text.message_params})`;
    }),
  );
  const { rows } = await sql<{
    id: string;
  }>`with v (run_id, owner, attempt, state, message, message_key, message_params) as (values ${values})
    update job_runs set state = v.state, message = v.message, message_key = v.message_key,
      message_params = v.message_params, finished_at = ${now}, lease_owner = null, lease_until = null
    from v where job_runs.id = v.run_id and job_runs.lease_owner = v.owner and job_runs.attempt = v.attempt
      and job_runs.state = 'RUNNING'
    returning job_runs.id as id`.execute(scope);
  const endedIds = new Set(rows.map((row) => row.id));
  const ended = ends.filter(({ fence }) => endedIds.has(fence.runId));
  await logRunEvents(
    scope,
    db.dialect,
    ended.map(({ run, logType, logLine }) => ({ run, logType, message: logLine })),
    now,
  );
  return { ended, now };
}

/** The same writes as writeEnds, as one PostgreSQL statement (data-modifying CTEs commit together). */
export async function writeEndsInOneStatement(db: Db, ends: readonly RunEnd[]): Promise<void> {
  const values = sql.join(
    ends.map(({ fence, outcome, logType, logLine }, ord) => {
      const text = storedRunText(outcome.message, 2000);
      const line = storedRunText(logLine);
      return sql`(${fence.runId}::text, ${fence.owner}::text, ${fence.attempt}::integer, ${outcome.status}::text,
        ${text.message}::text, ${text.message_key}::text, ${text.message_params}::text, ${logType}::text,
        ${line.message}::text, ${line.message_key}::text, ${line.message_params}::text, ${ord}::integer)`;
    }),
  );
  await sql`with clock as materialized (
      select (extract(epoch from clock_timestamp()) * 1000)::bigint as now
    ), v (run_id, owner, attempt, state, message, message_key, message_params, log_type, log_message,
      log_key, log_params, ord) as (values ${values}
    ), ended as (
      update job_runs set state = v.state, message = v.message, message_key = v.message_key,
        message_params = v.message_params, finished_at = clock.now, lease_owner = null, lease_until = null
      from v, clock
      where job_runs.id = v.run_id and job_runs.lease_owner = v.owner and job_runs.attempt = v.attempt
        and job_runs.state = 'RUNNING'
      returning job_runs.owner_kind, job_runs.company_code, job_runs.legacy_id, job_runs.job_instance_no,
        job_runs.finished_at, v.log_type, v.log_message, v.log_key, v.log_params, v.ord
    )
    insert into system_log (sid, company_code, job_instance_no, log_type, message, message_key,
      message_params, msg_source, created_at)
    select ${sidOfRunColumns('e')},
      substr(e.company_code, 1, 32), substr(e.job_instance_no, 1, 160), e.log_type, e.log_message, e.log_key,
      e.log_params, 'worker', e.finished_at
    from ended e order by e.ord`.execute(db.kysely);
}

import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import type { ClaimedRun, RunOutcome } from './job-handler.js';
import type { RunFence } from './run-fence.repository.js';
import { logRunEvents, type RunLogType } from './run-log.js';

/** One run's end: its fence, final outcome and log line (RunExecution decides them). */
export interface RunEnd {
  fence: RunFence;
  run: ClaimedRun;
  outcome: RunOutcome;
  logType: RunLogType;
  logLine: RunText;
}

/** Ends written by one statement at most (seven parameters each). */
const MAX_BATCH = 200;

interface Pending {
  end: RunEnd;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes the ends of the runs that finish together in one transaction (issue 19): one fenced
 * multi-row update — each row still matched by (id, lease_owner, attempt, state RUNNING), exactly
 * the one-row fence — and one insert of the log lines of the rows it changed. A run's end paid a
 * transaction of its own (5 round trips on PostgreSQL), the largest share of a fire's database time
 * in the benchmark's profile. Nothing waits to fill a batch: the ends pending when the previous
 * write returns go together. Should a batch fail, its ends are written one by one, so one bad row
 * cannot send the others to lease recovery (and a second execution).
 */
export class RunEndBatcher {
  private pending: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  end(end: RunEnd): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ end, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /**
   * PostgreSQL: one statement, which is its own transaction — the clock, the fenced update and the
   * log lines of the rows it changed (issue 19: BEGIN, now, update, insert, COMMIT were five round
   * trips). SQLite: a write transaction (the group commit shares it with other writers).
   */
  private write(ends: readonly RunEnd[]): Promise<void> {
    if (this.db.dialect === 'postgres') return writeEndsInOneStatement(this.db, ends);
    return inWriteTransaction(this.db, (scope) => writeEnds(scope, this.db, ends));
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          await this.write(batch.map((p) => p.end));
          for (const p of batch) p.resolve();
        } catch {
          for (const p of batch) await this.write([p.end]).then(p.resolve, p.reject);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

async function writeEnds(scope: WriteScope, db: Db, ends: readonly RunEnd[]): Promise<void> {
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
  const ended = new Set(rows.map((row) => row.id));
  await logRunEvents(
    scope,
    ends
      .filter(({ fence }) => ended.has(fence.runId))
      .map(({ run, logType, logLine }) => ({ run, logType, message: logLine })),
    now,
  );
}

/** The same writes as writeEnds, as one PostgreSQL statement (data-modifying CTEs commit together). */
async function writeEndsInOneStatement(db: Db, ends: readonly RunEnd[]): Promise<void> {
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
    select substr(coalesce(
        case when e.owner_kind = 'chain'
          then (select sid from chain_jobs where company_code = e.company_code and chain_id = e.legacy_id)
          else (select sid from job_configs where company_code = e.company_code and legacy_id = e.legacy_id)
        end,
        (select sid from companies where company_code = e.company_code), ''), 1, 16),
      substr(e.company_code, 1, 32), substr(e.job_instance_no, 1, 160), e.log_type, e.log_message, e.log_key,
      e.log_params, 'worker', e.finished_at
    from ended e order by e.ord`.execute(db.kysely);
}

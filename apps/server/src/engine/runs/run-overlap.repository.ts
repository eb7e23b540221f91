import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { OverlapPolicy, RunState } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { StoredRunText } from '../../i18n/run-message.js';

/**
 * Issue 31: one run of a job at a time unless its overlap policy is `allow_all`, whatever queued the
 * run (a fire, Run immediately, a step re-run, a chain, a run that waited for its predecessors).
 *
 * A job's run is **held** — no claim takes it — while another run of the same job is RUNNING, or is
 * QUEUED or WAITING and older (queued_at, then id). The rule is safe under concurrent claims without
 * a lock of its own: of two unstarted runs of one job, the newer one always reads the older one's
 * state, and that state only moves QUEUED/WAITING → RUNNING → ended (or back to QUEUED); whatever
 * snapshot the newer one's claim reads, it sees the older one unstarted or RUNNING (held) or ended
 * (no overlap). A run asked to stop is never held: the claim ends it without running it. Nor is a
 * run whose job is gone (no policy to keep): it starts and ends at once, saying so, as before.
 *
 * `run` is the alias of the candidate's `job_runs` row in the outer query. The inner reads go by
 * `job_runs_state_idx (state, queued_at)`: the RUNNING runs are few, and the QUEUED runs older than a
 * candidate (the claim takes the oldest) are few too; SQLite is told so (its statistics would prefer
 * the job's index, every run the job ever had).
 */
export function heldByOverlap(dialect: DialectName, run: string): RawBuilder<SqlBool> {
  const r = (column: string) => sql.ref(`${run}.${column}`);
  const others = dialect === 'sqlite' ? sql`job_runs o indexed by job_runs_state_idx` : sql`job_runs o`;
  const sameJob = sql`o.company_code = ${r('company_code')} and o.legacy_id = ${r('legacy_id')}
    and o.owner_kind = 'job' and o.id <> ${r('id')}`;
  const older = sql`(o.queued_at < ${r('queued_at')} or (o.queued_at = ${r('queued_at')} and o.id < ${r('id')}))`;
  return sql<SqlBool>`(${r('owner_kind')} = 'job' and ${r('cancel_requested_by')} is null
    and exists (select 1 from job_configs oj where oj.company_code = ${r('company_code')}
      and oj.legacy_id = ${r('legacy_id')} and oj.overlap_policy <> 'allow_all')
    and (exists (select 1 from ${others} where o.state = 'RUNNING' and ${sameJob})
      or exists (select 1 from ${others} where o.state = 'QUEUED' and ${older} and ${sameJob})
      or exists (select 1 from ${others} where o.state = 'WAITING' and ${older} and ${sameJob})))`;
}

/** What a hand-started run (Run immediately, a step re-run) finds of its job, read under the job's lock. */
export interface JobActivity {
  /** Null: the job is gone. */
  job: { overlap_policy: OverlapPolicy; has_suspend: 'Y' | 'N' } | null;
  /** The job's unfinished runs (QUEUED, WAITING, RUNNING), oldest first, `except` left out. */
  active: { id: string; job_instance_no: string; state: RunState }[];
}

/**
 * The job and its unfinished runs, in the caller's write transaction. PostgreSQL: the job's row is
 * locked `FOR UPDATE` first — the firing pass locks it the same way (fire-owners.repository.ts) — so a
 * fire, a Run immediately and a step re-run of one job are decided one after the other, each seeing
 * what the other committed (the runs are read by a later statement than the lock). SQLite: the
 * caller's `BEGIN IMMEDIATE` already serialises every writer.
 */
export async function jobActivityLocked(
  scope: WriteScope,
  dialect: DialectName,
  companyCode: string,
  legacyId: string,
  except?: string,
): Promise<JobActivity> {
  const job = await scope
    .selectFrom('job_configs')
    .select(['overlap_policy', 'has_suspend'])
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  const active = await scope
    .selectFrom('job_runs')
    .select(['id', 'job_instance_no', 'state'])
    .where('state', 'in', ['QUEUED', 'WAITING', 'RUNNING'])
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .$if(except !== undefined, (query) => query.where('id', '<>', except ?? ''))
    .orderBy('queued_at')
    .execute();
  return { job: job ?? null, active };
}

/**
 * The job's runs waiting to start by themselves (QUEUED or WAITING, never claimed: attempt 0, not a
 * chain's member, not `except`) end SKIPPED with `text` — the job was suspended while they waited. A
 * step re-run (claimed before) and a chain's member (its chain decides) are left to run.
 */
export async function skipRunsNotStarted(
  scope: WriteScope,
  job: { companyCode: string; legacyId: string; except: string },
  text: StoredRunText,
  now: number,
): Promise<number> {
  const result = await scope
    .updateTable('job_runs')
    .set({ state: 'SKIPPED', ...text, finished_at: now, wait_until: null })
    .where('state', 'in', ['QUEUED', 'WAITING'])
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', job.companyCode)
    .where('legacy_id', '=', job.legacyId)
    .where('attempt', '=', 0)
    .where('parent_run_id', 'is', null)
    .where('cancel_requested_by', 'is', null)
    .where('id', '<>', job.except)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

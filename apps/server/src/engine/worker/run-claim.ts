import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { JobRunTable, TriggerOwnerKind } from '../../db/schema.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { runMessage, storedRunText, type RunText } from '../../i18n/run-message.js';
import type { ClaimedRun } from './job-handler.js';
import { missingPredecessors, parsePredecessors } from './predecessors.js';
import { logRunEvent, logRunEvents, type RunEvent } from './run-log.js';

export interface ClaimRequest {
  nodeId: string;
  ownerKind: TriggerOwnerKind;
  /** How many runs this node may still start. */
  limit: number;
  leaseMs: number;
  /** How long a run waits for its predecessors before it ends ERROR. */
  waitLimitMs: number;
}

type RunRow = Selectable<JobRunTable>;

/** How many WAITING runs one pass re-checks (they are few: one per job at most, overlap allowing). */
const WAITING_BATCH = 50;

/**
 * Claims up to `limit` runs in one write transaction, deciding for each candidate:
 * - cancel asked while queued or waiting → ends ERROR "stopped by {user}" without running;
 * - a scheduled job run with unfinished predecessors → WAITING (wait_until = now + limit), or ERROR
 *   naming them once a WAITING run is past its wait_until; still waiting → left alone;
 * - otherwise → RUNNING with lease_owner = this node, lease_until = now + lease, attempt + 1.
 *
 * Concurrency: the candidates are locked for the whole transaction — PostgreSQL `FOR UPDATE SKIP
 * LOCKED` (another node's claim skips them instead of waiting, and never sees them QUEUED after we
 * commit), SQLite `BEGIN IMMEDIATE` (the write lock is taken before the read, so two connections or
 * processes cannot both read a run as QUEUED). Hence each claim happens exactly once; the attempt
 * increment gives the new holder a fence that excludes every earlier holder.
 */
export async function claimRuns(db: Db, request: ClaimRequest): Promise<ClaimedRun[]> {
  if (request.limit <= 0) return [];
  if (db.dialect === 'postgres') {
    const plain = await claimPlainRuns(db, request);
    if (plain) return plain;
  }
  return inWriteTransaction(db, async (scope) => {
    const now = await databaseNow(scope, db.dialect);
    const queued = await candidates(db, scope, request, 'QUEUED', request.limit);
    const waiting = await candidates(db, scope, request, 'WAITING', WAITING_BATCH);
    const ordered = [...queued, ...waiting].sort((a, b) => a.queued_at - b.queued_at);
    const criteria = await predecessorCriteria(
      scope,
      ordered.filter((run) => run.owner_kind === 'job' && run.kind === 'scheduled'),
    );
    const claimed: ClaimedRun[] = [];
    /** Decided to start, written together (below, or before a predecessor check that reads them). */
    let starting: RunRow[] = [];
    for (const run of ordered) {
      if (run.cancel_requested_by !== null) {
        await endWithoutRunning(
          scope,
          run,
          runMessage('runStoppedBy', { user: run.cancel_requested_by }),
          now,
        );
        continue;
      }
      if (run.owner_kind === 'job' && run.kind === 'scheduled') {
        const jobCriteria = criteria.get(jobKey(run)) ?? '';
        // A run started in this pass can be the job's previous run (its start is "since"), so a
        // predecessor check sees the starts decided before it, as if each were written at once.
        if (starting.length > 0 && parsePredecessors(jobCriteria).length > 0) {
          claimed.push(...(await startRuns(scope, starting, now, request)));
          starting = [];
        }
        const missing = await missingPredecessors(scope, run, jobCriteria);
        if (missing.length > 0) {
          await keepWaiting(scope, run, missing, now, request.waitLimitMs);
          continue;
        }
      }
      if (claimed.length + starting.length >= request.limit) continue;
      starting.push(run);
    }
    claimed.push(...(await startRuns(scope, starting, now, request)));
    return claimed;
  });
}

/**
 * PostgreSQL (issue 19): the common claim in one statement and one round trip — no BEGIN, no
 * separate read of the clock, no COMMIT of its own. It takes the oldest QUEUED runs `FOR UPDATE
 * SKIP LOCKED` (as `candidates` does), and starts them exactly as `startRuns` would (RUNNING, this
 * node's lease from the database's now, attempt + 1, "run started" lines) — but only when every
 * candidate is one the full claim would simply start: no cancel asked, never claimed before
 * (attempt 0: no takeover line to decide), no predecessors to check (the job's `legacy_criteria`
 * holds nothing but `|` and spaces; anything else counts as having some), and no WAITING run of
 * the kind to re-check. Otherwise it changes nothing and answers undefined: the caller runs the
 * full claim, which decides those cases one by one as before. The update and the log lines are
 * one statement, so they commit together.
 */
async function claimPlainRuns(db: Db, request: ClaimRequest): Promise<ClaimedRun[] | undefined> {
  const line = storedRunText(runMessage('runStartedOnNode', { node: request.nodeId }));
  const { rows } = await sql<{
    blocked: boolean;
    id: string | null;
    job_instance_no: string;
    owner_kind: ClaimedRun['owner_kind'];
    company_code: string;
    legacy_id: string;
    kind: ClaimedRun['kind'];
    trigger_id: string | null;
    scheduled_at: number | null;
    parent_run_id: string | null;
    requested_by: string | null;
    attempt: number;
    started_at: number;
  }>`with clock as materialized (
      select (extract(epoch from clock_timestamp()) * 1000)::bigint as now
    ), candidate as (
      select id, cancel_requested_by, attempt, kind, company_code, legacy_id from job_runs
      where state = 'QUEUED' and owner_kind = ${request.ownerKind}
      order by queued_at limit ${request.limit}
      for update skip locked
    ), blocked as (
      select 1 from candidate c
      where c.cancel_requested_by is not null or c.attempt <> 0
        or (c.kind = 'scheduled' and ${request.ownerKind} = 'job' and exists (
          select 1 from job_configs j where j.company_code = c.company_code and j.legacy_id = c.legacy_id
            and translate(j.legacy_criteria, '| ', '') <> ''))
      union all
      (select 1 from job_runs where state = 'WAITING' and owner_kind = ${request.ownerKind} limit 1)
    ), started as (
      update job_runs r set state = 'RUNNING', lease_owner = ${request.nodeId},
        lease_until = clock.now + ${request.leaseMs}::bigint, attempt = r.attempt + 1,
        started_at = clock.now, wait_until = null
      from candidate, clock
      where r.id = candidate.id and r.state = 'QUEUED' and not exists (select 1 from blocked)
      returning r.id, r.job_instance_no, r.owner_kind, r.company_code, r.legacy_id, r.kind, r.trigger_id,
        r.scheduled_at, r.parent_run_id, r.requested_by, r.attempt, r.started_at, r.queued_at
    ), logged as (
      insert into system_log (sid, company_code, job_instance_no, log_type, message, message_key,
        message_params, msg_source, created_at)
      select substr(coalesce(
          case when s.owner_kind = 'chain'
            then (select sid from chain_jobs where company_code = s.company_code and chain_id = s.legacy_id)
            else (select sid from job_configs where company_code = s.company_code and legacy_id = s.legacy_id)
          end,
          (select sid from companies where company_code = s.company_code), ''), 1, 16),
        substr(s.company_code, 1, 32), substr(s.job_instance_no, 1, 160), 'INFO', ${line.message},
        ${line.message_key}, ${line.message_params}, 'worker', s.started_at
      from started s order by s.queued_at, s.id
    )
    select exists (select 1 from blocked) as blocked, s.*
    from (select 1) as one left join started s on true
    order by s.queued_at, s.id`.execute(db.kysely);
  if (rows[0]?.blocked) return undefined;
  const claimed: ClaimedRun[] = [];
  for (const row of rows)
    if (row.id !== null)
      claimed.push({
        id: row.id,
        job_instance_no: row.job_instance_no,
        owner_kind: row.owner_kind,
        company_code: row.company_code,
        legacy_id: row.legacy_id,
        kind: row.kind,
        trigger_id: row.trigger_id,
        scheduled_at: row.scheduled_at === null ? null : Number(row.scheduled_at),
        parent_run_id: row.parent_run_id,
        requested_by: row.requested_by,
        lease_owner: request.nodeId,
        attempt: row.attempt,
        started_at: Number(row.started_at),
      });
  return claimed;
}

const jobKey = (run: { company_code: string; legacy_id: string }) => `${run.company_code}|${run.legacy_id}`;

/** The `legacy_criteria` of the candidates' jobs, in one query (a job that is gone has none). */
async function predecessorCriteria(scope: WriteScope, runs: readonly RunRow[]): Promise<Map<string, string>> {
  if (runs.length === 0) return new Map();
  const jobs = new Map(runs.map((run) => [jobKey(run), [run.company_code, run.legacy_id] as const]));
  const rows = await scope
    .selectFrom('job_configs')
    .select(['company_code', 'legacy_id', 'legacy_criteria'])
    .where((eb) =>
      eb(
        eb.refTuple('company_code', 'legacy_id'),
        'in',
        [...jobs.values()].map(([company, id]) => eb.tuple(company, id)),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [jobKey(row), row.legacy_criteria]));
}

function candidates(
  db: Db,
  scope: WriteScope,
  request: ClaimRequest,
  state: 'QUEUED' | 'WAITING',
  limit: number,
) {
  return scope
    .selectFrom('job_runs')
    .selectAll()
    .where('state', '=', state)
    .where('owner_kind', '=', request.ownerKind)
    .orderBy('queued_at')
    .limit(limit)
    .$if(db.dialect === 'postgres', (query) => query.forUpdate().skipLocked())
    .execute();
}

/**
 * RUNNING with this node's lease, for all `runs` at once: one update per state read (QUEUED,
 * WAITING), each row still matched by the state it was read in, `attempt = attempt + 1` — the
 * fence is the attempt the update returns — then one insert of their log lines. The rows are
 * locked by the claim's transaction, so each update changes exactly the rows read.
 */
async function startRuns(
  scope: WriteScope,
  runs: readonly RunRow[],
  now: number,
  request: ClaimRequest,
): Promise<ClaimedRun[]> {
  const attempts = new Map<string, number>();
  for (const state of ['QUEUED', 'WAITING'] as const) {
    const ids = runs.filter((run) => run.state === state).map((run) => run.id);
    if (ids.length === 0) continue;
    const rows = await scope
      .updateTable('job_runs')
      .set((eb) => ({
        state: 'RUNNING',
        lease_owner: request.nodeId,
        lease_until: now + request.leaseMs,
        attempt: eb('attempt', '+', 1),
        started_at: now,
        wait_until: null,
      }))
      .where('id', 'in', ids)
      .where('state', '=', state)
      .returning(['id', 'attempt'])
      .execute();
    for (const row of rows) attempts.set(row.id, row.attempt);
  }
  const started = runs.filter((run) => attempts.has(run.id));
  const takenOver = await afterLeaseExpiry(
    scope,
    started.filter((run) => (attempts.get(run.id) ?? 0) > 1),
  );
  await logRunEvents(
    scope,
    started.map((run): RunEvent => {
      const attempt = attempts.get(run.id) ?? 0;
      if (attempt <= 1)
        return { run, logType: 'INFO', message: runMessage('runStartedOnNode', { node: request.nodeId }) };
      return takenOver.has(run.id)
        ? {
            run,
            logType: 'WARNING',
            message: runMessage('runTakenOver', { node: request.nodeId, attempt }),
          }
        : { run, logType: 'INFO', message: runMessage('runResumed', { node: request.nodeId, attempt }) };
    }),
    now,
  );
  return started.map((run) => ({
    id: run.id,
    job_instance_no: run.job_instance_no,
    owner_kind: run.owner_kind,
    company_code: run.company_code,
    legacy_id: run.legacy_id,
    kind: run.kind,
    trigger_id: run.trigger_id,
    scheduled_at: run.scheduled_at,
    parent_run_id: run.parent_run_id,
    requested_by: run.requested_by,
    lease_owner: request.nodeId,
    attempt: attempts.get(run.id) ?? 0,
    started_at: now,
  }));
}

/**
 * The runs (claimed again, attempt > 1) that are back in the queue because a node's lease expired
 * (run-recovery's "lease of node … expired" line), as opposed to a step re-run (run-step's "step N
 * re-run requested by …") or a graceful hand-back at shutdown: only those are "taken over" (issue 17);
 * the others are "resumed". The latest of those lines of the run decides.
 */
async function afterLeaseExpiry(scope: WriteScope, runs: readonly RunRow[]): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const lines = await scope
    .selectFrom('system_log')
    .select(['company_code', 'job_instance_no', 'message', 'seq'])
    .where(
      'job_instance_no',
      'in',
      runs.map((run) => run.job_instance_no.slice(0, 160)),
    )
    .where('msg_source', '=', 'worker')
    .where((eb) =>
      eb.or([
        eb('message', 'like', 'lease of node % expired%'),
        eb('message', 'like', 'step % re-run requested by %'),
        eb('message', 'like', 'run handed back by node %'),
      ]),
    )
    .orderBy('seq')
    .execute();
  const latest = new Map<string, string>();
  for (const line of lines) latest.set(`${line.company_code}|${line.job_instance_no}`, line.message);
  return new Set(
    runs
      .filter((run) =>
        latest
          .get(`${run.company_code.slice(0, 32)}|${run.job_instance_no.slice(0, 160)}`)
          ?.startsWith('lease of node '),
      )
      .map((run) => run.id),
  );
}

async function keepWaiting(
  scope: WriteScope,
  run: RunRow,
  missing: readonly string[],
  now: number,
  waitLimitMs: number,
): Promise<void> {
  const names = missing.join(', ');
  if (run.state === 'QUEUED') {
    await scope
      .updateTable('job_runs')
      .set({
        state: 'WAITING',
        wait_until: now + waitLimitMs,
        ...storedRunText(runMessage('runWaitingFor', { names })),
      })
      .where('id', '=', run.id)
      .where('state', '=', 'QUEUED')
      .execute();
    await logRunEvent(scope, run, 'WARNING', runMessage('runWaitingForPredecessors', { names }), now);
  } else if (run.wait_until !== null && now >= run.wait_until) {
    await endWithoutRunning(scope, run, runMessage('runPredecessorsUnfinished', { names }), now);
  }
}

/** A QUEUED or WAITING run that will never run: ERROR now (the state compare is its fence). */
async function endWithoutRunning(
  scope: WriteScope,
  run: RunRow,
  message: RunText,
  now: number,
): Promise<void> {
  await scope
    .updateTable('job_runs')
    .set({ state: 'ERROR', ...storedRunText(message), finished_at: now, wait_until: null })
    .where('id', '=', run.id)
    .where('state', '=', run.state)
    .execute();
  await logRunEvent(scope, run, 'ERROR', message, now);
}

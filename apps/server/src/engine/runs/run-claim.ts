import type { Selectable } from 'kysely';
import type { Db, DialectName } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { JobRunTable } from '../../db/schema.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { runMessage, type RunText } from '../../i18n/run-message.js';
import {
  afterLeaseExpiry,
  claimCandidates,
  claimPlainRuns,
  endUnstarted,
  jobKey,
  markWaiting,
  nextDueQueuedAt,
  predecessorCriteria,
  startRunRows,
  type ClaimRequest,
} from './run-claim.repository.js';
import type { ClaimedRun } from './run.js';
import { missingPredecessors, parsePredecessors } from './predecessors.js';
import { logRunEvent, logRunEvents, type RunEvent } from './run-log.repository.js';
import { raiseRunEnd } from '../alerts/run-alerts.js';

export type { ClaimRequest };

type RunRow = Selectable<JobRunTable>;

/** How many WAITING runs one pass re-checks (they are few: one per job at most, overlap allowing). */
const WAITING_BATCH = 50;

/**
 * Claims up to `limit` runs in one write transaction, deciding for each candidate:
 * - cancel asked while queued or waiting → ends STOPPED "stopped by {user}" without running;
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
  return (await claimDueRuns(db, request)).runs;
}

export interface Claim {
  runs: ClaimedRun[];
  /**
   * In how many ms (the database's clock) the earliest QUEUED run of the kind not yet due is due —
   * a run fired ahead (issue 19); the worker claims again then. Undefined: none.
   */
  nextDueInMs: number | undefined;
}

/** `claimRuns`, and when the next run fired ahead falls due. */
export async function claimDueRuns(db: Db, request: ClaimRequest): Promise<Claim> {
  if (request.limit <= 0) return { runs: [], nextDueInMs: undefined };
  if (db.dialect === 'postgres') {
    const plain = await claimPlainRuns(db, request);
    if (plain) return plain;
  }
  return inWriteTransaction(db, async (scope) => {
    const now = await databaseNow(scope, db.dialect);
    const queued = await claimCandidates(scope, db.dialect, request.ownerKind, 'QUEUED', request.limit, now);
    const waiting = await claimCandidates(
      scope,
      db.dialect,
      request.ownerKind,
      'WAITING',
      WAITING_BATCH,
      now,
    );
    const nextDueAt =
      queued.length < request.limit ? await nextDueQueuedAt(scope, request.ownerKind, now) : undefined;
    const nextDueInMs = nextDueAt === undefined ? undefined : nextDueAt - now;
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
          request,
          'STOPPED',
        );
        continue;
      }
      // A run back for a step's retry (docs/retries.md) checked its predecessors when it first started.
      if (run.owner_kind === 'job' && run.kind === 'scheduled' && run.retry_at == null) {
        const jobCriteria = criteria.get(jobKey(run)) ?? '';
        // A run started in this pass can be the job's previous run (its start is "since"), so a
        // predecessor check sees the starts decided before it, as if each were written at once.
        if (starting.length > 0 && parsePredecessors(jobCriteria).length > 0) {
          claimed.push(...(await startRuns(scope, db.dialect, starting, now, request)));
          starting = [];
        }
        const missing = await missingPredecessors(scope, run, jobCriteria);
        if (missing.length > 0) {
          await keepWaiting(scope, run, missing, now, request);
          continue;
        }
      }
      if (claimed.length + starting.length >= request.limit) continue;
      starting.push(run);
    }
    claimed.push(...(await startRuns(scope, db.dialect, starting, now, request)));
    return { runs: claimed, nextDueInMs };
  });
}

/**
 * RUNNING with this node's lease, for all `runs` at once: one update per state read (QUEUED,
 * WAITING), each row still matched by the state it was read in, `attempt = attempt + 1` — the
 * fence is the attempt the update returns — then one insert of their log lines. The rows are
 * locked by the claim's transaction, so each update changes exactly the rows read.
 */
async function startRuns(
  scope: WriteScope,
  dialect: DialectName,
  runs: readonly RunRow[],
  now: number,
  request: ClaimRequest,
): Promise<ClaimedRun[]> {
  const attempts = new Map<string, number>();
  for (const state of ['QUEUED', 'WAITING'] as const) {
    const ids = runs.filter((run) => run.state === state).map((run) => run.id);
    if (ids.length === 0) continue;
    const rows = await startRunRows(scope, ids, state, now, request);
    for (const row of rows) attempts.set(row.id, row.attempt);
  }
  const started = runs.filter((run) => attempts.has(run.id));
  const takenOver = await afterLeaseExpiry(
    scope,
    started.filter((run) => (attempts.get(run.id) ?? 0) > 1),
  );
  await logRunEvents(
    scope,
    dialect,
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

async function keepWaiting(
  scope: WriteScope,
  run: RunRow,
  missing: readonly string[],
  now: number,
  request: Pick<ClaimRequest, 'waitLimitMs' | 'alerts'>,
): Promise<void> {
  const names = missing.join(', ');
  if (run.state === 'QUEUED') {
    await markWaiting(scope, run.id, now + request.waitLimitMs, runMessage('runWaitingFor', { names }));
    await logRunEvent(scope, run, 'WARNING', runMessage('runWaitingForPredecessors', { names }), now);
  } else if (run.wait_until !== null && now >= run.wait_until) {
    await endWithoutRunning(scope, run, runMessage('runPredecessorsUnfinished', { names }), now, request);
  }
}

/** A QUEUED or WAITING run that will never run: ERROR (or STOPPED) now (the state compare is its fence). */
async function endWithoutRunning(
  scope: WriteScope,
  run: RunRow,
  message: RunText,
  now: number,
  request: Pick<ClaimRequest, 'alerts'>,
  endState: 'ERROR' | 'STOPPED' = 'ERROR',
): Promise<void> {
  await endUnstarted(scope, run, message, now, endState);
  await logRunEvent(scope, run, endState === 'STOPPED' ? 'WARNING' : 'ERROR', message, now);
  await raiseRunEnd(scope, request.alerts, run, endState, now);
}

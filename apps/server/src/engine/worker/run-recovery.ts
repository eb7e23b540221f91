import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { JobRunTable } from '../../db/schema.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { logRunEvent } from '../runs/run-log.repository.js';
import { runMessage } from '../../i18n/run-message.js';
import { expiredRuns, recoverRun } from '../runs/run-recovery.repository.js';
import { endRunningSteps } from '../runs/run-steps.repository.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { raiseRunEnd } from '../alerts/run-alerts.js';

export interface RecoveryOptions {
  /** This node, named in the log lines. */
  nodeId: string;
  maxAttempts: number;
  /** Where a run ended ERROR "node lost" or STOPPED raises its alert (issue 35). */
  alerts?: AlertSink | undefined;
}

export interface RecoveryResult {
  requeued: string[];
  lost: string[];
  stopped: string[];
}

/** Expired leases handled per pass; the next pass takes the rest. */
const RECOVERY_BATCH = 100;

/**
 * Any node, periodically: every RUNNING run whose lease ran out (database clock) is requeued while
 * `attempt < maxAttempts` (attempt kept: the next claim increments it, fencing the old owner out),
 * else ended ERROR "node lost"; a run whose cancel was asked ends STOPPED "stopped by {user}"
 * (issue 31), the steps it left running STOPPED too.
 *
 * Concurrency: each change is a compare-and-set on the row as read (id, owner, attempt, state
 * RUNNING, lease still expired). If the owner heartbeated in between, or another node recovered the
 * run first, it changes no row and nothing is logged — so a run is recovered, and logged, once.
 */
export async function recoverExpiredRuns(db: Db, options: RecoveryOptions): Promise<RecoveryResult> {
  const now = await databaseNow(db.kysely, db.dialect);
  const expired = await expiredRuns(db.kysely, now, RECOVERY_BATCH);
  const result: RecoveryResult = { requeued: [], lost: [], stopped: [] };
  for (const run of expired) {
    const outcome = await inWriteTransaction(db, (scope) => recoverOne(scope, run, now, options));
    if (outcome) result[outcome].push(run.id);
  }
  return result;
}

/** Requeues or ends one expired run, with its log line, in one transaction; undefined if it moved on. */
async function recoverOne(
  scope: WriteScope,
  run: Selectable<JobRunTable>,
  now: number,
  options: RecoveryOptions,
): Promise<keyof RecoveryResult | undefined> {
  const requeue = run.cancel_requested_by === null && run.attempt < options.maxAttempts;
  const message =
    run.cancel_requested_by !== null
      ? runMessage('runStoppedBy', { user: run.cancel_requested_by })
      : runMessage('runNodeLost');
  const stopped = run.cancel_requested_by !== null;
  const endState = stopped ? 'STOPPED' : 'ERROR';
  const changed = await recoverRun(scope, run, requeue ? null : message, now, endState);
  if (!changed) return undefined;
  const owner = run.lease_owner ?? 'unknown';
  if (requeue) {
    const line = runMessage('runLeaseExpired', { node: owner, attempt: run.attempt, by: options.nodeId });
    await logRunEvent(scope, run, 'WARNING', line, now);
    return 'requeued';
  }
  await endRunningSteps(scope, run.id, message, now, endState);
  await raiseRunEnd(scope, options.alerts, run, endState, now);
  if (stopped) {
    await logRunEvent(scope, run, 'WARNING', message, now);
    return 'stopped';
  }
  await logRunEvent(
    scope,
    run,
    'ERROR',
    runMessage('runNodeLostLine', { node: owner, attempt: run.attempt }),
    now,
  );
  return 'lost';
}

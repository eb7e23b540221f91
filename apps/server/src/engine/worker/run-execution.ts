import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import type { ClaimedRun, RunOutcome, StepRetry } from '../runs/run.js';
import { requeueForRetry } from '../runs/run-retry.repository.js';
import { stepName } from '../runs/run-steps.js';
import type { JobHandler } from './job-handler.js';
import type { RunEndBatcher } from './run-end-batcher.js';
import {
  completeRun,
  extendLease,
  handBackRun,
  holdsRun,
  writeRunMessage,
  type RunFence,
} from '../runs/run-fence.repository.js';
import { logRunEvent, type RunLogType } from '../runs/run-log.repository.js';
import { runMessage, type RunText } from '../../i18n/run-message.js';
import { RunStoppedError, type RunStopReason } from './run-stop-reason.js';
import { isDatabaseUnavailable } from '../../db/database-errors.js';
import { reconnectDelay } from '../../db/reconnect-delay.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { raiseRunEnd } from '../alerts/run-alerts.js';

export interface RunExecutionDeps {
  db: Db;
  handler: JobHandler;
  leaseMs: number;
  heartbeatMs: number;
  onError(error: unknown): void;
  /** Writes ends in batches (the worker's); without it each run ends in a transaction of its own. */
  ends?: RunEndBatcher;
  /** The handler has returned (the end is still to be written): the worker may use its slot. */
  onHandlerReturned?: () => void;
  /** Where an end in ERROR or STOPPED raises its alert (without a batcher; the batcher has its own). */
  alerts?: AlertSink;
}

/** The log line's type of a run's end: a Stop is a WARNING (an operator's act, not an error). */
export function logTypeOf(status: RunOutcome['status']): RunLogType {
  if (status === 'FINISHED') return 'INFO';
  return status === 'STOPPED' ? 'WARNING' : status;
}

/**
 * One claimed run on this node: runs the handler, heartbeats the lease, and ends the run with a
 * fenced write. The first stop reason wins (cancel, lease lost, shutdown) and decides the end:
 * cancelled → STOPPED "stopped by {user}" (issue 31: not an error); shutdown → handed back to the queue;
 * lease lost → no write at all (the run belongs to someone else now; a write would be fenced out anyway);
 * database lost → handed back once the database takes the write (or taken over after the lease, like a kill).
 */
export class RunExecution {
  readonly fence: RunFence;
  readonly done: Promise<void>;
  private readonly controller = new AbortController();
  private stopReason: RunStopReason | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private heartbeating = false;
  /** The handler has returned or thrown; only the end's write (or hand-back) is left. */
  handlerReturned = false;

  constructor(
    readonly run: ClaimedRun,
    private readonly deps: RunExecutionDeps,
  ) {
    this.fence = { runId: run.id, owner: run.lease_owner, attempt: run.attempt };
    this.done = this.execute();
  }

  get stoppedBecause(): RunStopReason | undefined {
    return this.stopReason;
  }

  /** Aborts the handler; ignored when the run is already stopping for another reason. */
  stop(reason: RunStopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort(new RunStoppedError(reason));
  }

  /** Shutdown: abort, give the handler `graceMs` to return, then hand the run back regardless. */
  async shutdown(graceMs: number): Promise<void> {
    this.stop({ kind: 'shutdown' });
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.done, grace]);
    clearTimeout(timer);
    if (this.stopReason?.kind === 'shutdown') await this.handBack();
  }

  private async execute(): Promise<void> {
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.deps.heartbeatMs);
    let outcome: RunOutcome;
    try {
      outcome = await this.deps.handler.run(this.run, {
        signal: this.controller.signal,
        report: (message) => this.report(message),
        fenced: (work) => this.fenced(work),
      });
    } catch (error) {
      // A statement failed because the database went away: nothing is ended, the run is handed back.
      if (isDatabaseUnavailable(error)) this.stop({ kind: 'database-lost' });
      outcome = { status: 'ERROR', message: error instanceof Error ? error.message : String(error) };
    } finally {
      clearInterval(this.heartbeatTimer);
    }
    // finish() reads the stop reason before its first await: a stop from now on changes nothing.
    const ending = this.finish(outcome);
    this.handlerReturned = true;
    this.deps.onHandlerReturned?.();
    try {
      await ending;
    } catch (error) {
      // The database is unreachable: the lease expires and recovery takes the run.
      this.deps.onError(error);
    }
  }

  private async finish(outcome: RunOutcome): Promise<void> {
    const reason = this.stopReason;
    if (reason?.kind === 'lease-lost') return;
    if (reason?.kind === 'shutdown') return this.handBack();
    if (reason?.kind === 'database-lost') return this.handBackOnceReachable();
    if (!reason && outcome.retry) return this.requeueForRetry(outcome.retry, outcome.message);
    const final: RunOutcome =
      reason?.kind === 'cancelled'
        ? { status: 'STOPPED', message: runMessage('runStoppedBy', { user: reason.by }) }
        : outcome;
    const logLine =
      reason?.kind === 'cancelled'
        ? runMessage('runLogStoppedBy', { user: reason.by })
        : final.message
          ? runMessage('runEndedWith', { status: final.status, detail: final.message })
          : runMessage('runEnded', { status: final.status });
    const logType = logTypeOf(final.status);
    // With a batcher, the ends of runs finishing together share one transaction (issue 19).
    if (this.deps.ends)
      return this.deps.ends.end({ fence: this.fence, run: this.run, outcome: final, logType, logLine });
    // The fenced end and its log line commit together: the log never tells of an end that a
    // fence refused, and a reader who sees the end also sees the line.
    await inWriteTransaction(this.deps.db, async (scope) => {
      const now = await databaseNow(scope, this.deps.db.dialect);
      if (!(await completeRun(scope, this.fence, final, now))) return;
      await logRunEvent(scope, this.run, logType, logLine, now);
      await raiseRunEnd(scope, this.deps.alerts, this.run, final.status, now);
    });
  }

  /**
   * A step failed in a way that may pass and has attempts left (docs/retries.md): the run goes back to
   * the queue, due at the database's now + the delay, with its failed attempt kept; the line and the
   * requeue commit together. Any node takes it when it is due.
   */
  private async requeueForRetry(retry: StepRetry, detail: RunText): Promise<void> {
    await inWriteTransaction(this.deps.db, async (scope) => {
      const now = await databaseNow(scope, this.deps.db.dialect);
      const at = now + retry.delayMs;
      const shownAt = new Date(at).toISOString();
      const step = { step: retry.step, name: stepName(retry.step), max: retry.max, at: shownAt, detail };
      const waiting = runMessage('runRetryWaiting', { ...step, next: retry.attempt });
      if (!(await requeueForRetry(scope, this.fence, retry, at, waiting))) return;
      const line = runMessage('stepRetryScheduled', {
        ...step,
        attempt: retry.attempt - 1,
        next: retry.attempt,
      });
      await logRunEvent(scope, this.run, 'WARNING', line, now);
    });
  }

  private async handBack(): Promise<void> {
    await inWriteTransaction(this.deps.db, async (scope) => {
      if (!(await handBackRun(scope, this.fence))) return;
      const now = await databaseNow(scope, this.deps.db.dialect);
      const line = runMessage('runHandedBack', { node: this.run.lease_owner });
      await logRunEvent(scope, this.run, 'WARNING', line, now);
    });
  }

  /**
   * The run lost the database (a restart, a terminated connection, a network cut): its steps stay as
   * they were (the one under way RUNNING), and the run goes back to the queue as soon as the database
   * takes the write — retried with backoff and jitter for as long as the lease lasts. A database that
   * stays away longer lets the lease expire: recovery takes the run over, as after a node kill.
   */
  private async handBackOnceReachable(): Promise<void> {
    const deadline = Date.now() + this.deps.leaseMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.handBack();
      } catch (error) {
        const wait = reconnectDelay(attempt);
        if (!isDatabaseUnavailable(error, { fromDatabase: true }) || Date.now() + wait >= deadline)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** A failed statement of the run: when the database is unreachable, the run stops (database-lost). */
  private lost(error: unknown): never {
    if (isDatabaseUnavailable(error, { fromDatabase: true })) this.stop({ kind: 'database-lost' });
    throw error;
  }

  /** The handler's progress message, fenced: a lost lease aborts the handler and rejects. */
  private async report(message: RunText): Promise<void> {
    const written = await writeRunMessage(this.deps.db.kysely, this.fence, message).catch((error) =>
      this.lost(error),
    );
    if (written) return;
    this.stop({ kind: 'lease-lost' });
    throw new RunStoppedError({ kind: 'lease-lost' });
  }

  /** `work` in a write transaction that holds the fence (see JobHandlerContext.fenced). */
  private async fenced<T>(work: (scope: WriteScope) => Promise<T>): Promise<T> {
    const result = await inWriteTransaction(this.deps.db, async (scope) => {
      if (!(await holdsRun(scope, this.fence))) return { held: false as const };
      return { held: true as const, value: await work(scope) };
    }).catch((error) => this.lost(error));
    if (result.held) return result.value;
    this.stop({ kind: 'lease-lost' });
    throw new RunStoppedError({ kind: 'lease-lost' });
  }

  /**
   * Extends the lease from the database's now. No row changed → the lease was taken (expired and
   * requeued or claimed by another node): abort before the handler delivers anything more.
   * A failed heartbeat (database unreachable) is retried at the next tick.
   */
  private async heartbeat(): Promise<void> {
    if (this.heartbeating) return;
    this.heartbeating = true;
    try {
      const now = await databaseNow(this.deps.db.kysely, this.deps.db.dialect);
      const lease = await extendLease(this.deps.db.kysely, this.fence, now + this.deps.leaseMs);
      if (!lease) this.stop({ kind: 'lease-lost' });
      else if (lease.cancelRequestedBy !== null)
        this.stop({ kind: 'cancelled', by: lease.cancelRequestedBy });
    } catch (error) {
      this.deps.onError(error);
    } finally {
      this.heartbeating = false;
    }
  }
}

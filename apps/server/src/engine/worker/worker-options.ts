import type { Db } from '../../db/database.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import type { SchedulerSignal } from '../scheduler/scheduler-signal.js';
import type { JobHandler } from './job-handler.js';

export interface WorkerOptions {
  db: Db;
  signal: SchedulerSignal;
  /** Runs the job runs; chain runs are run by the worker's own chain runner. */
  handler: JobHandler;
  /** Defaults to `{hostname}:{pid}:{random}`. */
  nodeId?: string;
  /** Job runs held at once (default 4). */
  concurrency?: number;
  /** Chain runs held at once (default 4): they only wait for their members, apart from the job slots. */
  chainConcurrency?: number;
  /** Lease length (default 30 s); heartbeat every `heartbeatMs` (default a sixth of the lease). */
  leaseMs?: number;
  heartbeatMs?: number;
  /** Claim pass when no signal came (default 2 s). */
  pollMs?: number;
  /** Expired-lease recovery pass (default 5 s). */
  recoveryMs?: number;
  /** Claims of one run before a lost node ends it ERROR "node lost" (default 2). */
  maxAttempts?: number;
  /** Predecessor wait limit (default 24 h). */
  waitLimitMs?: number;
  /** How long shutdown lets an aborted handler return before handing its run back (default 10 s). */
  shutdownGraceMs?: number;
  /** Time zone of chain members' job instance numbers (LIS_TIMEZONE). */
  timeZone?: string;
  /** Reported, never thrown: a failed pass is retried at the next tick. */
  onError?: (error: unknown) => void;
  /**
   * Where runs ending ERROR or STOPPED raise RUN_ERROR / RUN_STOPPED (issue 35) — however they end:
   * their handler, the claim (a cancel, predecessors waited for too long), lease recovery.
   */
  alerts?: AlertSink;
}

export type ResolvedWorkerOptions = Required<Omit<WorkerOptions, 'nodeId' | 'alerts'>> & {
  nodeId: string;
  alerts: AlertSink | undefined;
};

export function resolveWorkerOptions(options: WorkerOptions, nodeId: string): ResolvedWorkerOptions {
  const leaseMs = options.leaseMs ?? 30_000;
  return {
    ...options,
    nodeId,
    alerts: options.alerts,
    concurrency: options.concurrency ?? 4,
    chainConcurrency: options.chainConcurrency ?? 4,
    leaseMs,
    heartbeatMs: options.heartbeatMs ?? Math.max(50, Math.floor(leaseMs / 6)),
    pollMs: options.pollMs ?? 2_000,
    recoveryMs: options.recoveryMs ?? 5_000,
    maxAttempts: options.maxAttempts ?? 2,
    waitLimitMs: options.waitLimitMs ?? 24 * 60 * 60 * 1000,
    shutdownGraceMs: options.shutdownGraceMs ?? 10_000,
    timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    onError: options.onError ?? (() => undefined),
  };
}

// One node in the benchmark: a Scheduler (and optionally a Worker with a no-op handler) with the
// loop's passes timed: a pass runs from the end of the loop's sleep (or the previous pass) to its
// metrics callback, so its duration is how long fires wait for their transaction to commit beyond
// the `queued_at` the transaction stamped at its start.
import type { Db } from '../../apps/server/src/db/database.js';
import type { FireOutcome } from '../../apps/server/src/engine/scheduler/fire-due-triggers.js';
import {
  SCHEDULER_DEFAULT_FIRE_AHEAD_MS,
  Scheduler,
} from '../../apps/server/src/engine/scheduler/scheduler-loop.js';
import type { SchedulerSignal } from '../../apps/server/src/engine/scheduler/scheduler-signal.js';
import { realTimer } from '../../apps/server/src/engine/scheduler/scheduler-timer.js';
import type { JobHandler } from '../../apps/server/src/engine/worker/job-handler.js';
import { Worker } from '../../apps/server/src/engine/worker/worker.js';
import { TIME_ZONE } from './bench-database.js';

/**
 * The no-op job. It notes when the handler was entered, minus the scheduled time, on this
 * process's clock (the database runs on the same machine, so the same clock): the start as the job
 * itself sees it, after the claiming (or firing) transaction has committed.
 */
export function noopHandler(entered: number[]): JobHandler {
  return {
    run: async (run) => {
      if (run.scheduled_at !== null) entered.push(Date.now() - Number(run.scheduled_at));
      return { status: 'FINISHED', message: 'no-op' };
    },
  };
}

/** BENCH_HAND_OFF=0: the firing pass only queues, the worker claims everything (the engine before issue 19). */
export const handOffEnabled = process.env.BENCH_HAND_OFF !== '0';
/** BENCH_FIRE_AHEAD_MS: the scheduler's fire-ahead window (decision 0032); 0 compares with firing at the due time. */
export const fireAheadMs = Number(process.env.BENCH_FIRE_AHEAD_MS ?? SCHEDULER_DEFAULT_FIRE_AHEAD_MS);

export interface NodeCounters {
  passes: number;
  queued: number;
  failures: number;
  lastError?: string;
  /** Durations of the passes that took at least one trigger (ms). */
  passMs: number[];
  /** Wall-clock time (Date.now) when the queued count last grew. */
  lastQueuedAt: number;
  /** Handler entered − scheduled time (ms, this process's clock), per run. */
  enteredMs: number[];
  /** Runs the firing passes started at once (hand-off to this node's worker). */
  handedOff: number;
}

export interface BenchNodeOptions {
  db: Db;
  signal: SchedulerSignal;
  nodeId: string;
  /** Worker job slots; 0 = no worker. */
  workerConcurrency: number;
  batchSize?: number;
  leaseMs?: number;
}

export class BenchNode {
  readonly counters: NodeCounters = {
    passes: 0,
    queued: 0,
    failures: 0,
    passMs: [],
    lastQueuedAt: 0,
    enteredMs: [],
    handedOff: 0,
  };
  readonly scheduler: Scheduler;
  readonly worker: Worker | undefined;
  private mark = 0;

  constructor(options: BenchNodeOptions) {
    const counters = this.counters;
    const onError = (error: unknown) => {
      counters.failures += 1;
      counters.lastError = error instanceof Error ? error.message : String(error);
    };
    this.worker =
      options.workerConcurrency > 0
        ? new Worker({
            db: options.db,
            signal: options.signal,
            handler: noopHandler(counters.enteredMs),
            nodeId: options.nodeId,
            concurrency: options.workerConcurrency,
            timeZone: TIME_ZONE,
            onError,
            ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
          })
        : undefined;
    this.scheduler = new Scheduler(
      {
        db: options.db,
        signal: options.signal,
        nodeId: options.nodeId,
        ...(this.worker && handOffEnabled ? { starter: this.worker } : {}),
        timer: {
          sleep: async (ms, wake) => {
            await realTimer.sleep(ms, wake);
            this.mark = performance.now();
          },
        },
        metrics: {
          passed: (outcome: FireOutcome) => {
            const now = performance.now();
            counters.passes += 1;
            counters.handedOff += outcome.started?.length ?? 0;
            if (outcome.triggers > 0) counters.passMs.push(now - this.mark);
            if (outcome.queued > 0) {
              counters.queued += outcome.queued;
              counters.lastQueuedAt = Date.now();
            }
            this.mark = now;
          },
          failed: onError,
        },
      },
      { timeZone: TIME_ZONE, fireAheadMs, ...(options.batchSize ? { batchSize: options.batchSize } : {}) },
    );
  }

  async start(): Promise<void> {
    await this.worker?.start();
    this.mark = performance.now();
    this.scheduler.start();
  }

  async stopScheduler(): Promise<void> {
    await this.scheduler.stop();
  }

  async stopWorker(): Promise<void> {
    await this.worker?.stop();
  }
}

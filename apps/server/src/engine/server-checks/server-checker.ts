import { realTimer, type SchedulerTimer } from '../scheduler/scheduler-timer.js';
import { runServerChecks, type CheckPassOutcome, type ServerCheckPassDeps } from './server-check-pass.js';

export interface ServerCheckerOptions {
  /** LIS_SERVER_CHECK_INTERVAL_SECONDS: a pass is due this long after the last one finished, on any node. */
  intervalMs: number;
  /** How often a node looks whether a pass is due (one conditional UPDATE). Default min(interval, 30 s). */
  lookEveryMs?: number;
  /** The first look after start. Default 30 s. */
  firstDelayMs?: number;
}

export interface ServerCheckerDeps extends ServerCheckPassDeps {
  timer?: SchedulerTimer;
  /** Every pass's outcome (metrics, tests). */
  passed?(outcome: CheckPassOutcome): void;
  failed(error: unknown): void;
}

/**
 * The connection checks of a worker node (issue 35, decision 0049): it looks every `lookEveryMs`
 * whether a pass is due and runs it when it takes the lease, so a cluster checks each server about
 * once per interval in all, whichever node does it.
 */
export class ServerChecker {
  private running: Promise<void> | undefined;
  private stopping = new AbortController();
  private readonly timer: SchedulerTimer;

  constructor(
    private readonly deps: ServerCheckerDeps,
    private readonly options: ServerCheckerOptions,
  ) {
    this.timer = deps.timer ?? realTimer;
  }

  start(): void {
    if (this.running || this.options.intervalMs <= 0) return;
    this.stopping = new AbortController();
    this.running = this.loop();
  }

  /** Stops after the check under way (its result is recorded or not at all); the lease is let go. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
    this.running = undefined;
  }

  /** One pass now if due (`minIntervalMs` after the last, any node's; 0: due now) and the lease is free. */
  pass(minIntervalMs = this.options.intervalMs): Promise<CheckPassOutcome> {
    return runServerChecks(this.deps, { minIntervalMs, signal: this.stopping.signal });
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopping;
    const lookEvery = this.options.lookEveryMs ?? Math.min(this.options.intervalMs, 30_000);
    await this.timer.sleep(this.options.firstDelayMs ?? 30_000, signal);
    while (!signal.aborted) {
      try {
        const outcome = await this.pass();
        if (outcome.ran) this.deps.passed?.(outcome);
      } catch (error) {
        this.deps.failed(error);
      }
      if (!signal.aborted) await this.timer.sleep(lookEvery, signal);
    }
  }
}

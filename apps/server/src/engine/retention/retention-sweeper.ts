import { RetentionSweep, type RetentionSweepOptions, type SweepOutcome } from './retention-sweep.js';

export interface RetentionSweeperOptions extends RetentionSweepOptions {
  /** A sweep is due this long after the last one finished, on any node. Default one hour. */
  intervalMs?: number;
  /** The first look after start. Default one minute. */
  firstDelayMs?: number;
  /** How often a node looks whether a sweep is due (cheap: one conditional UPDATE). Default 5 minutes. */
  checkEveryMs?: number;
  onSwept?(outcome: SweepOutcome): void;
  onError(error: unknown): void;
}

/**
 * Runs the retention sweep on a worker node: shortly after start, then whenever one is due — the lease
 * row lets one node sweep at a time and records when the last sweep finished, so a cluster of worker
 * nodes sweeps about once per interval in all, not once per node.
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly stopping = new AbortController();
  readonly sweep: RetentionSweep;

  constructor(private readonly options: RetentionSweeperOptions) {
    this.sweep = new RetentionSweep(options);
  }

  start(): void {
    const tick = () => {
      this.running = this.sweep
        .run({ minIntervalMs: this.options.intervalMs ?? 3_600_000, signal: this.stopping.signal })
        .then((outcome) => this.options.onSwept?.(outcome))
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.checkEveryMs ?? 300_000);
        });
    };
    this.timer = setTimeout(tick, this.options.firstDelayMs ?? 60_000);
  }

  /** Stops between batches; the lease is let go and the next sweep (any node) continues. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.running;
  }
}

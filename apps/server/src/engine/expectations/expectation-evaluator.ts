import type { SchedulerSignal, SignalCompanies } from '../scheduler/scheduler-signal.js';
import { realTimer, type SchedulerTimer } from '../scheduler/scheduler-timer.js';
import { evaluateExpectations, type ExpectationPassDeps, type PassOutcome } from './expectation-pass.js';

export interface ExpectationEvaluatorOptions {
  /** The longest sleep: bounds what a lost notification or a change on another node costs. */
  maxSleepMs?: number;
  /** A pass woken by runs waits at least this long after the previous pass began. */
  minSignalGapMs?: number;
  /** The pause after a failed pass (database down). */
  errorDelayMs?: number;
}

export interface ExpectationEvaluatorDeps extends ExpectationPassDeps {
  signal: SchedulerSignal;
  timer?: SchedulerTimer;
  /** Every pass's outcome (metrics, tests). */
  passed?(outcome: PassOutcome): void;
  failed?(error: unknown): void;
}

/**
 * The expectation evaluator of a scheduler node (issue 35): passes (expectation-pass.ts) that sleep
 * until the next warning time, deadline or day — read from the database, capped at `maxSleepMs` —
 * and wake early when a run is queued, progresses or ends (topics `runs` and `progress`: a step 1 that
 * ended is followed by the next step's start or the run's end) or an expectation changes (`triggers`),
 * so ON_TIME and RECOVERED show within about `minSignalGapMs`. Every scheduler node runs one; what
 * one decides the others find decided (the conditional updates), so more nodes only cost reads.
 */
export class ExpectationEvaluator {
  private readonly options: Required<ExpectationEvaluatorOptions>;
  private readonly timer: SchedulerTimer;
  private running: Promise<void> | undefined;
  private stopping = false;
  private stopped = new AbortController();
  private wake = new AbortController();
  private unsubscribe: (() => void) | undefined;
  /** Companies whose runs changed since the last pass; 'all' when not known. */
  private dirty: Set<string> | 'all' | undefined;

  constructor(
    private readonly deps: ExpectationEvaluatorDeps,
    options: ExpectationEvaluatorOptions = {},
  ) {
    this.options = { maxSleepMs: 60_000, minSignalGapMs: 1_000, errorDelayMs: 5_000, ...options };
    this.timer = deps.timer ?? realTimer;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.stopped = new AbortController();
    this.unsubscribe = this.deps.signal.subscribe(
      (companies) => this.heard(companies),
      ['runs', 'progress', 'triggers'],
    );
    this.running = this.loop();
  }

  /** Stops after the current pass (each of its transactions commits or rolls back whole). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.stopped.abort();
    this.wake.abort();
    await this.running;
    this.running = undefined;
  }

  private heard(companies: SignalCompanies): void {
    if (!companies || this.dirty === 'all') this.dirty = 'all';
    else this.dirty = new Set([...(this.dirty ?? []), ...companies]);
    this.wake.abort();
  }

  private async loop(): Promise<void> {
    /** Companies to look at for arrivals; undefined: every open day (a timed pass, the first). */
    let companies: ReadonlySet<string> | undefined;
    while (!this.stopping) {
      const began = Date.now();
      this.dirty = undefined;
      let delay: number;
      try {
        const outcome = await evaluateExpectations(this.deps, companies);
        this.deps.passed?.(outcome);
        delay = Math.min(Math.max(outcome.nextDueAt - outcome.now, 0), this.options.maxSleepMs);
      } catch (error) {
        this.deps.failed?.(error);
        delay = this.options.errorDelayMs;
      }
      if (this.stopping) break;
      const wake = this.wake;
      // News that came during the pass wakes the sleep at once (its controller is already aborted).
      if (this.dirty === undefined || delay === 0) await this.timer.sleep(delay, wake.signal);
      if (this.stopping) break;
      if (wake.signal.aborted) {
        this.wake = new AbortController();
        // Woken by news: a short gap first, so a busy cluster's progress does not make passes back to back.
        const gap = began + this.options.minSignalGapMs - Date.now();
        if (gap > 0) await this.timer.sleep(gap, this.stopped.signal);
        const dirty = this.dirty as Set<string> | 'all' | undefined;
        companies = dirty === 'all' || dirty === undefined ? undefined : dirty;
      } else {
        companies = undefined;
      }
    }
  }
}

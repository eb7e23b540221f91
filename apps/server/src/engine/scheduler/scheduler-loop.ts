import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { ClaimedRun } from '../runs/run.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { countDueBy, earliestNextFire } from './acquire-due-triggers.repository.js';
import { fireDueTriggers, type FireOptions, type FireOutcome } from './fire-due-triggers.js';
import type { HeldFilter, MaintenanceWindows } from './maintenance-hold.js';
import type { SchedulerSignal } from './scheduler-signal.js';
import { realTimer, type SchedulerTimer } from './scheduler-timer.js';
import { StuckFireDetector, type StuckFire } from './stuck-fires.js';

/** Triggers taken per firing pass unless configured. */
export const SCHEDULER_DEFAULT_BATCH_SIZE = 100;

/**
 * How long before its due time a trigger is fired (its run queued from its scheduled time): the
 * firing's writes then happen before the instant, not in its lateness (issue 19).
 */
export const SCHEDULER_DEFAULT_FIRE_AHEAD_MS = 500;

/**
 * The widest fire-ahead window: a backlog that would take longer to fire starts being fired this long
 * before its instant (and the rest after it).
 */
export const SCHEDULER_MAX_FIRE_AHEAD_MS = 5_000;

/** A pass's cost per trigger assumed before any pass was measured (PostgreSQL on a loaded 2-core machine). */
const INITIAL_MS_PER_TRIGGER = 0.5;

/** A pass of at least this many triggers measures the cost per trigger. */
const MEASURED_PASS_TRIGGERS = 20;

/** The pause when every due trigger is locked by another node's pass. */
const LOCKED_RETRY_MS = 25;

export interface SchedulerOptions {
  /** LIS_TIMEZONE: run numbers are stamped in it. */
  timeZone: string;
  /** LIS_MISFIRE_THRESHOLD. */
  misfireThresholdMs?: number;
  /** Triggers taken per transaction. */
  batchSize?: number;
  /** Fire triggers due within this many ms (0: only due ones); see `firesAhead`. */
  fireAheadMs?: number;
  /** The longest sleep: bounds the cost of a lost notification. */
  maxSleepMs?: number;
  /** The pause after a failed pass (database down). */
  errorDelayMs?: number;
  /** How often to look for stuck fires (fire times more than twice the threshold past). */
  stuckCheckIntervalMs?: number;
}

/** Observations for /metrics; every method is optional to implement. */
export interface SchedulerMetrics {
  passed?(outcome: FireOutcome): void;
  failed?(error: unknown): void;
  stuck?(fires: StuckFire[]): void;
}

/**
 * This node's worker, when the node runs both roles: a pass starts due job runs in its free slots
 * in the firing transaction and hands them over without a claim round trip (issue 19).
 */
export interface RunStarter {
  readonly nodeId: string;
  readonly leaseMs: number;
  /** Reserves up to `max` free job slots for one pass; answers how many. */
  reserveSlots(max: number): number;
  /**
   * The pass is over: `runs` were started for this node; the rest of `reserved` is free again.
   * `queued`: the pass also queued runs it did not start — the worker claims at once, without
   * waiting for the `runs` notification to come back from the database (issue 19).
   */
  adopt(runs: readonly ClaimedRun[], reserved: number, queued?: boolean): void;
}

export interface SchedulerDependencies {
  db: Db;
  signal: SchedulerSignal;
  nodeId: string;
  timer?: SchedulerTimer;
  metrics?: SchedulerMetrics;
  starter?: RunStarter;
  /** Maintenance windows (issue 34): due triggers of a company in maintenance are held, not fired. */
  maintenance?: MaintenanceWindows;
  /** Where a misfire that recorded missed fire times raises MISFIRE (issue 35). */
  alerts?: AlertSink;
}

/**
 * One node's firing loop (DESIGN §3): fire what is due, wake the workers (topic `runs`), sleep until
 * the earliest next fire (read from the database, capped at `maxSleepMs`), wake early on the
 * signal's `triggers` topic (a run ending or being queued by hand changes no fire time). Sleeping
 * too little costs one empty pass; it can never fire early, because each pass decides what is due
 * by the database's clock inside its transaction. Triggers due within `fireAheadMs` are fired a
 * little ahead where that cannot change what they do (`firesAhead`): their runs wait in the queue
 * until their scheduled time, and every worker claims them then (`DueWake`).
 */
export class Scheduler {
  private readonly options: Required<SchedulerOptions>;
  private readonly timer: SchedulerTimer;
  private running: Promise<void> | undefined;
  private stopping = false;
  /** Aborted to cut the current sleep short; replaced before each sleep. */
  private wake = new AbortController();
  private unsubscribe: (() => void) | undefined;
  private readonly stuckFires: StuckFireDetector;
  private nextStuckCheck = 0;
  /**
   * The fire-ahead window of the next passes: `fireAheadMs`, or longer when the next instant brings
   * more triggers than this node can fire in that time (a bank's thousands of `0 0 * * * ?` jobs).
   */
  private window: number;
  /** What a pass costs per trigger (moving average of the full-enough passes), in ms. */
  private msPerTrigger = INITIAL_MS_PER_TRIGGER;

  constructor(
    private readonly deps: SchedulerDependencies,
    options: SchedulerOptions,
  ) {
    this.options = {
      misfireThresholdMs: 60_000,
      batchSize: SCHEDULER_DEFAULT_BATCH_SIZE,
      fireAheadMs: SCHEDULER_DEFAULT_FIRE_AHEAD_MS,
      maxSleepMs: 5_000,
      errorDelayMs: 1_000,
      stuckCheckIntervalMs: 30_000,
      ...options,
    };
    this.timer = deps.timer ?? realTimer;
    this.window = this.options.fireAheadMs;
    this.stuckFires = new StuckFireDetector(
      deps.db,
      2 * this.options.misfireThresholdMs,
      undefined,
      deps.maintenance,
    );
  }

  get nodeId(): string {
    return this.deps.nodeId;
  }

  /** The fire-ahead window the next passes use (ms): `fireAheadMs`, or wider before a large backlog. */
  get fireAheadWindowMs(): number {
    return this.window;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    // A wake-up that arrives while a pass runs aborts the controller the next sleep will use,
    // so the sleep returns at once: no notification is lost between a pass and its sleep.
    // A window written anywhere raises `triggers` too: the maintenance windows are read again.
    this.unsubscribe = this.deps.signal.subscribe(() => {
      this.deps.maintenance?.changed();
      this.wake.abort();
    }, ['triggers']);
    this.running = this.loop();
  }

  /** Stops after the current pass (its transaction commits or rolls back whole). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.wake.abort();
    await this.running;
    this.running = undefined;
  }

  /** One pass: fires what is due and returns how long to sleep. */
  async runOnce(): Promise<number> {
    const { db, signal, metrics } = this.deps;
    const outcome = await this.fire();
    metrics?.passed?.(outcome);
    if (outcome.queued > 0) await signal.notify('runs', outcome.companies);
    // A full batch: more may be due (unless it left some for their due time: see below).
    if (outcome.triggers >= this.options.batchSize && outcome.leftUntil === undefined) return 0;
    // Triggers held by maintenance are not waited for: the loop wakes at the maintenance's end.
    const held = outcome.maintenance?.held;
    const [now, earliest] = await Promise.all([
      databaseNow(db.kysely, db.dialect),
      earliestNextFire(db.kysely, held),
    ]);
    const maintenanceEnd = outcome.maintenance?.nextEnd;
    const sleep = (ms: number) =>
      Math.min(
        ms,
        this.options.maxSleepMs,
        maintenanceEnd === undefined ? Infinity : Math.max(maintenanceEnd - now, 0),
      );
    if (earliest === undefined) return sleep(this.options.maxSleepMs);
    // Due but nothing taken: another node holds those triggers (SKIP LOCKED) and is firing them.
    if (outcome.triggers === 0 && earliest <= now) return LOCKED_RETRY_MS;
    // The next pass when the earliest trigger enters the fire-ahead window; one already in it was
    // left by this pass (its job busy, off …) and fires at its due time.
    this.window = await this.windowFor(earliest, held);
    const entersWindow = earliest - this.window;
    const wakeAt = entersWindow > now ? entersWindow : earliest;
    return sleep(Math.max(wakeAt - now, 0));
  }

  /**
   * The fire-ahead window for the instant `earliest`: `fireAheadMs`, widened to twice the time this
   * node's passes would take to fire the triggers due by the end of that window (at most
   * SCHEDULER_MAX_FIRE_AHEAD_MS), so that a large backlog is fired before its instant instead of
   * after it. Fire ahead off (0): off.
   */
  private async windowFor(earliest: number, held: HeldFilter | undefined): Promise<number> {
    const base = this.options.fireAheadMs;
    if (base <= 0) return 0;
    const cap = Math.ceil(SCHEDULER_MAX_FIRE_AHEAD_MS / this.msPerTrigger);
    const backlog = await countDueBy(this.deps.db.kysely, earliest + base, cap, held);
    return Math.min(SCHEDULER_MAX_FIRE_AHEAD_MS, Math.max(base, Math.ceil(2 * backlog * this.msPerTrigger)));
  }

  /**
   * The firing pass, with this node's free worker slots reserved by the pass for its due triggers
   * (none for triggers fired ahead), and handed the runs it started.
   */
  private async fire(): Promise<FireOutcome> {
    const { db, starter, maintenance, alerts } = this.deps;
    let reserved = 0;
    const window = {
      ...this.options,
      fireAheadMs: this.window,
      ...(maintenance ? { maintenance } : {}),
      ...(alerts ? { alerts } : {}),
    };
    const options: FireOptions = starter
      ? {
          ...window,
          handOff: {
            nodeId: starter.nodeId,
            leaseMs: starter.leaseMs,
            remaining: 0,
            reserve: (max) => {
              const granted = starter.reserveSlots(Math.min(max, this.options.batchSize));
              reserved += granted;
              return granted;
            },
          },
        }
      : window;
    let outcome: FireOutcome | undefined;
    const passStarted = performance.now();
    try {
      outcome = await fireDueTriggers(db, options);
      // Passes of a few triggers cost their fixed statements, not per trigger: not counted.
      if (outcome.triggers >= MEASURED_PASS_TRIGGERS)
        this.msPerTrigger =
          0.7 * this.msPerTrigger + (0.3 * (performance.now() - passStarted)) / outcome.triggers;
      return outcome;
    } finally {
      // Also after a failed pass: its reservation is freed (a commit that did go through although
      // it reported an error leaves RUNNING runs nobody runs: their lease expires, recovery requeues them).
      const started = outcome?.started ?? [];
      starter?.adopt(started, reserved, (outcome?.queued ?? 0) > started.length);
    }
  }

  /** Runs the stuck-fire check when it is time; never lets it stop the firing. */
  private async checkStuckFires(): Promise<void> {
    if (Date.now() < this.nextStuckCheck) return;
    this.nextStuckCheck = Date.now() + this.options.stuckCheckIntervalMs;
    try {
      const stuck = await this.stuckFires.check();
      if (stuck.length > 0) this.deps.metrics?.stuck?.(stuck);
    } catch (error) {
      this.deps.metrics?.failed?.(error);
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      await this.checkStuckFires();
      let delay: number;
      try {
        delay = await this.runOnce();
      } catch (error) {
        this.deps.metrics?.failed?.(error);
        delay = this.options.errorDelayMs;
      }
      if (this.stopping) break;
      const wake = this.wake;
      if (delay > 0) await this.timer.sleep(delay, wake.signal);
      // No pause: still let the event loop turn. On SQLite a pass's statements complete at once, so
      // back-to-back passes were one chain of microtasks that kept every timer, socket and worker
      // claim waiting until the backlog was fired (issue 19: in a burst of 10,000 triggers the worker
      // started nothing for the first second, the API answered nothing meanwhile).
      else await new Promise<void>((resolve) => setImmediate(resolve));
      if (wake.signal.aborted && !this.stopping) this.wake = new AbortController();
    }
  }
}

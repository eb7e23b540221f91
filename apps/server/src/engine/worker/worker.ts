import { databaseNow } from '../../db/database-clock.js';
import type { TriggerOwnerKind } from '../../db/schema.js';
import { ChainRunner } from './chain-runner.js';
import type { ClaimedRun } from '../runs/run.js';
import { createNodeId } from './node-registry.js';
import { NodeRegistry } from './node-registry.repository.js';
import { claimDueRuns } from '../runs/run-claim.js';
import { DueWake } from './due-wake.js';
import { RunEndBatcher } from './run-end-batcher.js';
import { RunExecution } from './run-execution.js';
import { cancelRequestsOf } from '../runs/run-fence.repository.js';
import { recoverExpiredRuns } from './run-recovery.js';
import { resolveWorkerOptions, type ResolvedWorkerOptions, type WorkerOptions } from './worker-options.js';

/**
 * The `worker` role of a node: claims queued runs (leases, DESIGN §3 / decision 6), runs them,
 * heartbeats, ends them with fenced writes, recovers other nodes' expired leases, and hands its
 * runs back on stop(). Woken by the scheduler signal's `runs` topic (a run queued, cancelled or ended), otherwise polls.
 */
export class Worker {
  readonly nodeId: string;
  private readonly options: ResolvedWorkerOptions;
  private readonly registry: NodeRegistry;
  private readonly chainRunner: ChainRunner;
  private readonly ends: RunEndBatcher;
  private readonly executions = new Map<string, RunExecution>();
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | undefined;
  private pass: Promise<void> | undefined;
  private passAgain = false;
  private running = false;
  /** Job slots promised to a firing pass in flight (RunStarter): not claimed meanwhile. */
  private reservedSlots = 0;
  /** The last job claim filled every slot it asked for: older runs may still be queued. */
  private backlog = false;
  /** Claims again when the next run fired ahead falls due. */
  private readonly dueWake = new DueWake(() => this.wake());

  constructor(options: WorkerOptions) {
    this.nodeId = options.nodeId ?? createNodeId();
    this.options = resolveWorkerOptions(options, this.nodeId);
    this.registry = new NodeRegistry(options.db.kysely, this.nodeId);
    const { timeZone, pollMs } = this.options;
    this.chainRunner = new ChainRunner(options.db, timeZone, options.signal, pollMs);
    this.ends = new RunEndBatcher(options.db, options.alerts);
  }

  get leaseMs(): number {
    return this.options.leaseMs;
  }

  /** RunStarter: up to `max` free job slots, kept for this node's firing pass until adopt(). */
  reserveSlots(max: number): number {
    // Queued runs first: a fire must not start ahead of older runs waiting in the queue (and
    // slots held through a pass would sit idle while the backlog waits).
    if (!this.running || this.backlog) return 0;
    const free = this.options.concurrency - this.held('job') - this.reservedSlots;
    const granted = Math.max(0, Math.min(max, free));
    this.reservedSlots += granted;
    return granted;
  }

  /**
   * RunStarter: the runs the firing pass started for this node (RUNNING, our lease, attempt 1) run
   * here like claimed ones; the reservation is released. Stopped meanwhile: they are handed back.
   * Runs the pass queued beyond them are claimed at once (the notification would come back later).
   */
  adopt(runs: readonly ClaimedRun[], reserved: number, queued = false): void {
    this.reservedSlots -= reserved;
    for (const run of runs) {
      const execution = this.execute(run, 'job');
      if (!this.running) void execution.shutdown(0);
    }
    if (queued) this.wake();
  }

  /** Ids of the runs this node holds now. */
  heldRunIds(): string[] {
    return [...this.executions.keys()];
  }

  async start(): Promise<void> {
    if (this.running) return;
    const { db } = this.options;
    await this.registry.register(['worker'], await databaseNow(db.kysely, db.dialect));
    this.running = true;
    this.unsubscribe = this.options.signal.subscribe(() => this.wake(), ['runs']);
    this.every(this.options.pollMs, () => this.wake());
    this.every(this.options.recoveryMs, () => void this.recover());
    this.every(this.options.heartbeatMs, () => void this.nodeHeartbeat());
    this.wake();
  }

  /** Graceful: stop claiming, abort handlers, hand their runs back, mark the node stopped. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.dueWake.clear();
    await this.pass; // a claim in flight finishes first, so its runs are handed back too
    const executions = [...this.executions.values()];
    await Promise.all(executions.map((execution) => execution.shutdown(this.options.shutdownGraceMs)));
    const { db } = this.options;
    await this.registry.markStopped(await databaseNow(db.kysely, db.dialect));
  }

  /** One recovery pass (exposed so tests and the operator CLI can run one at once). */
  async recover(): Promise<void> {
    try {
      const result = await recoverExpiredRuns(this.options.db, this.options);
      if (result.requeued.length > 0) this.wake();
    } catch (error) {
      this.options.onError(error);
    }
  }

  /**
   * Coalesces wake-ups: at most one pass at a time, and one more if woken during it. The pass starts
   * once the current turn of the event loop is over, so the handlers returning in it all free their
   * slots first (issue 19: in the burst, the first of 64 no-op handlers to return woke a claim for
   * its one slot — a transaction for one run, every third claim).
   */
  private wake(): void {
    if (!this.running) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      do {
        this.passAgain = false;
        try {
          await this.claimPass();
        } catch (error) {
          this.options.onError(error);
        }
      } while (this.passAgain && this.running);
      this.pass = undefined;
    })();
  }

  /**
   * The cancels of held runs, the job claim and the chain claim are independent (their own rows and
   * slots): on PostgreSQL they go out at once on the pool, one round trip of waiting instead of
   * three (issue 19). All three settle before the pass ends, so the next pass counts what they took.
   */
  private async claimPass(): Promise<void> {
    const results = await Promise.allSettled([
      this.applyCancels(),
      this.claim('job', this.options.concurrency),
      this.claim('chain', this.options.chainConcurrency),
    ]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  }

  /** A cancel on a run held here aborts it at once (the heartbeat would see it too, later). */
  private async applyCancels(): Promise<void> {
    const requests = await cancelRequestsOf(this.options.db.kysely, this.heldRunIds());
    for (const [runId, by] of requests) this.executions.get(runId)?.stop({ kind: 'cancelled', by });
  }

  /**
   * Slots in use: runs whose handler is still running. A run whose handler returned holds no slot
   * while its end is written (issue 19: the next claim's commit and the end's commit overlap,
   * instead of each turn of the slots waiting for both in a row) — but at most `slots` such runs
   * at once: beyond that they count again, so the runs this node holds (executed, their end not yet
   * durable) never exceed twice its slots, even when the writes of the ends are stuck.
   */
  private held(ownerKind: TriggerOwnerKind): number {
    const slots = ownerKind === 'job' ? this.options.concurrency : this.options.chainConcurrency;
    let running = 0;
    let ending = 0;
    for (const execution of this.executions.values())
      if (execution.run.owner_kind === ownerKind) {
        if (execution.handlerReturned) ending += 1;
        else running += 1;
      }
    return running + Math.max(0, ending - slots);
  }

  private async claim(ownerKind: TriggerOwnerKind, slots: number): Promise<void> {
    const held = this.held(ownerKind) + (ownerKind === 'job' ? this.reservedSlots : 0);
    if (!this.running || held >= slots) return;
    const { runs: claimed, nextDueInMs } = await claimDueRuns(this.options.db, {
      nodeId: this.nodeId,
      ownerKind,
      limit: slots - held,
      leaseMs: this.options.leaseMs,
      waitLimitMs: this.options.waitLimitMs,
      alerts: this.options.alerts,
    });
    if (nextDueInMs !== undefined && this.running) this.dueWake.after(nextDueInMs);
    if (ownerKind === 'job') this.backlog = claimed.length >= slots - held;
    for (const run of claimed) this.execute(run, ownerKind);
  }

  private execute(run: ClaimedRun, ownerKind: TriggerOwnerKind): RunExecution {
    const execution = new RunExecution(run, {
      db: this.options.db,
      handler: ownerKind === 'chain' ? this.chainRunner : this.options.handler,
      leaseMs: this.options.leaseMs,
      heartbeatMs: this.options.heartbeatMs,
      onError: this.options.onError,
      ends: this.ends,
      onHandlerReturned: () => this.wake(),
    });
    this.executions.set(run.id, execution);
    void execution.done.then(() => this.settled(run.id, run.company_code));
    return execution;
  }

  /** A run ended here: free its slot and wake whoever waits on it (a chain, another node). */
  private settled(runId: string, companyCode: string): void {
    this.executions.delete(runId);
    if (!this.running) return;
    this.options.signal.notify('runs', [companyCode]).catch(this.options.onError);
    this.wake();
  }

  private async nodeHeartbeat(): Promise<void> {
    try {
      const { db } = this.options;
      await this.registry.heartbeat(await databaseNow(db.kysely, db.dialect));
    } catch (error) {
      this.options.onError(error);
    }
  }

  private every(ms: number, action: () => void): void {
    const timer = setInterval(action, ms);
    timer.unref();
    this.timers.push(timer);
  }
}

// Benchmark 2: 10,000 triggers due in the same second. Each trigger is a one-shot Quartz
// expression with a year (`s m h d M ? yyyy`, UTC) for one instant a few seconds after seeding;
// one node fires them and its worker (no-op handler) starts them.
import type { DialectName } from '../../apps/server/src/db/database.js';
import { databaseNow } from '../../apps/server/src/db/database-clock.js';
import { createSchedulerSignal } from '../../apps/server/src/engine/scheduler/scheduler-signal.js';
import { SCHEDULER_MAX_FIRE_AHEAD_MS } from '../../apps/server/src/engine/scheduler/scheduler-loop.js';
import { createBenchDatabase, seedTriggers } from './bench-database.js';
import { auditFires, type FireAudit } from './fire-audit.js';
import { BenchNode } from './node-instruments.js';
import { distribution, sleep, type Distribution } from './stats.js';

export interface BurstCase {
  dialect: DialectName;
  triggers: number;
  workerConcurrency: number;
  /** Triggers per firing pass. */
  batchSize: number;
  /** Give up waiting for the starts this long after the instant. */
  timeoutMs: number;
}

export interface BurstResult extends BurstCase {
  /** The instant all triggers were due (epoch ms). */
  dueAt: number;
  audit: FireAudit;
  /** From the due instant until the last run was queued / started (database clock, ms). */
  allQueuedMs: number;
  allStartedMs: number | null;
  /** Fires per second while the burst was being queued. */
  firesPerSecond: number;
  pass: Distribution;
  /** Handler entered − due instant (ms, the node's clock), and the last of them: all entered. */
  entered: Distribution;
  handedOff: number;
  /** Every pass of the loop, including the empty ones (woken by a notification, nothing due). */
  passes: number;
  failures: number;
  lastError?: string;
}

/** A Quartz expression that fires once, at `at` (a whole second, UTC). */
function oneShot(at: number): string {
  const d = new Date(at);
  return `${d.getUTCSeconds()} ${d.getUTCMinutes()} ${d.getUTCHours()} ${d.getUTCDate()} ${d.getUTCMonth() + 1} ? ${d.getUTCFullYear()}`;
}

export async function benchBurst(spec: BurstCase): Promise<BurstResult> {
  const bench = await createBenchDatabase(spec.dialect);
  try {
    // Seeding 10,000 jobs and triggers, then the node up before the widest fire-ahead window opens,
    // as a scheduler that has been running would be (decision 0032).
    const lead = (spec.dialect === 'postgres' ? 8000 : 6000) + SCHEDULER_MAX_FIRE_AHEAD_MS;
    const dueAt = Math.ceil(((await databaseNow(bench.db.kysely, bench.db.dialect)) + lead) / 1000) * 1000;
    const initial = await seedTriggers(
      bench.db,
      spec.triggers,
      () => oneShot(dueAt),
      () => dueAt - 1000,
    );
    const seeded = await databaseNow(bench.db.kysely, bench.db.dialect);
    if (seeded >= dueAt - SCHEDULER_MAX_FIRE_AHEAD_MS - 500)
      throw new Error(`seeding took too long: ${seeded - dueAt} ms from the instant`);
    const signal = await createSchedulerSignal(bench.db, bench.url, bench.schema);
    const node = new BenchNode({
      db: bench.db,
      signal,
      nodeId: `burst-${spec.dialect}`,
      workerConcurrency: spec.workerConcurrency,
      batchSize: spec.batchSize,
    });
    await node.start();
    // Wait (cheaply: one count every 500 ms) until every run has started, or the timeout.
    const deadline = dueAt + spec.timeoutMs;
    for (;;) {
      await sleep(500);
      const row = await bench.db.kysely
        .selectFrom('job_runs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('started_at', 'is not', null)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= spec.triggers || Date.now() > deadline) break;
    }
    await node.stopScheduler();
    await node.stopWorker();
    await signal.close();
    const audit = await auditFires(bench.db, initial, await databaseNow(bench.db.kysely, bench.db.dialect));
    const times = await bench.db.kysely
      .selectFrom('job_runs')
      .select((eb) => [eb.fn.max('queued_at').as('queued'), eb.fn.max('started_at').as('started')])
      .executeTakeFirstOrThrow();
    const allQueuedMs = Number(times.queued) - dueAt;
    return {
      ...spec,
      dueAt,
      audit,
      allQueuedMs,
      allStartedMs: audit.notStarted === 0 && times.started !== null ? Number(times.started) - dueAt : null,
      firesPerSecond: Math.round(audit.fires / Math.max(allQueuedMs / 1000, 0.001)),
      pass: distribution(node.counters.passMs),
      entered: distribution(node.counters.enteredMs),
      handedOff: node.counters.handedOff,
      passes: node.counters.passes,
      failures: node.counters.failures,
      ...(node.counters.lastError ? { lastError: node.counters.lastError } : {}),
    };
  } finally {
    await bench.drop();
  }
}

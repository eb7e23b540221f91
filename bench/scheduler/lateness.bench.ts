// Benchmark 1: fire lateness with N active triggers, one node (scheduler + worker with a no-op
// handler), SQLite file or PostgreSQL schema.
import type { DialectName } from '../../apps/server/src/db/database.js';
import { databaseNow } from '../../apps/server/src/db/database-clock.js';
import { createSchedulerSignal } from '../../apps/server/src/engine/scheduler/scheduler-signal.js';
import { createBenchDatabase, seedTriggers } from './bench-database.js';
import { auditFires, drainRuns, type FireAudit } from './fire-audit.js';
import { BenchNode, fireAheadMs } from './node-instruments.js';
import { distribution, sleep, type Distribution } from './stats.js';

export interface LatenessCase {
  dialect: DialectName;
  triggers: number;
  /** 'spread': `S * * * * ?` with S = i % 60 (each trigger once a minute, every second has fires);
   * 'every-second': `* * * * * ?` (every trigger every second). */
  pattern: 'spread' | 'every-second';
  seconds: number;
  workerConcurrency: number;
  /** Triggers per firing pass. */
  batchSize: number;
}

export interface LatenessResult extends LatenessCase {
  audit: FireAudit;
  /** Fires per second over the run. */
  firesPerSecond: number;
  /** Duration of the firing passes (transaction start to commit, ms). */
  pass: Distribution;
  /** Handler entered − scheduled (ms, the node's clock): the start as the job sees it. */
  entered: Distribution;
  /** Runs the firing passes started at once on this node (no claim). */
  handedOff: number;
  /** Every pass of the loop, including the empty ones (woken by a notification, nothing due). */
  passes: number;
  failures: number;
  lastError?: string;
  /** Runs still QUEUED or RUNNING after the drain (the worker could not keep up). */
  undrained: number;
}

/** From the jobs written to the first fire time (the node must be up before it). */
const SETUP_LEAD_MS = 5000;

export async function benchLateness(spec: LatenessCase): Promise<LatenessResult> {
  const bench = await createBenchDatabase(spec.dialect);
  try {
    const expression = (i: number) => (spec.pattern === 'spread' ? `${i % 60} * * * * ?` : '* * * * * ?');
    // The first fires come 5 s after the jobs are written: seeding 10,000 triggers and starting the
    // node took over 2 s on PostgreSQL, and the first second's fires were then late by the setup.
    const initial = await seedTriggers(bench.db, spec.triggers, expression, (now) => now + SETUP_LEAD_MS);
    const signal = await createSchedulerSignal(bench.db, bench.url, bench.schema);
    const node = new BenchNode({
      db: bench.db,
      signal,
      nodeId: `bench-${spec.dialect}`,
      workerConcurrency: spec.workerConcurrency,
      batchSize: spec.batchSize,
    });
    const startedAt = await databaseNow(bench.db.kysely, bench.db.dialect);
    await node.start();
    const firstDue = Math.min(...initial.values());
    const ready = await databaseNow(bench.db.kysely, bench.db.dialect);
    if (ready >= firstDue - fireAheadMs)
      throw new Error(
        `setup took too long: the node started ${ready - firstDue} ms after the first due time`,
      );
    await sleep(spec.seconds * 1000);
    await node.stopScheduler();
    const stoppedAt = await databaseNow(bench.db.kysely, bench.db.dialect);
    const undrained = await drainRuns(bench.db, 15_000);
    await node.stopWorker();
    await signal.close();
    const audit = await auditFires(bench.db, initial, stoppedAt);
    return {
      ...spec,
      audit,
      firesPerSecond: Math.round((audit.fires / (stoppedAt - startedAt)) * 1000 * 10) / 10,
      pass: distribution(node.counters.passMs),
      entered: distribution(node.counters.enteredMs),
      handedOff: node.counters.handedOff,
      passes: node.counters.passes,
      failures: node.counters.failures,
      ...(node.counters.lastError ? { lastError: node.counters.lastError } : {}),
      undrained,
    };
  } finally {
    await bench.drop();
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import type { JobRunTable } from '../../db/schema.js';
import type { FireOutcome } from './fire-due-triggers.js';
import { Scheduler } from './scheduler-loop.js';
import { postgresSignal, type SchedulerSignal } from './scheduler-signal.js';
import { buildJobConfig, currentSchema } from './scheduler-test-support.js';
import { syncTriggers } from './trigger-sync.js';
import { eventually } from '../../test-support/eventually.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';

const url = process.env.TEST_DATABASE_URL;
const TZ = 'Asia/Bangkok';
const NODES = 3;
const JOBS = 40;
const MIN_FIRES = 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * DESIGN §3 / SECURITY "Reliability": three scheduler nodes, each with its own pool and its own
 * LISTEN connection, on one PostgreSQL database. Every fire time of every trigger must become
 * exactly one run: no duplicate (the unique index) and no gap (no lost fire).
 */
describe.skipIf(!url)('three scheduler nodes on one PostgreSQL database', () => {
  let test: TestDatabase;
  const pools: Db[] = [];
  const signals: SchedulerSignal[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    const jobs = Array.from({ length: JOBS }, (_, i) =>
      buildJobConfig({
        legacy_id: `JOB${String(i).padStart(3, '0')}`,
        cron_trigger: '* * * * * ?',
        overlap_policy: 'allow_all',
      }),
    );
    await test.db.kysely.insertInto('job_configs').values(jobs).execute();
    for (const job of jobs)
      await syncTriggers(
        test.db,
        { kind: 'job', companyCode: 'C1', ownerId: job.legacy_id },
        { timeZone: TZ },
      );
    const schema = await currentSchema(test.db);
    for (let i = 0; i < NODES; i += 1) {
      pools.push(test.reopen());
      signals.push(await postgresSignal(url ?? '', schema));
    }
  });
  afterAll(async () => {
    await Promise.all(signals.map((s) => s.close()));
    await test?.drop();
  });

  it('fires every fire time exactly once across the nodes', async () => {
    const queuedByNode = new Array<number>(NODES).fill(0);
    const failures: unknown[] = [];
    const schedulers = pools.map(
      (db, i) =>
        new Scheduler(
          {
            db,
            signal: signals[i] as SchedulerSignal,
            nodeId: `node-${i}`,
            metrics: {
              passed: (outcome: FireOutcome) => (queuedByNode[i] = (queuedByNode[i] ?? 0) + outcome.queued),
              failed: (error) => failures.push(error),
            },
          },
          { timeZone: TZ, batchSize: 16 },
        ),
    );
    const initial = await test.db.kysely.selectFrom('triggers').select(['id', 'next_fire_at']).execute();
    const firstDue = new Map(initial.map((t) => [t.id, Number(t.next_fire_at)]));
    const startedAt = Date.now();
    schedulers.forEach((s) => s.start());
    await eventually(() => queuedByNode.reduce((a, b) => a + b, 0) >= MIN_FIRES || failures.length > 0, {
      timeout: 30_000,
      interval: 100,
      message: `${MIN_FIRES} fires`,
    });
    await Promise.all(schedulers.map((s) => s.stop()));
    const ranForMs = Date.now() - startedAt;

    const runs: Pick<JobRunTable, 'trigger_id' | 'scheduled_at' | 'queued_at'>[] = await test.db.kysely
      .selectFrom('job_runs')
      .select(['trigger_id', 'scheduled_at', 'queued_at'])
      .orderBy('trigger_id')
      .orderBy('scheduled_at')
      .execute();
    const triggers = await test.db.kysely.selectFrom('triggers').selectAll().execute();
    const byTrigger = new Map<string, number[]>();
    for (const run of runs)
      byTrigger.set(run.trigger_id ?? '', [
        ...(byTrigger.get(run.trigger_id ?? '') ?? []),
        Number(run.scheduled_at),
      ]);
    expect(byTrigger.size).toBe(JOBS);
    for (const trigger of triggers) {
      const times = byTrigger.get(trigger.id) ?? [];
      const first = times[0] ?? 0;
      expect(first).toBe(firstDue.get(trigger.id)); // nothing lost before the first run
      // Consecutive seconds from the first to the last fire: no duplicate and no gap.
      expect(times).toEqual(times.map((_, i) => first + i * 1000));
      // The trigger agrees: the next fire is the one after the last run.
      expect(Number(trigger.prev_fire_at)).toBe(times.at(-1));
      expect(Number(trigger.next_fire_at)).toBe((times.at(-1) ?? 0) + 1000);
      expect(trigger.fire_count).toBe(times.length);
    }
    const lateness = runs
      .map((run) => Number(run.queued_at) - Number(run.scheduled_at))
      .sort((a, b) => a - b);
    expect(lateness[0]).toBeGreaterThanOrEqual(0); // never early, by the database's clock
    expect(runs.length).toBeGreaterThanOrEqual(MIN_FIRES);
    expect(queuedByNode.reduce((a, b) => a + b, 0)).toBe(runs.length);
    expect(failures).toEqual([]);
    console.info(
      `scheduler cluster: ${runs.length} fires of ${JOBS} triggers in ${ranForMs} ms on ${NODES} nodes ` +
        `(per node ${queuedByNode.join('/')}); lateness p50 ${percentile(lateness, 50)} ms, ` +
        `p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms`,
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { databaseNow } from '../../db/database-clock.js';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import { completeRun, extendLease, writeRunMessage } from '../runs/run-fence.repository.js';
import { Worker } from './worker.js';
import type { WorkerOptions } from './worker-options.js';
import { insertRun, readRun, RecordingHandler, runReaches, systemLogOf } from './worker-test-support.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';

describe.each(DATABASE_KINDS)('worker claims and leases (%s)', (kind) => {
  let test: TestDatabase;
  const workers: Worker[] = [];
  let signal: SchedulerSignal;

  async function startWorker(options: Partial<WorkerOptions> & Pick<WorkerOptions, 'handler'>, db = test.db) {
    const worker = new Worker({ db, signal, leaseMs: 2_000, pollMs: 100, recoveryMs: 200, ...options });
    workers.push(worker);
    await worker.start();
    return worker;
  }

  async function setUp() {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
  }

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await signal.close();
    await test.drop();
  });

  it('two workers racing on two pools handle each of many runs exactly once', async () => {
    await setUp();
    const runs = [];
    for (let i = 0; i < 60; i++) runs.push(await insertRun(test.db));
    const handler = new RecordingHandler();
    await Promise.all([
      startWorker({ handler, concurrency: 4, pollMs: 20 }),
      startWorker({ handler, concurrency: 4, pollMs: 20 }, test.reopen()),
    ]);
    for (const run of runs) await runReaches(test.db, run.id, ['FINISHED']);

    expect(handler.calls).toHaveLength(60);
    expect(new Set(handler.calls.map((call) => call.runId)).size).toBe(60);
    for (const run of runs) {
      const row = await readRun(test.db, run.id);
      expect(row).toMatchObject({ state: 'FINISHED', attempt: 1, lease_owner: null, lease_until: null });
      expect(row.finished_at).not.toBeNull();
    }
    const log = await systemLogOf(test.db, runs[0]!.job_instance_no);
    expect(log[0]).toMatch(/^run started on node /);
    expect(log[1]).toBe('run ended FINISHED: done');
  });

  it('registers the node, heartbeats it and marks it stopped', async () => {
    await setUp();
    const worker = await startWorker({ handler: new RecordingHandler(), heartbeatMs: 50 });
    const first = await test.db.kysely
      .selectFrom('scheduler_nodes')
      .selectAll()
      .where('id', '=', worker.nodeId)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ roles: 'worker', stopped_at: null, pid: process.pid });
    await eventually(async () => {
      const node = await test.db.kysely
        .selectFrom('scheduler_nodes')
        .select('heartbeat_at')
        .where('id', '=', worker.nodeId)
        .executeTakeFirstOrThrow();
      return node.heartbeat_at > first.heartbeat_at;
    });
    await worker.stop();
    const stopped = await test.db.kysely
      .selectFrom('scheduler_nodes')
      .select('stopped_at')
      .where('id', '=', worker.nodeId)
      .executeTakeFirstOrThrow();
    expect(stopped.stopped_at).not.toBeNull();
  });

  it('the heartbeat keeps the lease of a run longer than the lease', async () => {
    await setUp();
    const handler = new RecordingHandler();
    handler.blocking.add('*');
    const worker = await startWorker({ handler, leaseMs: 600, heartbeatMs: 100, recoveryMs: 100 });
    const run = await insertRun(test.db);
    const claimed = await runReaches(test.db, run.id, ['RUNNING']);
    // Held for 2.5 leases: the lease now ends 1.5 s after the one it was claimed with.
    await eventually(
      async () => (await readRun(test.db, run.id)).lease_until! >= claimed.lease_until! + 1_500,
      {
        message: 'the run held for 2.5 leases',
      },
    );
    const held = await readRun(test.db, run.id);
    expect(held).toMatchObject({ state: 'RUNNING', lease_owner: worker.nodeId, attempt: 1 });
    expect(held.lease_until).toBeGreaterThan(claimed.lease_until!);
    expect(held.lease_until).toBeGreaterThan(await databaseNow(test.db.kysely, test.db.dialect));
    handler.release(run.id);
    await runReaches(test.db, run.id, ['FINISHED']);
    expect(handler.calls).toHaveLength(1);
  });

  it('a worker whose lease was taken aborts its handler and its late writes change nothing', async () => {
    await setUp();
    const handler = new RecordingHandler();
    handler.blocking.add('*');
    const worker = await startWorker({ handler, heartbeatMs: 100 });
    const run = await insertRun(test.db);
    const claimed = await runReaches(test.db, run.id, ['RUNNING']);
    // Another node took the run over: a new owner and the next attempt.
    await test.db.kysely
      .updateTable('job_runs')
      .set({ lease_owner: 'other-node', attempt: claimed.attempt + 1 })
      .where('id', '=', run.id)
      .execute();
    await eventually(() => handler.calls[0]?.aborted);
    await eventually(() => worker.heldRunIds().length === 0);

    const fence = { runId: run.id, owner: worker.nodeId, attempt: claimed.attempt };
    const { kysely } = test.db;
    expect(await completeRun(kysely, fence, { status: 'FINISHED', message: 'late' }, 0)).toBe(false);
    expect(await writeRunMessage(kysely, fence, 'late')).toBe(false);
    expect(await extendLease(kysely, fence, 0)).toBeUndefined();
    const after = await readRun(test.db, run.id);
    expect(after).toMatchObject({ state: 'RUNNING', lease_owner: 'other-node', attempt: 2, message: null });
    expect(after.lease_until).toBe(claimed.lease_until);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { databaseNow } from '../../db/database-clock.js';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import { recoverExpiredRuns } from './run-recovery.js';
import { Worker } from './worker.js';
import type { WorkerOptions } from './worker-options.js';
import { insertRun, readRun, RecordingHandler, runReaches, systemLogOf } from './worker-test-support.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';

describe.each(DATABASE_KINDS)('worker recovery, cancel and shutdown (%s)', (kind) => {
  let test: TestDatabase;
  let signal: SchedulerSignal;
  const workers: Worker[] = [];

  async function setUp() {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
  }

  async function startWorker(options: Partial<WorkerOptions> & Pick<WorkerOptions, 'handler'>) {
    const worker = new Worker({
      db: test.db,
      signal,
      leaseMs: 2_000,
      pollMs: 100,
      recoveryMs: 100,
      ...options,
    });
    workers.push(worker);
    await worker.start();
    return worker;
  }

  /** A run held by a node that died: RUNNING, its lease already expired. */
  async function orphanedRun(attempt: number) {
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    return insertRun(test.db, {
      state: 'RUNNING',
      lease_owner: 'dead-node',
      lease_until: now - 1,
      attempt,
      started_at: now - 5_000,
    });
  }

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await signal.close();
    await test.drop();
  });

  it('an expired lease is requeued, then taken over and completed by another worker', async () => {
    await setUp();
    const run = await orphanedRun(1);
    const handler = new RecordingHandler();
    const worker = await startWorker({ handler });
    const done = await runReaches(test.db, run.id, ['FINISHED']);
    expect(done).toMatchObject({ attempt: 2, lease_owner: null, message: 'done' });
    expect(handler.calls).toEqual([
      expect.objectContaining({ runId: run.id, node: worker.nodeId, attempt: 2 }),
    ]);
    const log = await systemLogOf(test.db, run.job_instance_no);
    expect(log[0]).toMatch(/^lease of node dead-node expired \(attempt 1\); run requeued by node /);
    expect(log[1]).toBe(`run taken over by node ${worker.nodeId} (attempt 2)`);
    expect(log[2]).toBe('run ended FINISHED: done');
  });

  it('a run whose attempts are used up ends ERROR "node lost", and so does the step it left running', async () => {
    await setUp();
    const run = await orphanedRun(2);
    const step = (number: number, status: 'SUCCESS' | 'RUNNING') => ({
      run_id: run.id,
      step: number,
      status,
      started_at: 1,
      finished_at: status === 'RUNNING' ? null : 2,
      message: status === 'RUNNING' ? null : 'loaded',
    });
    await test.db.kysely
      .insertInto('run_steps')
      .values([step(1, 'SUCCESS'), step(2, 'RUNNING')])
      .execute();
    const handler = new RecordingHandler();
    await startWorker({ handler, maxAttempts: 2 });
    const lost = await runReaches(test.db, run.id, ['ERROR']);
    expect(lost).toMatchObject({ message: 'node lost', lease_owner: null, lease_until: null, attempt: 2 });
    expect(lost.finished_at).not.toBeNull();
    expect(handler.calls).toHaveLength(0);
    expect(await systemLogOf(test.db, run.job_instance_no)).toEqual(['node lost: dead-node (attempt 2)']);
    // The operator re-runs the first ERROR step (docs/reliability.md): there must be one.
    const steps = await test.db.kysely
      .selectFrom('run_steps')
      .select(['step', 'status', 'message', 'finished_at'])
      .where('run_id', '=', run.id)
      .orderBy('step')
      .execute();
    expect(steps).toEqual([
      { step: 1, status: 'SUCCESS', message: 'loaded', finished_at: 2 },
      { step: 2, status: 'ERROR', message: 'node lost', finished_at: lost.finished_at },
    ]);
  });

  it('a run stopped while its node was gone ends STOPPED, not ERROR, and so does its running step', async () => {
    await setUp();
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    const run = await insertRun(test.db, {
      state: 'RUNNING',
      lease_owner: 'dead-node',
      lease_until: now - 1,
      attempt: 1,
      started_at: now - 5_000,
      cancel_requested_by: 'erin',
    });
    await test.db.kysely
      .insertInto('run_steps')
      .values({ run_id: run.id, step: 2, status: 'RUNNING', started_at: 1, finished_at: null, message: null })
      .execute();
    const result = await recoverExpiredRuns(test.db, { nodeId: 'b', maxAttempts: 2 });
    expect(result).toEqual({ requeued: [], lost: [], stopped: [run.id] });
    expect(await readRun(test.db, run.id)).toMatchObject({ state: 'STOPPED', message: 'stopped by erin' });
    const steps = await test.db.kysely
      .selectFrom('run_steps')
      .select(['step', 'status', 'message'])
      .where('run_id', '=', run.id)
      .execute();
    expect(steps).toEqual([{ step: 2, status: 'STOPPED', message: 'stopped by erin' }]);
    expect(await systemLogOf(test.db, run.job_instance_no)).toEqual(['stopped by erin']);
  });

  it('two nodes recovering the same expired run recover it once', async () => {
    await setUp();
    const run = await orphanedRun(1);
    const other = test.reopen();
    const [a, b] = await Promise.all([
      recoverExpiredRuns(test.db, { nodeId: 'a', maxAttempts: 2 }),
      recoverExpiredRuns(other, { nodeId: 'b', maxAttempts: 2 }),
    ]);
    expect([...a.requeued, ...b.requeued]).toEqual([run.id]);
    expect(await readRun(test.db, run.id)).toMatchObject({ state: 'QUEUED', attempt: 1, lease_owner: null });
    expect(await systemLogOf(test.db, run.job_instance_no)).toHaveLength(1);
  });

  it('a cancel of a running run aborts its handler at once and ends it STOPPED "stopped by {user}" (issue 31)', async () => {
    await setUp();
    const handler = new RecordingHandler();
    handler.blocking.add('*');
    // A ten-minute heartbeat: only the signal can bring the abort within the test's wait.
    await startWorker({ handler, leaseMs: 1_800_000, heartbeatMs: 600_000 });
    const run = await insertRun(test.db);
    await runReaches(test.db, run.id, ['RUNNING']);
    await test.db.kysely
      .updateTable('job_runs')
      .set({ cancel_requested_by: 'alice' })
      .where('id', '=', run.id)
      .execute();
    await signal.notify();
    const stopped = await runReaches(test.db, run.id, ['STOPPED']);
    expect(stopped).toMatchObject({ message: 'stopped by alice', lease_owner: null });
    expect(handler.calls[0]?.aborted).toBe(true);
    expect(await systemLogOf(test.db, run.job_instance_no)).toContain('run stopped by alice');
  });

  it('a cancel seen at the heartbeat (asked on another node, no signal) aborts the run', async () => {
    await setUp();
    const handler = new RecordingHandler();
    handler.blocking.add('*');
    await startWorker({ handler, heartbeatMs: 100, pollMs: 60_000 });
    const run = await insertRun(test.db);
    await signal.notify();
    await runReaches(test.db, run.id, ['RUNNING']);
    await test.db.kysely
      .updateTable('job_runs')
      .set({ cancel_requested_by: 'bob' })
      .where('id', '=', run.id)
      .execute();
    expect(await runReaches(test.db, run.id, ['STOPPED'])).toMatchObject({ message: 'stopped by bob' });
  });

  it('a queued run whose cancel was asked ends without running', async () => {
    await setUp();
    const run = await insertRun(test.db, { cancel_requested_by: 'carol' });
    const handler = new RecordingHandler();
    await startWorker({ handler });
    const stopped = await runReaches(test.db, run.id, ['STOPPED']);
    expect(stopped).toMatchObject({ message: 'stopped by carol', attempt: 0, started_at: null });
    expect(handler.calls).toHaveLength(0);
  });

  it('graceful shutdown aborts handlers, hands the runs back and marks the node stopped', async () => {
    await setUp();
    const handler = new RecordingHandler();
    handler.blocking.add('*');
    const worker = await startWorker({ handler, concurrency: 2 });
    const runs = [await insertRun(test.db), await insertRun(test.db)];
    await signal.notify();
    for (const run of runs) await runReaches(test.db, run.id, ['RUNNING']);
    await worker.stop();

    for (const run of runs) {
      expect(await readRun(test.db, run.id)).toMatchObject({
        state: 'QUEUED',
        lease_owner: null,
        lease_until: null,
        attempt: 1,
      });
      expect(await systemLogOf(test.db, run.job_instance_no)).toContain(
        `run handed back by node ${worker.nodeId} at shutdown`,
      );
    }
    expect(handler.calls.every((call) => call.aborted)).toBe(true);
    const node = await test.db.kysely
      .selectFrom('scheduler_nodes')
      .select('stopped_at')
      .where('id', '=', worker.nodeId)
      .executeTakeFirstOrThrow();
    expect(node.stopped_at).not.toBeNull();

    // The next node picks them up (attempt 2 fences the stopped node out).
    const next = new RecordingHandler();
    await startWorker({ handler: next });
    for (const run of runs)
      expect(await runReaches(test.db, run.id, ['FINISHED'])).toMatchObject({ attempt: 2 });
    await eventually(() => next.calls.length === 2);
  });
});

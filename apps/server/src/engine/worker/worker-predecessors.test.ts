import { afterEach, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import { parsePredecessors } from '../runs/predecessors.js';
import { Worker } from './worker.js';
import { eventually } from '../../test-support/eventually.js';
import {
  countingReads,
  insertJobConfig,
  insertRun,
  RecordingHandler,
  runReaches,
  systemLogOf,
} from './worker-test-support.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';

it('reads legacy_criteria as |-joined ids, ignoring blanks and repeats', () => {
  expect(parsePredecessors(' A| B||A |')).toEqual(['A', 'B']);
  expect(parsePredecessors('')).toEqual([]);
});

describe.each(DATABASE_KINDS)('predecessors (%s)', (kind) => {
  let test: TestDatabase;
  let signal: SchedulerSignal;
  let worker: Worker | undefined;
  /** How many times the worker has read the jobs' predecessors: once per pass over a waiting run. */
  let criteriaReads: () => number;

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await signal.close();
    await test.drop();
  });

  async function setUp(waitLimitMs: number) {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
    await insertJobConfig(test.db, 'JOB1', 'PRE1|PRE2');
    const handler = new RecordingHandler();
    const watched = countingReads(test.db, 'job_configs');
    criteriaReads = watched.reads;
    worker = new Worker({ db: watched.db, signal, handler, leaseMs: 2_000, pollMs: 100, waitLimitMs });
    return handler;
  }

  async function finishedRun(legacyId: string, finishedAt: number) {
    return insertRun(test.db, {
      legacy_id: legacyId,
      job_instance_no: `${legacyId}_${finishedAt}_${Math.random()}`,
      state: 'FINISHED',
      queued_at: finishedAt - 100,
      started_at: finishedAt - 50,
      finished_at: finishedAt,
      attempt: 1,
    });
  }

  it('a fired run waits, named in the system log, and starts at once when its predecessors finished', async () => {
    const handler = await setUp(60_000);
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    // PRE1 finished, but before the job's previous run: it does not count for this run.
    await finishedRun('PRE1', now - 10_000);
    await insertRun(test.db, {
      state: 'FINISHED',
      queued_at: now - 5_000,
      started_at: now - 5_000,
      finished_at: now - 4_000,
    });
    const run = await insertRun(test.db, { kind: 'scheduled' });
    await worker!.start();

    const waiting = await runReaches(test.db, run.id, ['WAITING']);
    expect(waiting.wait_until).toBeGreaterThanOrEqual(now + 60_000);
    expect(waiting.message).toBe('waiting for PRE1, PRE2');
    expect(await systemLogOf(test.db, run.job_instance_no)).toEqual(['waiting for predecessors: PRE1, PRE2']);

    await finishedRun('PRE2', await databaseNow(test.db.kysely, test.db.dialect));
    // Re-checked: still PRE1 missing. A worker makes one pass at a time, so the third read from now is
    // a pass after the one that started wholly after PRE2 finished.
    const reads = criteriaReads();
    await eventually(() => criteriaReads() >= reads + 3, { message: 'the worker to re-check the run' });
    expect(handler.calls).toHaveLength(0);
    await finishedRun('PRE1', await databaseNow(test.db.kysely, test.db.dialect));
    await signal.notify();

    expect(await runReaches(test.db, run.id, ['FINISHED'])).toMatchObject({ attempt: 1, wait_until: null });
    expect(handler.calls.map((call) => call.runId)).toEqual([run.id]);
  });

  it('a run still waiting past the wait limit ends ERROR naming the missing predecessors', async () => {
    const handler = await setUp(400);
    await finishedRun('PRE2', await databaseNow(test.db.kysely, test.db.dialect));
    const run = await insertRun(test.db, { kind: 'scheduled' });
    await worker!.start();
    const failed = await runReaches(test.db, run.id, ['ERROR'], 5_000);
    expect(failed.message).toBe('predecessors did not finish: PRE1');
    expect(failed.finished_at).not.toBeNull();
    expect(handler.calls).toHaveLength(0);
    expect(await systemLogOf(test.db, run.job_instance_no)).toEqual([
      'waiting for predecessors: PRE1',
      'predecessors did not finish: PRE1',
    ]);
  });

  it('a manual run does not wait for predecessors', async () => {
    const handler = await setUp(60_000);
    const run = await insertRun(test.db, { kind: 'manual' });
    await worker!.start();
    await runReaches(test.db, run.id, ['FINISHED']);
    expect(handler.calls).toHaveLength(1);
  });
});

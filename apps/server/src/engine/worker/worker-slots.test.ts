import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import type { JobHandler } from './job-handler.js';
import { Worker } from './worker.js';
import { insertRun, readRun, runReaches } from './worker-test-support.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';

/**
 * A job slot is free once the handler returns; the run stays held until its end is written
 * (issue 19). PostgreSQL only: another session holds the first run's row, so its end waits.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('worker slots (postgres)', () => {
  let test: TestDatabase;
  let signal: SchedulerSignal;
  let worker: Worker | undefined;

  afterEach(async () => {
    await worker?.stop();
    await signal.close();
    await test.drop();
  });

  it('starts the next run while the end of the previous one is still being written, never two handlers at once', async () => {
    test = await createTestDatabase('postgres');
    signal = inProcessSignal();
    const first = await insertRun(test.db, { queued_at: 1 });
    const second = await insertRun(test.db, { queued_at: 2 });
    let inHandler = 0;
    let most = 0;
    const entered: string[] = [];
    let releaseFirst!: () => void;
    const firstMayReturn = new Promise<void>((resolve) => (releaseFirst = resolve));
    const handler: JobHandler = {
      run: async (run) => {
        inHandler += 1;
        most = Math.max(most, inHandler);
        entered.push(run.id);
        if (run.id === first.id) await firstMayReturn;
        inHandler -= 1;
        return { status: 'FINISHED', message: 'done' };
      },
    };
    worker = new Worker({ db: test.db, signal, handler, concurrency: 1, leaseMs: 30_000, pollMs: 50 });
    await worker.start();
    await eventually(() => entered.includes(first.id), { message: 'the first run to start' });

    // Another session locks the first run's row: its end (a fenced update) waits for it.
    const other = test.reopen();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.kysely.transaction().execute(async (trx) => {
      await sql`select id from job_runs where id = ${first.id} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    releaseFirst();

    // The second run starts in the freed slot while the first is still RUNNING (its end blocked).
    await eventually(() => entered.includes(second.id), { message: 'the second run to start' });
    expect((await readRun(test.db, first.id)).state).toBe('RUNNING');
    expect(worker.heldRunIds()).toContain(first.id);
    release();
    await holder;
    await runReaches(test.db, first.id, ['FINISHED']);
    await runReaches(test.db, second.id, ['FINISHED']);
    expect(most).toBe(1);
    expect((await readRun(test.db, first.id)).attempt).toBe(1);
  });
});

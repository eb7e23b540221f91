import { afterEach, describe, expect, it } from 'vitest';
import { insertRun, readRun } from '../worker/worker-test-support.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { endActiveRunsOfCompany } from './run-cancel.repository.js';

describe.each(DATABASE_KINDS)('the demo removal stops its runs (%s)', (kind) => {
  let test: TestDatabase;
  afterEach(async () => test.drop());

  it('ends queued and waiting runs STOPPED (not ERROR), asks running ones to stop, leaves others alone', async () => {
    test = await createTestDatabase(kind);
    const queued = await insertRun(test.db, { company_code: 'DEMO' });
    const waiting = await insertRun(test.db, { company_code: 'DEMO', state: 'WAITING' });
    const running = await insertRun(test.db, { company_code: 'DEMO', state: 'RUNNING', started_at: 1 });
    const other = await insertRun(test.db, { company_code: 'OTHER' });
    await test.db.kysely
      .transaction()
      .execute((scope) =>
        endActiveRunsOfCompany(scope, 'DEMO', 5, 'Stopped: the demo is being removed', 'ops'),
      );
    for (const run of [queued, waiting])
      expect(await readRun(test.db, run.id)).toMatchObject({
        state: 'STOPPED',
        finished_at: 5,
        message: 'Stopped: the demo is being removed',
      });
    expect(await readRun(test.db, running.id)).toMatchObject({
      state: 'RUNNING',
      cancel_requested_by: 'ops',
    });
    expect(await readRun(test.db, other.id)).toMatchObject({ state: 'QUEUED', cancel_requested_by: null });
  });
});

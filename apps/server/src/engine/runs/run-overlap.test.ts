import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import type { OverlapPolicy } from '../../db/schema.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { claimRuns, type ClaimRequest } from './run-claim.js';
import { insertJobConfig, insertRun, readRun } from '../worker/worker-test-support.js';

const request = (nodeId: string, limit = 4): ClaimRequest => ({
  nodeId,
  ownerKind: 'job',
  limit,
  leaseMs: 30_000,
  waitLimitMs: 60_000,
});

async function setPolicy(db: Db, legacyId: string, policy: OverlapPolicy) {
  await db.kysely
    .updateTable('job_configs')
    .set({ overlap_policy: policy })
    .where('legacy_id', '=', legacyId)
    .execute();
}

async function runningOf(db: Db, legacyId: string) {
  const rows = await db.kysely
    .selectFrom('job_runs')
    .select('id')
    .where('legacy_id', '=', legacyId)
    .where('state', '=', 'RUNNING')
    .execute();
  return rows.map((row) => row.id);
}

/** Issue 31: the claim never starts a run of a job while another run of it is RUNNING or older. */
describe.each(DATABASE_KINDS)('overlap in the claim on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
    await insertJobConfig(test.db, 'JOB1');
    await insertJobConfig(test.db, 'JOB2');
  });
  afterEach(async () => {
    await test.drop();
  });

  for (const policy of ['skip', 'buffer_one'] as const)
    it(`${policy}: a queued run waits while another run of its job is RUNNING; other jobs are not held up`, async () => {
      const { db } = test;
      await setPolicy(db, 'JOB1', policy);
      const running = await insertRun(db, { state: 'RUNNING', queued_at: 1, attempt: 1, lease_owner: 'x' });
      const behind = await insertRun(db, { queued_at: 2 });
      const other = await insertRun(db, { queued_at: 3, legacy_id: 'JOB2', job_instance_no: 'JOB2_1' });
      // Limit 1: the held run is older, yet the other job's run is the one claimed.
      const claimed = await claimRuns(db, request('node-a', 1));
      expect(claimed.map((run) => run.id)).toEqual([other.id]);
      expect((await readRun(db, behind.id)).state).toBe('QUEUED');

      await db.kysely
        .updateTable('job_runs')
        .set({ state: 'ERROR', finished_at: 5 })
        .where('id', '=', running.id)
        .execute();
      expect((await claimRuns(db, request('node-a'))).map((run) => run.id)).toEqual([behind.id]);
    });

  it('two queued runs of one job: only the older starts; the newer one after it ends', async () => {
    const { db } = test;
    const first = await insertRun(db, { queued_at: 10 });
    const second = await insertRun(db, { queued_at: 10, kind: 'scheduled' });
    const [older, newer] = first.id < second.id ? [first, second] : [second, first];
    expect((await claimRuns(db, request('node-a'))).map((run) => run.id)).toEqual([older.id]);
    expect(await claimRuns(db, request('node-b'))).toEqual([]);
    await db.kysely
      .updateTable('job_runs')
      .set({ state: 'FINISHED', finished_at: 20 })
      .where('id', '=', older.id)
      .execute();
    expect((await claimRuns(db, request('node-b'))).map((run) => run.id)).toEqual([newer.id]);
  });

  it('a run asked to stop while held ends at once; allow_all runs overlap', async () => {
    const { db } = test;
    await insertRun(db, { state: 'RUNNING', queued_at: 1, attempt: 1, lease_owner: 'x' });
    const stopped = await insertRun(db, { queued_at: 2, cancel_requested_by: 'op' });
    expect(await claimRuns(db, request('node-a'))).toEqual([]);
    expect((await readRun(db, stopped.id)).state).toBe('STOPPED');

    await setPolicy(db, 'JOB1', 'allow_all');
    const parallel = await insertRun(db, { queued_at: 3 });
    expect((await claimRuns(db, request('node-a'))).map((run) => run.id)).toEqual([parallel.id]);
    expect(await runningOf(db, 'JOB1')).toHaveLength(2);
  });

  it('a WAITING run (predecessors) holds a newer run of its job', async () => {
    const { db } = test;
    const waiting = await insertRun(db, { state: 'WAITING', queued_at: 1, wait_until: 10 ** 15 });
    const behind = await insertRun(db, { queued_at: 2 });
    // JOB1 names no predecessors: the WAITING run starts; the newer one stays behind it.
    expect((await claimRuns(db, request('node-a'))).map((run) => run.id)).toEqual([waiting.id]);
    expect((await readRun(db, behind.id)).state).toBe('QUEUED');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('overlap in the claim: PostgreSQL, two nodes at once', () => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase('postgres');
    await insertJobConfig(test.db, 'JOB1');
  });
  afterEach(async () => {
    await test.drop();
  });

  it('two nodes claiming the queued runs of one job together never start two', async () => {
    const nodes = [test.reopen(), test.reopen()];
    for (let round = 0; round < 20; round += 1) {
      // Two or three runs of the job queued at once (a fire, Run immediately, a chain member).
      const runs = [];
      for (let i = 0; i <= (round % 2) + 1; i += 1) runs.push(await insertRun(test.db, { queued_at: round }));
      const claims = await Promise.all(
        nodes.map((db, i) => claimRuns(db, request(`node-${String(i)}`, 1 + (round % 3)))),
      );
      expect(claims.flat(), `round ${String(round)}`).toHaveLength(1);
      expect(await runningOf(test.db, 'JOB1')).toHaveLength(1);
      await test.db.kysely
        .updateTable('job_runs')
        .set({ state: 'FINISHED', finished_at: round })
        .where('state', 'in', ['QUEUED', 'RUNNING'])
        .execute();
    }
  });
});

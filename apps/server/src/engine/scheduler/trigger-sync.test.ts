import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { nextFireTime } from '../cron/index.js';
import { buildChainJob, buildJobConfig, triggerById } from './scheduler-test-support.js';
import { syncTriggers, type TriggerOwner } from './trigger-sync.js';

const TZ = 'Asia/Bangkok';
const job: TriggerOwner = { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' };

describe.each(DATABASE_KINDS)('syncTriggers on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  const setCron = (cron_trigger: string) =>
    test.db.kysely.updateTable('job_configs').set({ cron_trigger }).execute();

  it('creates one trigger per expression, first fire strictly after the database now', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '0 0 12 * * ? | 0 30 * * * ?' }))
      .execute();
    const before = await databaseNow(db.kysely, db.dialect);
    await syncTriggers(db, job, { timeZone: TZ });
    const rows = await db.kysely.selectFrom('triggers').selectAll().orderBy('position').execute();
    expect(rows.map((r) => [r.id, r.expression, r.state])).toEqual([
      ['job|C1|JOB1|0', '0 0 12 * * ?', 'WAITING'],
      ['job|C1|JOB1|1', '0 30 * * * ?', 'WAITING'],
    ]);
    for (const row of rows) {
      const expected = nextFireTime(row.expression, new Date(before), TZ)?.getTime();
      expect(Number(row.next_fire_at)).toBe(expected);
      expect(row.time_zone).toBe(TZ);
      expect(row.fire_count).toBe(0);
    }
  });

  it('keeps prev/next/count/pause of unchanged expressions and replaces the rest', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '0 0 12 * * ?|0 30 * * * ?' }))
      .execute();
    await syncTriggers(db, job, { timeZone: TZ });
    await db.kysely
      .updateTable('triggers')
      .set({ prev_fire_at: 1000, next_fire_at: 2000, fire_count: 7, state: 'PAUSED', paused_by: 'admin' })
      .where('id', '=', 'job|C1|JOB1|1')
      .execute();
    await setCron('0 30 * * * ?|0 15 10 L * ?');
    await syncTriggers(db, job, { timeZone: TZ });
    const kept = await triggerById(db, 'job|C1|JOB1|0');
    expect(kept).toMatchObject({
      expression: '0 30 * * * ?',
      prev_fire_at: 1000,
      next_fire_at: 2000,
      fire_count: 7,
      state: 'PAUSED',
      paused_by: 'admin',
    });
    const fresh = await triggerById(db, 'job|C1|JOB1|1');
    expect(fresh).toMatchObject({ expression: '0 15 10 L * ?', state: 'WAITING', fire_count: 0 });
    expect(await db.kysely.selectFrom('triggers').select('id').execute()).toHaveLength(2);
  });

  it('stores an invalid expression as ERROR with no next fire, and a finished one as COMPLETE', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '0 0 12 * * *|0 0 0 1 1 ? 2001' }))
      .execute();
    await syncTriggers(db, job, { timeZone: TZ });
    expect(await triggerById(db, 'job|C1|JOB1|0')).toMatchObject({ state: 'ERROR', next_fire_at: null });
    expect(await triggerById(db, 'job|C1|JOB1|1')).toMatchObject({ state: 'COMPLETE', next_fire_at: null });
  });

  it('removes the triggers of a deleted job and syncs chains', async () => {
    const { db } = test;
    await db.kysely.insertInto('job_configs').values(buildJobConfig()).execute();
    await db.kysely.insertInto('chain_jobs').values(buildChainJob()).execute();
    await syncTriggers(db, job, { timeZone: TZ });
    await syncTriggers(db, { kind: 'chain', companyCode: 'C1', ownerId: 'CHAIN1' }, { timeZone: TZ });
    expect(await triggerById(db, 'chain|C1|CHAIN1|0')).toMatchObject({
      owner_kind: 'chain',
      state: 'WAITING',
    });
    await db.kysely.deleteFrom('job_configs').execute();
    await syncTriggers(db, job, { timeZone: TZ });
    const ids = await db.kysely.selectFrom('triggers').select('id').execute();
    expect(ids.map((r) => r.id)).toEqual(['chain|C1|CHAIN1|0']);
  });
});

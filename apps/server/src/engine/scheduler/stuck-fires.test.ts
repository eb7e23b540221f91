import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { buildJobConfig, makeDue } from './scheduler-test-support.js';
import { StuckFireDetector } from './stuck-fires.js';
import { syncTriggers } from './trigger-sync.js';

describe.each(DATABASE_KINDS)('StuckFireDetector on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  it('reports a fire no node made, once, in the system log', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ sid: 'S9' }))
      .execute();
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'JOB2' }))
      .execute();
    await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' }, { timeZone: 'UTC' });
    await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB2' }, { timeZone: 'UTC' });
    const due = await makeDue(db, 'job|C1|JOB1|0', 180_000);
    await makeDue(db, 'job|C1|JOB2|0', 30_000); // late, but not yet stuck
    const detector = new StuckFireDetector(db, 120_000);
    const stuck = await detector.check();
    expect(stuck).toMatchObject([{ triggerId: 'job|C1|JOB1|0', companyCode: 'C1', dueAt: due }]);
    expect(stuck[0]?.overdueMs).toBeGreaterThanOrEqual(180_000);
    expect(await detector.check()).toEqual([]);
    const log = await db.kysely.selectFrom('system_log').selectAll().execute();
    expect(log).toMatchObject([
      { sid: 'S9', company_code: 'C1', log_type: 'ERROR', msg_source: 'scheduler' },
    ]);
    expect(log[0]?.message).toContain('stuck fire: trigger job|C1|JOB1|0');
  });
});

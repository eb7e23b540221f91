import { describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

/**
 * ExpectationService on the real composition (issue 35): what a change, a pause and a job's deletion do
 * to an expectation's marks and its days not decided yet.
 */
const BODY = {
  company_code: 'A',
  legacy_id: 'FEED',
  enabled: true,
  deadline: '10:00',
  warn_before_minutes: 0,
  min_files: 1,
  max_files: null,
  min_size_bytes: 0,
};

describe.each(DATABASE_KINDS)('ExpectationService on %s', (kind) => {
  const h = useServiceHarness(kind, async (harness) => {
    await harness.services.jobs.save(
      {
        companycode: 'A',
        legacyid: 'FEED',
        legacyname: 'Feed',
        legacytype: 'PULL_WAIT',
        isactive: 'Y',
        cron_trigger: '0 0 9 * * ?',
      },
      'add',
      'admin-a',
    );
  });
  const marks = () =>
    h.db.kysely
      .selectFrom('job_expectations')
      .select(['version', 'days_through', 'created_at', 'enabled'])
      .where('legacy_id', '=', 'FEED')
      .executeTakeFirst();
  const pendingDay = (businessDay: string, state: 'PENDING' | 'ON_TIME' = 'PENDING') =>
    h.db.kysely
      .insertInto('expectation_days')
      .values({
        company_code: 'A',
        legacy_id: 'FEED',
        business_day: businessDay,
        state,
        deadline_at: 0,
        warn_at: 0,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: 0,
        evaluated_at: null,
      })
      .execute();
  const days = async () =>
    (
      await h.db.kysely
        .selectFrom('expectation_days')
        .select(['business_day', 'state'])
        .where('legacy_id', '=', 'FEED')
        .orderBy('business_day')
        .execute()
    ).map((row) => `${row.business_day} ${row.state}`);

  it('expects from its creation (the database clock); a pause and a new start expect from the start again', async () => {
    const before = await databaseNow(h.db.kysely, h.db.dialect);
    const saved = await h.services.expectations.save(BODY, 'admin-a');
    expect(saved.expectation).toEqual(BODY);
    expect(saved.audit.before).toBeUndefined();
    const made = await marks();
    expect(Number(made?.created_at)).toBeGreaterThanOrEqual(before);
    expect([Number(made?.version), made?.days_through]).toEqual([1, null]);

    // The evaluator made two days; one is decided.
    await h.db.kysely.updateTable('job_expectations').set({ days_through: '2026-11-21' }).execute();
    await pendingDay('2026-11-20', 'ON_TIME');
    await pendingDay('2026-11-21');
    await h.services.expectations.save({ ...BODY, enabled: false }, 'admin-a');
    expect(await days()).toEqual(['2026-11-20 ON_TIME']);
    expect(await marks()).toMatchObject({ days_through: '2026-11-20' });

    const restarted = await databaseNow(h.db.kysely, h.db.dialect);
    const again = await h.services.expectations.save(BODY, 'admin-a');
    expect(again.audit.before).toMatchObject({ enabled: false });
    const after = await marks();
    expect([Number(after?.version), after?.days_through]).toEqual([3, null]);
    expect(Number(after?.created_at)).toBeGreaterThanOrEqual(restarted);
  });

  it("a job's deletion takes its expectation and its undecided days; the decided ones stay", async () => {
    await pendingDay('2026-11-22');
    await h.services.jobs.delete('A', 'FEED');
    expect(await marks()).toBeUndefined();
    expect(await days()).toEqual(['2026-11-20 ON_TIME']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import type { Db } from '../../db/database.js';
import { CalendarRepository } from '../../modules/calendars/calendar.repository.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { buildJobConfig } from '../scheduler/scheduler-test-support.js';
import { syncTriggers } from '../scheduler/trigger-sync.js';
import { addDays, dayOfInstant, dayStart } from './expectation-days.js';
import { evaluateExpectations, type ExpectationPassDeps } from './expectation-pass.js';
import {
  buildExpectation,
  createRaiseTable,
  insertLoadedRun,
  recordedRaises,
  recordingAlertSink,
} from './expectation-test-support.js';

/**
 * Issue 35's evaluator on the real databases: a day's moves (LATE, MISSING, ON_TIME, RECOVERED) each
 * made and raised once, however many passes and nodes; past days made after a stop (a holiday not
 * among them). Time is driven by the day rows' warning time and deadline, set around the database's
 * clock (as scheduler tests set a trigger's next fire), never by sleeping.
 */
const TZ = 'Asia/Bangkok';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(DATABASE_KINDS)('the expectation evaluator on %s', (kind) => {
  let test: TestDatabase;
  let db: Db;
  let deps: ExpectationPassDeps;
  const pass = (passDeps = deps) => evaluateExpectations(passDeps);
  const now = () => databaseNow(db.kysely, db.dialect);
  const dayRow = (legacyId: string, businessDay: string) =>
    db.kysely
      .selectFrom('expectation_days')
      .selectAll()
      .where('legacy_id', '=', legacyId)
      .where('business_day', '=', businessDay)
      .executeTakeFirstOrThrow();
  const setTimes = (legacyId: string, times: { warn_at?: number; deadline_at?: number }) =>
    db.kysely.updateTable('expectation_days').set(times).where('legacy_id', '=', legacyId).execute();
  const raisesOf = async (legacyId: string) =>
    (await recordedRaises(db)).filter((raise) => raise.subject.startsWith(`${legacyId}|`));

  /** A job with a daily trigger and an expectation whose day rows the test makes itself (today's). */
  async function expectingJobToday(legacyId: string, times: { warnIn: number; deadlineIn: number }) {
    const at = await now();
    const today = dayOfInstant(at, TZ);
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: legacyId }))
      .execute();
    await db.kysely
      .insertInto('job_expectations')
      .values(
        buildExpectation({ legacy_id: legacyId, days_through: today, created_at: at - 10 * 86_400_000 }),
      )
      .execute();
    await db.kysely
      .insertInto('expectation_days')
      .values({
        company_code: 'C1',
        legacy_id: legacyId,
        business_day: today,
        state: 'PENDING',
        warn_at: at + times.warnIn,
        deadline_at: at + times.deadlineIn,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: at,
        evaluated_at: null,
      })
      .execute();
    return { today, start: dayStart(today, TZ) };
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    await createRaiseTable(db);
    deps = { db, timeZone: TZ, alerts: recordingAlertSink('node-1') };
  });
  afterAll(() => test.drop());

  it('a file that does not come: LATE at the warning, then MISSING at the deadline, each raised once', async () => {
    const { today } = await expectingJobToday('LATE-JOB', { warnIn: HOUR, deadlineIn: 2 * HOUR });
    const first = await pass();
    expect((await dayRow('LATE-JOB', today)).state).toBe('PENDING');
    expect(first.nextDueAt).toBeLessThanOrEqual(Number((await dayRow('LATE-JOB', today)).warn_at));

    await setTimes('LATE-JOB', { warn_at: (await now()) - 1 });
    await pass();
    await pass();
    expect((await dayRow('LATE-JOB', today)).state).toBe('LATE');
    await setTimes('LATE-JOB', { deadline_at: (await now()) - 1 });
    const [a, b] = await Promise.all([
      pass(),
      pass({ ...deps, db: test.reopen(), alerts: recordingAlertSink('node-2') }),
    ]);
    await pass();
    expect((await dayRow('LATE-JOB', today)).state).toBe('MISSING');
    expect([...a.transitions, ...b.transitions].filter((t) => t.legacyId === 'LATE-JOB')).toHaveLength(1);
    expect((await raisesOf('LATE-JOB')).map((raise) => [raise.condition, raise.subject])).toEqual([
      ['LATE', `LATE-JOB|${today}`],
      ['MISSING', `LATE-JOB|${today}`],
    ]);
    const lines = await db.kysely
      .selectFrom('system_log')
      .select(['log_type', 'message', 'msg_source'])
      .where('msg_source', '=', 'expectations')
      .where('message', 'like', '%LATE-JOB%')
      .orderBy('seq')
      .execute();
    expect(lines.map((line) => line.log_type)).toEqual(['WARNING', 'ERROR']);
    expect(lines[1]?.message).toContain('(MISSING)');
  });

  it('files that come after the deadline: MISSING, then RECOVERED with the run that brought them', async () => {
    const { today, start } = await expectingJobToday('LATE-FILE', {
      warnIn: -2 * MINUTE,
      deadlineIn: -MINUTE,
    });
    await pass();
    expect((await dayRow('LATE-FILE', today)).state).toBe('MISSING');
    const at = await now();
    // A run fired today whose step 1 loaded two files, ending after the deadline.
    const run = await insertLoadedRun(db, {
      legacyId: 'LATE-FILE',
      scheduledAt: start + 1,
      queuedAt: start + 1,
      step1EndedAt: at - 1,
      fileSizes: [10, 20],
    });
    await pass();
    await pass();
    const row = await dayRow('LATE-FILE', today);
    expect(row).toMatchObject({ state: 'RECOVERED', job_instance_no: run });
    expect(Number(row.files)).toBe(2);
    expect(Number(row.arrived_at)).toBe(at - 1);
    expect((await raisesOf('LATE-FILE')).map((raise) => [raise.condition, raise.job_instance_no])).toEqual([
      ['MISSING', null],
      ['RECOVERED', run],
    ]);
  });

  it('files by the deadline: ON_TIME and no alert; too few, too many or too small files do not count', async () => {
    const { today, start } = await expectingJobToday('ON-TIME', { warnIn: HOUR, deadlineIn: 2 * HOUR });
    await db.kysely
      .updateTable('job_expectations')
      .set({ min_files: 2, max_files: 3, min_size_bytes: 100 })
      .where('legacy_id', '=', 'ON-TIME')
      .execute();
    const at = await now();
    // Yesterday's run, one file, four files, two files of which one too small: none of them counts.
    await insertLoadedRun(db, {
      legacyId: 'ON-TIME',
      scheduledAt: start - 1,
      step1EndedAt: at - 9,
      fileSizes: [500, 500],
    });
    await insertLoadedRun(db, {
      legacyId: 'ON-TIME',
      scheduledAt: start + 1,
      step1EndedAt: at - 8,
      fileSizes: [500],
    });
    await insertLoadedRun(db, {
      legacyId: 'ON-TIME',
      scheduledAt: start + 2,
      step1EndedAt: at - 7,
      fileSizes: [500, 500, 500, 500],
    });
    await insertLoadedRun(db, {
      legacyId: 'ON-TIME',
      scheduledAt: start + 3,
      step1EndedAt: at - 6,
      fileSizes: [500, 99],
    });
    await pass();
    expect((await dayRow('ON-TIME', today)).state).toBe('PENDING');
    // Started by hand today, three files of 100 bytes: the files have come.
    const run = await insertLoadedRun(db, {
      legacyId: 'ON-TIME',
      scheduledAt: null,
      queuedAt: at - 5,
      step1EndedAt: at - 4,
      fileSizes: [100, 100, 100],
    });
    const outcome = await pass();
    expect(outcome.transitions.filter((t) => t.legacyId === 'ON-TIME')).toEqual([
      expect.objectContaining({ from: 'PENDING', to: 'ON_TIME', raises: undefined }),
    ]);
    expect(await dayRow('ON-TIME', today)).toMatchObject({ state: 'ON_TIME', job_instance_no: run });
    await setTimes('ON-TIME', { warn_at: (await now()) - 2, deadline_at: (await now()) - 1 });
    await pass();
    expect((await dayRow('ON-TIME', today)).state).toBe('ON_TIME');
    expect(await raisesOf('ON-TIME')).toEqual([]);
  });

  it('after a stop: each past business day is made and found MISSING once; a holiday has no row and no alert', async () => {
    const at = await now();
    const today = dayOfInstant(at, TZ);
    const holiday = addDays(today, -2);
    await db.kysely
      .insertInto('calendars')
      .values({
        company_code: 'C1',
        name: 'HOLS',
        description: '',
        // Today is a holiday too, so that what today's deadline does at this hour is not in the test.
        definition: JSON.stringify({ type: 'holiday', dates: [holiday, today] }),
        created_at: at,
        updated_at: at,
        updated_by: null,
      })
      .execute();
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'AWAY', cron_trigger: '0 0 8 * * ?', trigger_calendars: 'HOLS' }))
      .execute();
    await syncTriggers(
      db,
      { kind: 'job', companyCode: 'C1', ownerId: 'AWAY' },
      { timeZone: TZ, calendars: new CalendarRepository(db.kysely) },
    );
    // Made four days ago, before its first deadline; no node has evaluated it since.
    await db.kysely
      .insertInto('job_expectations')
      .values(buildExpectation({ legacy_id: 'AWAY', created_at: dayStart(addDays(today, -4), TZ) }))
      .execute();
    const [first, second] = await Promise.all([
      pass(),
      pass({ ...deps, db: test.reopen(), alerts: recordingAlertSink('node-2') }),
    ]);
    await pass();
    const days = await db.kysely
      .selectFrom('expectation_days')
      .select(['business_day', 'state'])
      .where('legacy_id', '=', 'AWAY')
      .orderBy('business_day')
      .execute();
    const expected = [-4, -3, -1].map((offset) => addDays(today, offset));
    expect(days).toEqual(expected.map((business_day) => ({ business_day, state: 'MISSING' })));
    expect(first.created + second.created).toBe(3);
    expect((await raisesOf('AWAY')).map((raise) => raise.subject)).toEqual(
      expected.map((day) => `AWAY|${day}`),
    );
    expect(
      (
        await db.kysely
          .selectFrom('job_expectations')
          .select('days_through')
          .where('legacy_id', '=', 'AWAY')
          .executeTakeFirstOrThrow()
      ).days_through,
    ).toBe(today);
  });

  it("an expectation made after its day's deadline does not expect that day; a disabled one is not evaluated", async () => {
    const at = await now();
    const today = dayOfInstant(at, TZ);
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'NEW', cron_trigger: '0 0 * * * ?' }))
      .execute();
    await syncTriggers(
      db,
      { kind: 'job', companyCode: 'C1', ownerId: 'NEW' },
      { timeZone: TZ, calendars: new CalendarRepository(db.kysely) },
    );
    // 00:00 is today's deadline: passed when the expectation was made (now).
    await db.kysely
      .insertInto('job_expectations')
      .values(buildExpectation({ legacy_id: 'NEW', deadline: '00:00', created_at: at }))
      .execute();
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'OFF' }))
      .execute();
    await db.kysely
      .insertInto('job_expectations')
      .values(buildExpectation({ legacy_id: 'OFF', enabled: 0, created_at: at - 5 * 86_400_000 }))
      .execute();
    await pass();
    expect(
      await db.kysely
        .selectFrom('expectation_days')
        .select('business_day')
        .where('legacy_id', 'in', ['NEW', 'OFF'])
        .execute(),
    ).toEqual([]);
    expect(
      (
        await db.kysely
          .selectFrom('job_expectations')
          .select('days_through')
          .where('legacy_id', '=', 'NEW')
          .executeTakeFirstOrThrow()
      ).days_through,
    ).toBe(today);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import type { Db } from '../../db/database.js';
import { eventually } from '../../test-support/eventually.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { buildJobConfig } from '../scheduler/scheduler-test-support.js';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import { realTimer, type SchedulerTimer } from '../scheduler/scheduler-timer.js';
import { dayOfInstant, dayStart } from './expectation-days.js';
import { ExpectationEvaluator } from './expectation-evaluator.js';
import {
  buildExpectation,
  createRaiseTable,
  insertLoadedRun,
  recordingAlertSink,
} from './expectation-test-support.js';

/**
 * The evaluator's loop (issue 35): it sleeps until the next deadline — not a fixed poll, and never
 * longer than it — and wakes early when runs change (the signal), so a file's arrival shows at once.
 * Its sleep cap is set to a minute here: nothing in these tests may wait for it.
 */
const TZ = 'Asia/Bangkok';
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('the expectation evaluator loop on %s', (kind) => {
  let test: TestDatabase;
  let db: Db;
  let signal: SchedulerSignal;
  let evaluator: ExpectationEvaluator | undefined;
  const sleeps: number[] = [];
  const timer: SchedulerTimer = {
    sleep: (ms, wake) => {
      sleeps.push(ms);
      return realTimer.sleep(ms, wake);
    },
  };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    signal = inProcessSignal();
    await createRaiseTable(db);
  });
  afterEach(async () => {
    await evaluator?.stop();
    evaluator = undefined;
  });
  afterAll(async () => {
    await signal.close();
    await test.drop();
  });

  const start = () => {
    evaluator = new ExpectationEvaluator(
      { db, signal, timeZone: TZ, timer, alerts: recordingAlertSink() },
      { maxSleepMs: MINUTE, minSignalGapMs: 0 },
    );
    evaluator.start();
  };
  const stateOf = async (legacyId: string) =>
    (
      await db.kysely
        .selectFrom('expectation_days')
        .select('state')
        .where('legacy_id', '=', legacyId)
        .executeTakeFirstOrThrow()
    ).state;

  /** A job expecting files today, its day made by the test with a deadline `deadlineIn` ms from now. */
  async function expectingToday(legacyId: string, deadlineIn: number) {
    const now = await databaseNow(db.kysely, db.dialect);
    const today = dayOfInstant(now, TZ);
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: legacyId }))
      .execute();
    await db.kysely
      .insertInto('job_expectations')
      .values(buildExpectation({ legacy_id: legacyId, days_through: today, created_at: now - 86_400_000 }))
      .execute();
    await db.kysely
      .insertInto('expectation_days')
      .values({
        company_code: 'C1',
        legacy_id: legacyId,
        business_day: today,
        state: 'PENDING',
        warn_at: now + deadlineIn,
        deadline_at: now + deadlineIn,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: now,
        evaluated_at: null,
      })
      .execute();
    return { now, start: dayStart(today, TZ) };
  }

  it('sleeps until the deadline (not the cap) and makes the day MISSING when it comes', async () => {
    await expectingToday('WAKE', 1_500);
    start();
    await eventually(async () => (await stateOf('WAKE')) === 'MISSING', {
      timeout: 20_000,
      message: 'MISSING at the deadline',
    });
    // The first sleep ended at the deadline: shorter than the cap, no longer than the time left.
    expect(sleeps[0]).toBeGreaterThan(0);
    expect(sleeps[0]).toBeLessThanOrEqual(1_500);
    expect(sleeps[0]).toBeLessThan(MINUTE);
  });

  it('a run whose step 1 loaded the files wakes it at once (the signal): ON_TIME long before the deadline', async () => {
    const { start: dayBegins } = await expectingToday('PROMPT', 60 * MINUTE);
    start();
    await eventually(() => sleeps.length > 2, { message: 'the first pass to sleep' });
    const now = await databaseNow(db.kysely, db.dialect);
    await insertLoadedRun(db, {
      legacyId: 'PROMPT',
      scheduledAt: dayBegins + 5,
      step1EndedAt: now,
      fileSizes: [42],
    });
    expect(await stateOf('PROMPT')).toBe('PENDING');
    await signal.notify('progress', ['C1']);
    await eventually(async () => (await stateOf('PROMPT')) === 'ON_TIME', {
      timeout: 5_000,
      message: 'ON_TIME after the signal',
    });
  });
});

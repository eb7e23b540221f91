import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { eventually } from '../../test-support/eventually.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { SCHEDULER_DEFAULT_FIRE_AHEAD_MS, SCHEDULER_MAX_FIRE_AHEAD_MS, Scheduler } from './scheduler-loop.js';
import { databaseNow } from '../../db/database-clock.js';
import { inProcessSignal, postgresSignal, type SchedulerSignal } from './scheduler-signal.js';
import { realTimer, type SchedulerTimer } from './scheduler-timer.js';
import { buildJobConfig, currentSchema, makeDue, runsOf } from './scheduler-test-support.js';
import { syncTriggers } from './trigger-sync.js';

const TZ = 'Asia/Bangkok';
const TRIGGER = 'job|C1|JOB1|0';

/** The real timer, counting the sleeps the loop has begun and keeping the wake-up of the last one. */
function countingTimer(): SchedulerTimer & { sleeps: number; wake: AbortSignal | undefined } {
  const timer = {
    sleeps: 0,
    wake: undefined as AbortSignal | undefined,
    sleep: (ms: number, wake: AbortSignal) => {
      timer.sleeps += 1;
      timer.wake = wake;
      return realTimer.sleep(ms, wake);
    },
  };
  return timer;
}

describe.each(DATABASE_KINDS)('Scheduler loop on %s', (kind) => {
  let test: TestDatabase;
  const signals: SchedulerSignal[] = [];
  const openSignal = async (db: Db) => {
    const url = process.env.TEST_DATABASE_URL;
    const signal =
      kind === 'postgres' && url ? await postgresSignal(url, await currentSchema(db)) : inProcessSignal();
    signals.push(signal);
    return signal;
  };
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(signals.splice(0).map((s) => s.close()));
    await test.drop();
  });

  // How late a fire starts is measured by `npm run bench:scheduler` (DESIGN §8), not asserted here: a
  // test that asserts a time fails on a loaded machine, not on a wrong scheduler.
  it('fires every second, never early, none skipped, and wakes the workers', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '* * * * * ?', overlap_policy: 'allow_all' }))
      .execute();
    await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' }, { timeZone: TZ });
    const signal = await openSignal(db);
    let wakeUps = 0;
    signal.subscribe(() => (wakeUps += 1));
    const scheduler = new Scheduler({ db, signal, nodeId: 'node-a' }, { timeZone: TZ });
    scheduler.start();
    await eventually(async () => (await runsOf(db, TRIGGER)).length >= 2 && wakeUps >= 1, {
      message: 'two fires and a wake-up of the workers',
    });
    await scheduler.stop();
    const runs = await runsOf(db, TRIGGER);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    runs.forEach((run, i) => {
      expect(Number(run.queued_at)).toBeGreaterThanOrEqual(Number(run.scheduled_at));
      if (i > 0) expect(Number(run.scheduled_at)).toBe(Number(runs[i - 1]?.scheduled_at) + 1000);
    });
    expect(wakeUps).toBeGreaterThanOrEqual(1);
  });

  it('a notification wakes a sleeping loop at once', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '0 0 12 1 1 ?' }))
      .execute();
    await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' }, { timeZone: TZ });
    const schedulerSignal = await openSignal(db);
    // Another node (its own pool and signal on PostgreSQL) changes the trigger and notifies.
    const other = kind === 'postgres' ? test.reopen() : db;
    const otherSignal = kind === 'postgres' ? await openSignal(other) : schedulerSignal;
    const timer = countingTimer();
    const scheduler = new Scheduler(
      { db, signal: schedulerSignal, nodeId: 'node-a', timer },
      { timeZone: TZ, maxSleepMs: 60_000 },
    );
    scheduler.start();
    await eventually(() => timer.sleeps === 1, { message: "the loop asleep until next year's 1 January" });
    const firstSleep = timer.wake;
    await makeDue(other, TRIGGER, 0);
    await otherSignal.notify();
    await eventually(async () => (await runsOf(db, TRIGGER)).length > 0, {
      timeout: 5_000,
      message: 'the woken loop to fire',
    });
    // Woken by the notification: its 60 s sleep was cut short (before stop() aborts what is current).
    expect(firstSleep?.aborted).toBe(true);
    await scheduler.stop();
    expect(await runsOf(db, TRIGGER)).toHaveLength(1);
  });
  it('listens to the triggers topic only: runs queued or ended elsewhere cost it no pass', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '0 0 12 1 1 ?' }))
      .execute();
    await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' }, { timeZone: TZ });
    const signal = await openSignal(db);
    let passes = 0;
    const timer = countingTimer();
    const scheduler = new Scheduler(
      { db, signal, nodeId: 'node-a', timer, metrics: { passed: () => (passes += 1) } },
      { timeZone: TZ, maxSleepMs: 60_000 },
    );
    scheduler.start();
    await eventually(() => timer.sleeps === 1, { message: 'the loop asleep' });
    const asleep = passes;
    // A listener of the same signal, called with the loop's, hears when each has arrived.
    let heardRuns = 0;
    signal.subscribe(() => (heardRuns += 1), ['runs']);
    for (let i = 0; i < 5; i++) await signal.notify('runs');
    await eventually(() => heardRuns === 5, { message: 'the runs notifications to arrive' });
    // A wake-up would have aborted the sleep at once (a pass would follow).
    expect(timer.wake?.aborted).toBe(false);
    expect(timer.sleeps).toBe(1);
    expect(passes).toBe(asleep);
    await signal.notify('triggers');
    await eventually(() => passes > asleep, {
      timeout: 2_000,
      message: 'the pass the triggers topic asks for',
    });
    await scheduler.stop();
    expect(passes).toBe(asleep + 1);
  });

  it('lets the event loop turn between passes that follow each other without a pause', async () => {
    const { db } = test;
    const jobs = ['JOB1', 'JOB2', 'JOB3', 'JOB4', 'JOB5'];
    for (const legacyId of jobs) {
      await db.kysely
        .insertInto('job_configs')
        .values(buildJobConfig({ legacy_id: legacyId, cron_trigger: '0 0 12 1 1 ?' }))
        .execute();
      await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: legacyId }, { timeZone: TZ });
      await makeDue(db, `job|C1|${legacyId}|0`, 0);
    }
    const signal = await openSignal(db);
    let passes = 0;
    const scheduler = new Scheduler(
      { db, signal, nodeId: 'node-a', metrics: { passed: () => (passes += 1) } },
      { timeZone: TZ, batchSize: 1, maxSleepMs: 60_000 },
    );
    let passesAtFirstTurn: number | undefined;
    scheduler.start();
    // Five due triggers, one per pass: five passes in a row. On SQLite each completes at once; a
    // loop that never yields would run all five before anything else on this process.
    setImmediate(() => (passesAtFirstTurn = passes));
    await eventually(async () => passes >= jobs.length && passesAtFirstTurn !== undefined, {
      message: 'five passes, and a turn of the event loop',
    });
    await scheduler.stop();
    expect(passesAtFirstTurn).toBeLessThan(jobs.length);
  });

  it('widens the fire-ahead window before an instant that brings more triggers than the usual window can fire', async () => {
    const { db } = test;
    const signal = await openSignal(db);
    const instant = Math.ceil(((await databaseNow(db.kysely, db.dialect)) + 60_000) / 1000) * 1000;
    const insertDue = async (from: number, count: number) => {
      for (let start = from; start < from + count; start += 500) {
        const rows = Array.from({ length: Math.min(500, from + count - start) }, (_, k) => ({
          id: `job|C1|B${start + k}|0`,
          owner_kind: 'job' as const,
          company_code: 'C1',
          owner_id: `B${start + k}`,
          position: 0,
          expression: '0 0 12 * * ?',
          time_zone: TZ,
          state: 'WAITING' as const,
          next_fire_at: instant,
          prev_fire_at: null,
          fire_count: 0,
          misfire_policy: 'fire_once_now' as const,
          paused_by: null,
          updated_at: 0,
        }));
        await db.kysely.insertInto('triggers').values(rows).execute();
      }
    };
    const scheduler = new Scheduler({ db, signal, nodeId: 'node-a' }, { timeZone: TZ, maxSleepMs: 120_000 });
    await insertDue(0, 2);
    await scheduler.runOnce();
    expect(scheduler.fireAheadWindowMs).toBe(SCHEDULER_DEFAULT_FIRE_AHEAD_MS);
    // 6,000 at one instant: at the assumed cost per trigger, more than the usual 500 ms can fire.
    await insertDue(2, 5_998);
    const before = await databaseNow(db.kysely, db.dialect);
    const sleep = await scheduler.runOnce();
    expect(scheduler.fireAheadWindowMs).toBe(SCHEDULER_MAX_FIRE_AHEAD_MS);
    // It sleeps until the wider window opens, not the usual one.
    expect(sleep).toBeLessThanOrEqual(instant - SCHEDULER_MAX_FIRE_AHEAD_MS - before);
    const off = new Scheduler({ db, signal, nodeId: 'node-b' }, { timeZone: TZ, fireAheadMs: 0 });
    await off.runOnce();
    expect(off.fireAheadWindowMs).toBe(0);
  });
});

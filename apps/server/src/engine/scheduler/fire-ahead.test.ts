import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { eventually } from '../../test-support/eventually.js';
import { suspendJob } from '../pipeline/pipeline-job.repository.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { claimDueRuns, type ClaimRequest } from '../runs/run-claim.js';
import { Worker } from '../worker/worker.js';
import { RecordingHandler, insertRun, readRun } from '../worker/worker-test-support.js';
import { fireDueTriggers, type FireOptions } from './fire-due-triggers.js';
import { Scheduler } from './scheduler-loop.js';
import { inProcessSignal, postgresSignal, type SchedulerSignal } from './scheduler-signal.js';
import { buildJobConfig, currentSchema, runsOf, triggerById } from './scheduler-test-support.js';
import { syncTriggers } from './trigger-sync.js';

// Issue 19: a trigger due within the fire-ahead window is fired before its time where nothing
// before that time could change what it does; its run waits in the queue until its scheduled
// time (no claim takes it earlier) and every worker claims it then by its own timer.

const TZ = 'Asia/Bangkok';
const TRIGGER = 'job|C1|JOB1|0';
const NOON = '0 0 12 * * ?';
const ahead: FireOptions = { timeZone: TZ, misfireThresholdMs: 60_000, batchSize: 50, fireAheadMs: 60_000 };
const claim: ClaimRequest = {
  nodeId: 'node-a',
  ownerKind: 'job',
  limit: 3,
  leaseMs: 30_000,
  waitLimitMs: 60_000,
};

describe.each(DATABASE_KINDS)('firing ahead on %s', (kind) => {
  let test: TestDatabase;
  const closing: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    for (const item of closing.splice(0).reverse()) await item.close();
    await test.drop();
  });

  async function addJob(overrides: Partial<Parameters<typeof buildJobConfig>[0]> = {}) {
    const legacyId = overrides.legacy_id ?? 'JOB1';
    await test.db.kysely.insertInto('job_configs').values(buildJobConfig(overrides)).execute();
    await syncTriggers(test.db, { kind: 'job', companyCode: 'C1', ownerId: legacyId }, { timeZone: TZ });
  }

  /** Moves a trigger's next fire to the whole second at least `inMs` after the database's now. */
  async function dueIn(db: Db, triggerId: string, inMs: number): Promise<number> {
    const due = Math.ceil(((await databaseNow(db.kysely, db.dialect)) + inMs) / 1000) * 1000;
    await db.kysely.updateTable('triggers').set({ next_fire_at: due }).where('id', '=', triggerId).execute();
    return due;
  }

  it('a pass reserves worker slots for its due triggers only: none for the triggers it fires ahead', async () => {
    const { db } = test;
    await addJob({ legacy_id: 'JOB1', cron_trigger: NOON, overlap_policy: 'allow_all' });
    await addJob({ legacy_id: 'JOB2', cron_trigger: NOON, overlap_policy: 'allow_all' });
    await dueIn(db, TRIGGER, 20_000);
    const asked: number[] = [];
    const handOff = {
      nodeId: 'node-a',
      leaseMs: 30_000,
      remaining: 0,
      reserve: (max: number) => {
        asked.push(max);
        return max;
      },
    };
    // JOB1 ahead, JOB2 not due yet either (its noon is hours away): nothing to hand off.
    expect(await fireDueTriggers(db, { ...ahead, handOff })).toMatchObject({ queued: 1 });
    expect(asked).toEqual([]);
    await db.kysely
      .updateTable('triggers')
      .set({ next_fire_at: (await databaseNow(db.kysely, db.dialect)) - 1000 })
      .where('id', '=', 'job|C1|JOB2|0')
      .execute();
    const outcome = await fireDueTriggers(db, { ...ahead, handOff });
    expect(asked).toEqual([1]);
    expect(outcome.started).toHaveLength(1);
  });

  it('fires a trigger due within the window: its run is queued from its scheduled time, the trigger moves on', async () => {
    const { db } = test;
    await addJob({ cron_trigger: NOON, overlap_policy: 'skip' });
    const due = await dueIn(db, TRIGGER, 20_000);
    expect(await fireDueTriggers(db, { ...ahead, fireAheadMs: 0 })).toMatchObject({ triggers: 0 });
    const outcome = await fireDueTriggers(db, ahead);
    expect(outcome).toMatchObject({ triggers: 1, queued: 1, skipped: 0, missed: 0, lateness: [0] });
    expect(outcome.leftUntil).toBeUndefined();
    const [run, ...more] = await runsOf(db, TRIGGER);
    expect(more).toHaveLength(0);
    expect(run).toMatchObject({ state: 'QUEUED', kind: 'scheduled', attempt: 0, started_at: null });
    expect(Number(run?.scheduled_at)).toBe(due);
    expect(Number(run?.queued_at)).toBe(due);
    const trigger = await triggerById(db, TRIGGER);
    expect(Number(trigger.prev_fire_at)).toBe(due);
    expect(Number(trigger.next_fire_at)).toBeGreaterThan(due);
    expect(await fireDueTriggers(db, ahead)).toMatchObject({ triggers: 0, queued: 0 });
  });

  it('leaves for their due time the triggers whose fire could still change: busy, suspended, off, waiting on predecessors', async () => {
    const { db } = test;
    await addJob({ legacy_id: 'BUSY', cron_trigger: NOON, overlap_policy: 'skip' });
    await insertRun(db, { legacy_id: 'BUSY', state: 'RUNNING', job_instance_no: 'BUSY_1' });
    await addJob({ legacy_id: 'SUSP', cron_trigger: NOON, has_suspend: 'Y' });
    await addJob({ legacy_id: 'OFF', cron_trigger: NOON, is_active: 'N' });
    await addJob({ legacy_id: 'PRED', cron_trigger: NOON, legacy_criteria: 'BUSY' });
    const ids = ['BUSY', 'SUSP', 'OFF', 'PRED'].map((id) => `job|C1|${id}|0`);
    const dues = await Promise.all(ids.map((id, i) => dueIn(db, id, 10_000 + i * 1000)));
    const outcome = await fireDueTriggers(db, ahead);
    expect(outcome).toMatchObject({ triggers: 4, queued: 0, skipped: 0, leftUntil: Math.min(...dues) });
    for (const [i, id] of ids.entries()) {
      expect(await runsOf(db, id)).toHaveLength(0);
      expect(Number((await triggerById(db, id)).next_fire_at)).toBe(dues[i]);
    }
  });

  it('a job suspended before its fire made ahead is due fires nothing then: that run is withdrawn', async () => {
    const { db } = test;
    await addJob({ cron_trigger: NOON, overlap_policy: 'allow_all' });
    await dueIn(db, TRIGGER, 20_000);
    expect(await fireDueTriggers(db, ahead)).toMatchObject({ queued: 1 });
    const now = await databaseNow(db.kysely, db.dialect);
    const suspending = await insertRun(db, { state: 'RUNNING', attempt: 1, queued_at: now - 3000 });
    const running = await insertRun(db, { state: 'RUNNING', attempt: 1, queued_at: now - 2000 });
    const due = await insertRun(db, { kind: 'scheduled', scheduled_at: now - 1000, queued_at: now - 1000 });
    await inWriteTransaction(db, (scope) => suspendJob(scope, db.dialect, 'C1', 'JOB1', suspending));
    expect(await runsOf(db, TRIGGER)).toHaveLength(0);
    // Issue 31: a due run not started yet ends SKIPPED naming the run that suspended the job; a run
    // already RUNNING (allow_all) goes on.
    expect(await readRun(db, due.id)).toMatchObject({
      state: 'SKIPPED',
      message: `skipped: the job was suspended by run ${suspending.job_instance_no} before this run started`,
    });
    expect((await readRun(db, running.id)).state).toBe('RUNNING');
    expect((await readRun(db, suspending.id)).state).toBe('RUNNING');
  });

  it('no claim takes a run before its scheduled time, and the claim says when it falls due', async () => {
    const { db } = test;
    const now = await databaseNow(db.kysely, db.dialect);
    const later = await insertRun(db, {
      kind: 'scheduled',
      scheduled_at: now + 60_000,
      queued_at: now + 60_000,
    });
    const dueNow = await insertRun(db, { kind: 'scheduled', scheduled_at: now - 10, queued_at: now - 5 });
    const first = await claimDueRuns(db, claim);
    expect(first.runs.map((run) => run.id)).toEqual([dueNow.id]);
    expect(first.nextDueInMs).toBeGreaterThan(0);
    expect(first.nextDueInMs).toBeLessThanOrEqual(60_000);
    expect((await readRun(db, later.id)).state).toBe('QUEUED');
    // The full claim (a cancel to decide takes it on PostgreSQL too) leaves it as well.
    const cancelled = await insertRun(db, { queued_at: now - 1, cancel_requested_by: 'op' });
    const second = await claimDueRuns(db, claim);
    expect(second.runs).toHaveLength(0);
    expect(second.nextDueInMs).toBeGreaterThan(0);
    expect((await readRun(db, cancelled.id)).state).toBe('STOPPED');
    expect((await readRun(db, later.id)).state).toBe('QUEUED');
    // Once due, it is claimed like any other, and no run is left to wait for.
    await db.kysely
      .updateTable('job_runs')
      .set({ queued_at: now - 1 })
      .where('id', '=', later.id)
      .execute();
    const third = await claimDueRuns(db, claim);
    expect(third.runs.map((run) => run.id)).toEqual([later.id]);
    expect(third.nextDueInMs).toBeUndefined();
  });

  it('a run fired ahead starts by the worker’s own timer, never before its scheduled time', async () => {
    const { db } = test;
    await addJob({ cron_trigger: NOON, overlap_policy: 'allow_all' });
    const url = process.env.TEST_DATABASE_URL;
    const signal: SchedulerSignal =
      kind === 'postgres' && url ? await postgresSignal(url, await currentSchema(db)) : inProcessSignal();
    closing.push(signal);
    const handler = new RecordingHandler();
    const entered: number[] = [];
    const recording = {
      run: (...args: Parameters<RecordingHandler['run']>) => (entered.push(Date.now()), handler.run(...args)),
    };
    // No poll, no notification at the due time: only the worker's timer can start the run then.
    const worker = new Worker({
      db,
      signal,
      handler: recording,
      nodeId: 'node-a',
      pollMs: 3_600_000,
      timeZone: TZ,
    });
    const scheduler = new Scheduler(
      { db, signal, nodeId: 'node-a', starter: worker },
      { timeZone: TZ, fireAheadMs: 60_000 },
    );
    closing.push({ close: () => worker.stop() }, { close: () => scheduler.stop() });
    const due = await dueIn(db, TRIGGER, 1_500);
    await worker.start();
    scheduler.start();
    const run = await eventually(
      async () => {
        const [fired] = await runsOf(db, TRIGGER);
        return fired?.state === 'FINISHED' ? fired : undefined;
      },
      { message: 'the run fired ahead to finish' },
    );
    expect(Number(run.scheduled_at)).toBe(due);
    expect(Number(run.queued_at)).toBe(due);
    expect(Number(run.started_at)).toBeGreaterThanOrEqual(due);
    expect(entered).toHaveLength(1);
    expect(entered[0]).toBeGreaterThanOrEqual(due);
  });
});

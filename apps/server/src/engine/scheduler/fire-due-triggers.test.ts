import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { nextFireTimes } from '../cron/index.js';
import { fireDueTriggers, type FireOptions } from './fire-due-triggers.js';

import { buildChainJob, buildJobConfig, makeDue, runsOf, triggerById } from './scheduler-test-support.js';
import { syncTriggers } from './trigger-sync.js';

const TZ = 'Asia/Bangkok';
const EVERY_SECOND = '* * * * * ?';
const TRIGGER = 'job|C1|JOB1|0';
const options: FireOptions = { timeZone: TZ, misfireThresholdMs: 60_000, batchSize: 50 };

describe.each(DATABASE_KINDS)('fireDueTriggers on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  async function addJob(overrides: Partial<Parameters<typeof buildJobConfig>[0]> = {}) {
    await test.db.kysely.insertInto('job_configs').values(buildJobConfig(overrides)).execute();
    await syncTriggers(
      test.db,
      { kind: 'job', companyCode: 'C1', ownerId: overrides.legacy_id ?? 'JOB1' },
      {
        timeZone: TZ,
      },
    );
  }

  it('fires a due trigger exactly once and advances it; never before its time', async () => {
    const { db } = test;
    await addJob({ cron_trigger: '0 0 12 * * ?', overlap_policy: 'allow_all' });
    expect((await fireDueTriggers(db, options)).triggers).toBe(0); // next noon is not due
    const due = await makeDue(db, TRIGGER, 1500);
    const outcome = await fireDueTriggers(db, options);
    expect(outcome).toMatchObject({ triggers: 1, queued: 1, skipped: 0, missed: 0 });
    expect(await fireDueTriggers(db, options)).toMatchObject({ triggers: 0, queued: 0 });
    const runs = await runsOf(db, TRIGGER);
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run).toMatchObject({
      owner_kind: 'job',
      company_code: 'C1',
      legacy_id: 'JOB1',
      kind: 'scheduled',
      scheduled_at: due,
      state: 'QUEUED',
      attempt: 0,
    });
    expect(Number(run?.queued_at)).toBeGreaterThanOrEqual(due);
    expect(run?.job_instance_no).toMatch(/^JOB1_\d{14}_[0-9a-z]{4}$/);
    const trigger = await triggerById(db, TRIGGER);
    expect(trigger).toMatchObject({ prev_fire_at: due, fire_count: 1, state: 'WAITING' });
    expect(Number(trigger.next_fire_at)).toBe(
      nextFireTimes('0 0 12 * * ?', new Date(due), TZ, 1)[0]?.getTime(),
    );
  });

  it('catches up every fire time within the threshold, without a gap', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    const due = await makeDue(db, TRIGGER, 5_000);
    await fireDueTriggers(db, options);
    const scheduled = (await runsOf(db, TRIGGER)).map((r) => Number(r.scheduled_at));
    expect(scheduled.length).toBeGreaterThanOrEqual(5);
    scheduled.forEach((time, i) => expect(time).toBe(due + i * 1000));
    const trigger = await triggerById(db, TRIGGER);
    expect(Number(trigger.next_fire_at)).toBe((scheduled.at(-1) ?? 0) + 1000);
  });

  it('misfire fire_once_now: one run for the missed time, the rest recorded, next after now', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    const due = await makeDue(db, TRIGGER, 90_000);
    const outcome = await fireDueTriggers(db, options);
    expect(outcome.queued).toBe(1);
    expect(outcome.missed).toBeGreaterThanOrEqual(89);
    expect((await runsOf(db, TRIGGER)).map((r) => Number(r.scheduled_at))).toEqual([due]);
    const missed = await db.kysely.selectFrom('missed_fires').selectAll().orderBy('scheduled_at').execute();
    expect(missed[0]).toMatchObject({
      trigger_id: TRIGGER,
      scheduled_at: due + 1000,
      policy: 'fire_once_now',
    });
    const trigger = await triggerById(db, TRIGGER);
    expect(Number(trigger.next_fire_at)).toBeGreaterThan(Number(missed.at(-1)?.scheduled_at));
    expect(Number(trigger.next_fire_at)).toBeGreaterThan(due + 89_000);
    const log = await db.kysely.selectFrom('system_log').selectAll().execute();
    expect(log.map((l) => l.message).join()).toContain('misfire');
  });

  it('misfire do_nothing: no run, every missed time recorded', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, misfire_policy: 'do_nothing' });
    const due = await makeDue(db, TRIGGER, 70_000);
    const outcome = await fireDueTriggers(db, options);
    expect(outcome).toMatchObject({ queued: 0, skipped: 0 });
    expect(await runsOf(db, TRIGGER)).toHaveLength(0);
    const missed = await db.kysely.selectFrom('missed_fires').selectAll().orderBy('scheduled_at').execute();
    expect(missed[0]).toMatchObject({ scheduled_at: due, policy: 'do_nothing' });
    expect(missed.length).toBeGreaterThanOrEqual(70);
  });

  it('overlap skip: a fire while a run is active is skipped and logged', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, overlap_policy: 'skip' });
    await makeDue(db, TRIGGER, 2_500);
    const outcome = await fireDueTriggers(db, options);
    expect(outcome.queued).toBe(1);
    expect(outcome.skipped).toBeGreaterThanOrEqual(2);
    const runs = await runsOf(db, TRIGGER);
    expect(runs.map((r) => r.state)).toEqual(['QUEUED', ...runs.slice(1).map(() => 'SKIPPED')]);
    const log = await db.kysely.selectFrom('system_log').selectAll().orderBy('seq').execute();
    expect(log[0]).toMatchObject({
      sid: 'S1',
      company_code: 'C1',
      job_instance_no: runs[1]?.job_instance_no,
      message: 'skipped: a run of the job is still active',
      msg_source: 'scheduler',
    });
  });

  it('overlap buffer_one queues one more while one runs; allow_all queues all', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, overlap_policy: 'buffer_one' });
    await addJob({ legacy_id: 'JOB2', cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    await db.kysely
      .insertInto('job_runs')
      .values({
        id: 'running',
        job_instance_no: 'JOB1_running',
        owner_kind: 'job',
        company_code: 'C1',
        legacy_id: 'JOB1',
        kind: 'manual',
        state: 'RUNNING',
        queued_at: 0,
        attempt: 1,
      })
      .execute();
    await makeDue(db, TRIGGER, 2_500);
    await makeDue(db, 'job|C1|JOB2|0', 2_500);
    await fireDueTriggers(db, options);
    const buffered = (await runsOf(db, TRIGGER)).map((r) => r.state);
    expect(buffered[0]).toBe('QUEUED');
    expect(buffered.slice(1).every((s) => s === 'SKIPPED')).toBe(true);
    const all = (await runsOf(db, 'job|C1|JOB2|0')).map((r) => r.state);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((s) => s === 'QUEUED')).toBe(true);
  });

  it('inactive and suspended jobs never fire, but their triggers move on', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, is_active: 'N' });
    await addJob({ legacy_id: 'JOB2', cron_trigger: EVERY_SECOND, has_suspend: 'Y' });
    const due = await makeDue(db, TRIGGER, 1_000);
    await makeDue(db, 'job|C1|JOB2|0', 1_000);
    expect(await fireDueTriggers(db, options)).toMatchObject({ triggers: 2, queued: 0, skipped: 0 });
    expect(await db.kysely.selectFrom('job_runs').selectAll().execute()).toHaveLength(0);
    expect(Number((await triggerById(db, TRIGGER)).next_fire_at)).toBeGreaterThan(due);
  });

  it('a batch writes each trigger by what was really inserted: a fire time already run is not counted', async () => {
    const { db } = test;
    await addJob({ cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    await addJob({ legacy_id: 'JOB2', cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    const before = await triggerById(db, TRIGGER);
    const due = await makeDue(db, TRIGGER, 3_000);
    await makeDue(db, 'job|C1|JOB2|0', 3_000);
    // The trigger's first due time already has a run (as if another writer got there first).
    await db.kysely
      .insertInto('job_runs')
      .values({
        id: 'earlier',
        job_instance_no: 'JOB1_earlier',
        owner_kind: 'job',
        company_code: 'C1',
        legacy_id: 'JOB1',
        kind: 'scheduled',
        trigger_id: TRIGGER,
        scheduled_at: due,
        state: 'FINISHED',
        queued_at: 0,
        attempt: 1,
      })
      .execute();
    const outcome = await fireDueTriggers(db, options);
    const first = await runsOf(db, TRIGGER);
    const second = await runsOf(db, 'job|C1|JOB2|0');
    expect(first[0]?.id).toBe('earlier');
    expect(outcome).toMatchObject({ triggers: 2, queued: first.length - 1 + second.length, skipped: 0 });
    expect(outcome.lateness).toHaveLength(outcome.queued);
    const trigger = await triggerById(db, TRIGGER);
    expect(trigger).toMatchObject({
      state: 'WAITING',
      fire_count: before.fire_count + first.length - 1,
      prev_fire_at: first.at(-1)?.scheduled_at,
    });
    expect(Number(trigger.next_fire_at)).toBe(Number(first.at(-1)?.scheduled_at) + 1000);
    expect(await triggerById(db, 'job|C1|JOB2|0')).toMatchObject({
      fire_count: second.length,
      prev_fire_at: second.at(-1)?.scheduled_at,
    });
  });

  it('a large pass is written in chunks: every due time of every trigger fires once', async () => {
    const { db } = test;
    const ids = Array.from({ length: 12 }, (_, i) => `JOB${i + 1}`);
    for (const id of ids)
      await addJob({ legacy_id: id, cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    const due = new Map<string, number>();
    for (const id of ids) due.set(id, await makeDue(db, `job|C1|${id}|0`, 50_000));
    const outcome = await fireDueTriggers(db, options);
    expect(outcome.triggers).toBe(12);
    expect(outcome.queued).toBeGreaterThan(500);
    for (const id of ids) {
      const runs = await runsOf(db, `job|C1|${id}|0`);
      runs.forEach((run, i) => expect(Number(run.scheduled_at)).toBe((due.get(id) ?? 0) + i * 1000));
      const trigger = await triggerById(db, `job|C1|${id}|0`);
      expect(trigger).toMatchObject({ fire_count: runs.length, prev_fire_at: runs.at(-1)?.scheduled_at });
      expect(Number(trigger.next_fire_at)).toBe(Number(runs.at(-1)?.scheduled_at) + 1000);
    }
    expect(await db.kysely.selectFrom('job_runs').select('id').execute()).toHaveLength(outcome.queued);
  });

  it('a chain trigger fires a chain run', async () => {
    const { db } = test;
    await db.kysely
      .insertInto('chain_jobs')
      .values(buildChainJob({ cron_trigger: EVERY_SECOND }))
      .execute();
    await syncTriggers(db, { kind: 'chain', companyCode: 'C1', ownerId: 'CHAIN1' }, { timeZone: TZ });
    await makeDue(db, 'chain|C1|CHAIN1|0', 0);
    await fireDueTriggers(db, options);
    expect(await runsOf(db, 'chain|C1|CHAIN1|0')).toMatchObject([
      { owner_kind: 'chain', legacy_id: 'CHAIN1', state: 'QUEUED', kind: 'scheduled' },
    ]);
  });

  it.runIf(kind === 'postgres')(
    'locks the job row only when its overlap policy reads the runs: allow_all fires past a held lock, skip waits for it',
    async () => {
      const { db } = test;
      await addJob({ cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
      await addJob({ legacy_id: 'JOB2', cron_trigger: EVERY_SECOND, overlap_policy: 'skip' });
      const other = test.reopen();
      /** Holds job_configs' row of one job FOR UPDATE in another session until `release` is called. */
      const holdJobRow = async (legacyId: string) => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: (pid: number) => void;
        const isLocked = new Promise<number>((resolve) => (locked = resolve));
        const holder = other.kysely.transaction().execute(async (trx) => {
          await trx
            .selectFrom('job_configs')
            .select('legacy_id')
            .where('legacy_id', '=', legacyId)
            .forUpdate()
            .execute();
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          locked(Number(rows[0]?.pid));
          await released;
        });
        const pid = await isLocked;
        return {
          pid,
          release: async () => {
            release();
            await holder;
          },
        };
      };
      await makeDue(db, TRIGGER, 1_500);
      let held = await holdJobRow('JOB1');
      // allow_all: the pass neither waits for the row nor reads the job's runs.
      expect((await fireDueTriggers(db, options)).queued).toBeGreaterThan(0);
      await held.release();

      await makeDue(db, 'job|C1|JOB2|0', 1_500);
      held = await holdJobRow('JOB2');
      const pass = fireDueTriggers(db, options);
      // skip: the pass waits for the job's row (another node's firing of the same job).
      await eventually(
        async () => {
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
          where ${held.pid}::int = any(pg_blocking_pids(pid))`.execute(db.kysely);
          return Number(rows[0]?.n) > 0;
        },
        { message: 'the pass to wait for the job row' },
      );
      await held.release();
      await pass;
      // JOB2's fire, once (JOB1, every second, may fall due again meanwhile on a slow machine).
      const job2 = await runsOf(db, 'job|C1|JOB2|0');
      expect(job2.filter((run) => run.state === 'QUEUED')).toHaveLength(1);
    },
  );
});

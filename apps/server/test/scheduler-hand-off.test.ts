import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { fireDueTriggers, type FireOptions } from '../src/engine/scheduler/fire-due-triggers.js';
import { Scheduler } from '../src/engine/scheduler/scheduler-loop.js';
import { inProcessSignal } from '../src/engine/scheduler/scheduler-signal.js';
import {
  buildChainJob,
  buildJobConfig,
  makeDue,
  runsOf,
  triggerById,
} from '../src/engine/scheduler/scheduler-test-support.js';
import { syncTriggers } from '../src/engine/scheduler/trigger-sync.js';
import { Worker } from '../src/engine/worker/worker.js';
import { RecordingHandler, systemLogOf } from '../src/engine/worker/worker-test-support.js';
import { eventually } from '../src/test-support/eventually.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../src/test-support/test-database.js';

const TZ = 'Asia/Bangkok';
const EVERY_SECOND = '* * * * * ?';
const NOON = '0 0 12 * * ?';
const trigger = (id: string, kind = 'job') => `${kind}|C1|${id}|0`;

function fireOptions(remaining: number, nodeId = 'node-a'): FireOptions {
  return {
    timeZone: TZ,
    misfireThresholdMs: 60_000,
    batchSize: 100,
    handOff: { nodeId, leaseMs: 30_000, remaining },
  };
}

/**
 * The firing pass that starts due runs at once in this node's free worker slots (issue 19): what
 * it writes must be exactly what a claim would write, and every path around it — predecessors,
 * chains, overlap, misfire, pause, a node dying before it ran them, two nodes at once — must keep
 * "each fire once, none lost".
 */
describe.each(DATABASE_KINDS)('firing with a hand-off to the worker (%s)', (kind) => {
  let test: TestDatabase;
  const workers: Worker[] = [];
  const schedulers: Scheduler[] = [];
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await test.drop();
  });

  async function addJob(db: Db, overrides: Partial<Parameters<typeof buildJobConfig>[0]> = {}) {
    await db.kysely.insertInto('job_configs').values(buildJobConfig(overrides)).execute();
    await syncTriggers(
      db,
      { kind: 'job', companyCode: 'C1', ownerId: overrides.legacy_id ?? 'JOB1' },
      { timeZone: TZ },
    );
  }

  it('starts due runs in the free slots as a claim would, and queues the rest', async () => {
    const { db } = test;
    for (const id of ['J1', 'J2', 'J3'])
      await addJob(db, { legacy_id: id, cron_trigger: NOON, overlap_policy: 'allow_all' });
    for (const id of ['J1', 'J2', 'J3']) await makeDue(db, trigger(id), 1500);
    const outcome = await fireDueTriggers(db, fireOptions(2));
    expect(outcome).toMatchObject({ triggers: 3, queued: 3 });
    expect(outcome.started).toHaveLength(2);
    const runs = await db.kysely.selectFrom('job_runs').selectAll().orderBy('legacy_id').execute();
    const running = runs.filter((run) => run.state === 'RUNNING');
    expect(running).toHaveLength(2);
    expect(runs.filter((run) => run.state === 'QUEUED')).toHaveLength(1);
    for (const run of running) {
      expect(run).toMatchObject({ lease_owner: 'node-a', attempt: 1 });
      expect(Number(run.started_at)).toBe(Number(run.queued_at));
      expect(Number(run.lease_until)).toBe(Number(run.started_at) + 30_000);
      expect(await systemLogOf(db, run.job_instance_no)).toEqual(['run started on node node-a']);
      const handed = outcome.started?.find((s) => s.id === run.id);
      expect(handed).toMatchObject({
        lease_owner: 'node-a',
        attempt: 1,
        job_instance_no: run.job_instance_no,
      });
    }
  });

  it('never starts at once a run that must wait for predecessors, nor a chain run', async () => {
    const { db } = test;
    await addJob(db, { legacy_id: 'PRED', cron_trigger: NOON });
    await addJob(db, { legacy_id: 'AFTER', cron_trigger: NOON, legacy_criteria: 'PRED' });
    await db.kysely
      .insertInto('chain_jobs')
      .values(buildChainJob({ cron_trigger: NOON }))
      .execute();
    await syncTriggers(db, { kind: 'chain', companyCode: 'C1', ownerId: 'CHAIN1' }, { timeZone: TZ });
    await makeDue(db, trigger('AFTER'), 1500);
    await makeDue(db, trigger('CHAIN1', 'chain'), 1500);
    const outcome = await fireDueTriggers(db, fireOptions(10));
    expect(outcome.queued).toBe(2);
    expect(outcome.started ?? []).toHaveLength(0);
    expect((await runsOf(db, trigger('AFTER')))[0]?.state).toBe('QUEUED');
    expect((await runsOf(db, trigger('CHAIN1', 'chain')))[0]?.state).toBe('QUEUED');
  });

  it('keeps overlap, misfire and pause decisions: skip after the started run, one run for a misfire, none while suspended', async () => {
    const { db } = test;
    await addJob(db, { legacy_id: 'SKIP', cron_trigger: EVERY_SECOND, overlap_policy: 'skip' });
    await addJob(db, { legacy_id: 'LATE', cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    await addJob(db, { legacy_id: 'OFF', cron_trigger: EVERY_SECOND, has_suspend: 'Y' });
    await makeDue(db, trigger('SKIP'), 2500);
    await makeDue(db, trigger('LATE'), 90_000);
    const offDue = await makeDue(db, trigger('OFF'), 1500);
    const outcome = await fireDueTriggers(db, fireOptions(10));
    const skip = await runsOf(db, trigger('SKIP'));
    expect(skip.map((r) => r.state)).toEqual(['RUNNING', ...skip.slice(1).map(() => 'SKIPPED')]);
    expect(skip.length).toBeGreaterThanOrEqual(3);
    expect((await runsOf(db, trigger('LATE'))).map((r) => r.state)).toEqual(['RUNNING']);
    expect(outcome.missed).toBeGreaterThanOrEqual(89);
    expect(await runsOf(db, trigger('OFF'))).toHaveLength(0);
    expect(Number((await triggerById(db, trigger('OFF'))).next_fire_at)).toBeGreaterThan(offDue);
    expect(outcome.started?.map((run) => run.legacy_id).sort()).toEqual(['LATE', 'SKIP']);
  });

  it('follows an edited schedule at once (the fire times computed ahead belong to the old expression)', async () => {
    const { db } = test;
    await addJob(db, { cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    await makeDue(db, trigger('JOB1'), 1500);
    await fireDueTriggers(db, fireOptions(0));
    await db.kysely.updateTable('job_configs').set({ cron_trigger: '0/5 * * * * ?' }).execute();
    await syncTriggers(db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' }, { timeZone: TZ });
    const due = await makeDue(db, trigger('JOB1'), 0);
    const fiveSeconds = Math.floor(due / 5000) * 5000;
    await db.kysely.updateTable('triggers').set({ next_fire_at: fiveSeconds }).execute();
    await fireDueTriggers(db, fireOptions(0));
    const next = Number((await triggerById(db, trigger('JOB1'))).next_fire_at);
    expect(next % 5000).toBe(0);
    expect(next).toBeGreaterThan(fiveSeconds);
  });

  it('a node that died before running what it started loses nothing: the lease expires and another node runs it', async () => {
    const { db } = test;
    await addJob(db, { cron_trigger: NOON });
    await makeDue(db, trigger('JOB1'), 1500);
    // The pass commits RUNNING runs for node "gone", which never adopts them (killed after commit).
    const outcome = await fireDueTriggers(db, {
      ...fireOptions(5),
      handOff: { nodeId: 'gone', leaseMs: 300, remaining: 5 },
    });
    expect(outcome.started).toHaveLength(1);
    const handler = new RecordingHandler();
    const worker = new Worker({
      db,
      signal: inProcessSignal(),
      handler,
      nodeId: 'survivor',
      pollMs: 50,
      recoveryMs: 100,
      timeZone: TZ,
    });
    workers.push(worker);
    await worker.start();
    const [run] = await runsOf(db, trigger('JOB1'));
    const ended = await eventually(async () => {
      const [row] = await runsOf(db, trigger('JOB1'));
      return row?.state === 'FINISHED' ? row : undefined;
    });
    expect(ended).toMatchObject({ id: run?.id, attempt: 2 });
    expect(handler.calls.map((call) => [call.runId, call.node])).toEqual([[run?.id, 'survivor']]);
    const log = await systemLogOf(db, ended.job_instance_no);
    expect(log[0]).toBe('run started on node gone');
    expect(log.some((line) => line.startsWith('lease of node gone expired'))).toBe(true);
  });

  it('two nodes firing and running on one database: every fire once, every run executed once', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => `R${i}`);
    for (const id of jobs)
      await addJob(test.db, { legacy_id: id, cron_trigger: EVERY_SECOND, overlap_policy: 'allow_all' });
    const signal = inProcessSignal();
    const handlers = [new RecordingHandler(), new RecordingHandler()];
    const pools = [test.db, test.reopen()];
    pools.forEach((db, i) => {
      const worker = new Worker({
        db,
        signal,
        handler: handlers[i] as RecordingHandler,
        nodeId: `n${i}`,
        concurrency: 4,
        timeZone: TZ,
      });
      workers.push(worker);
      schedulers.push(
        new Scheduler({ db, signal, nodeId: `n${i}`, starter: worker }, { timeZone: TZ, batchSize: 5 }),
      );
    });
    await Promise.all(workers.map((w) => w.start()));
    schedulers.forEach((s) => s.start());
    // Until both nodes have started runs at once and 60 runs have ended.
    await eventually(
      async () => {
        const row = await test.db.kysely
          .selectFrom('job_runs')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('state', '=', 'FINISHED')
          .executeTakeFirstOrThrow();
        return Number(row.n) >= 60;
      },
      { timeout: 30_000, message: '60 runs to end' },
    );
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    const runs = await test.db.kysely.selectFrom('job_runs').selectAll().execute();
    const fires = runs.map((run) => `${run.trigger_id}@${run.scheduled_at}`);
    expect(new Set(fires).size).toBe(fires.length);
    const calls = handlers.flatMap((h) => h.calls.map((call) => call.runId));
    expect(new Set(calls).size).toBe(calls.length);
    const finished = runs.filter((run) => run.state === 'FINISHED');
    for (const run of finished) expect(calls).toContain(run.id);
    // No gap: each trigger's fires are consecutive seconds up to its next fire time.
    for (const id of jobs) {
      const times = (await runsOf(test.db, trigger(id))).map((run) => Number(run.scheduled_at));
      times.forEach((time, i) => i > 0 && expect(time - (times[i - 1] ?? 0)).toBe(1000));
      expect(Number((await triggerById(test.db, trigger(id))).next_fire_at)).toBe((times.at(-1) ?? 0) + 1000);
    }
  });

  it('a buffer_one fire while a run of its job is RUNNING is queued behind it, never started at once (issue 31)', async () => {
    const { db } = test;
    await addJob(db, { cron_trigger: NOON, overlap_policy: 'buffer_one' });
    await db.kysely
      .insertInto('job_runs')
      .values({
        id: 'running-1',
        job_instance_no: 'JOB1_running',
        owner_kind: 'job',
        company_code: 'C1',
        legacy_id: 'JOB1',
        kind: 'manual',
        state: 'RUNNING',
        queued_at: 1,
        started_at: 1,
        lease_owner: 'node-b',
        lease_until: 10 ** 15,
        attempt: 1,
      })
      .execute();
    await makeDue(db, trigger('JOB1'), 1500);
    const outcome = await fireDueTriggers(db, fireOptions(4));
    expect(outcome).toMatchObject({ triggers: 1, queued: 1 });
    expect(outcome.started ?? []).toEqual([]);
    const fired = await runsOf(db, trigger('JOB1'));
    expect(fired.map((run) => run.state)).toEqual(['QUEUED']);
  });
});

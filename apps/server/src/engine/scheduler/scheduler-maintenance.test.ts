import type { Insertable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaintenanceSchedule } from '@lis/contracts';
import { databaseNow } from '../../db/database-clock.js';
import type { JobConfigTable } from '../../db/schema.js';
import { MetricsRegistry } from '../../http/metrics/metrics-registry.js';
import { schedulerMetricsRecorder } from '../../http/metrics/scheduler-recorder.js';
import { MaintenanceHolds } from '../../modules/maintenance/maintenance-holds.js';
import { MaintenanceRepository } from '../../modules/maintenance/maintenance.repository.js';
import { eventually } from '../../test-support/eventually.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { nextFireTimes } from '../cron/index.js';
import { earliestNextFire } from './acquire-due-triggers.repository.js';
import { fireDueTriggers, type FireOptions } from './fire-due-triggers.js';
import { Scheduler } from './scheduler-loop.js';
import { inProcessSignal } from './scheduler-signal.js';
import { buildChainJob, buildJobConfig, makeDue, runsOf, triggerById } from './scheduler-test-support.js';
import { StuckFireDetector } from './stuck-fires.js';
import { syncTriggers } from './trigger-sync.js';

/**
 * Issue 34: maintenance windows in the firing pass, on the real database. Time is the database's
 * own: windows and due times are set relative to its now (windows ended by writing their end into
 * the past, as an operator ending one early does), never by sleeping — but for the loop's test,
 * which waits for a window to end by itself (a few seconds).
 */
const TZ = 'Asia/Bangkok';
/** Noon of 1 January 2099: once due (makeDue), a trigger's next fire is far away, whatever the day. */
const NOON = '0 0 12 1 1 ? 2099';
const MINUTE = 60_000;
const trigger = (company: string, id: string, kind: 'job' | 'chain' = 'job') => `${kind}|${company}|${id}|0`;

describe.each(DATABASE_KINDS)('maintenance windows in the scheduler on %s', (kind) => {
  let test: TestDatabase;
  let windows: MaintenanceRepository;
  let holds: MaintenanceHolds;
  let options: FireOptions;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
    windows = new MaintenanceRepository(test.db.kysely);
    // Read again at every pass: a window written by the test takes effect at once.
    holds = new MaintenanceHolds(windows, TZ, 0);
    options = { timeZone: TZ, misfireThresholdMs: MINUTE, batchSize: 50, maintenance: holds };
  });
  afterEach(async () => {
    await test.drop();
  });

  const now = () => databaseNow(test.db.kysely, test.db.dialect);
  const iso = (at: number) => new Date(at).toISOString();
  async function addJob(overrides: Partial<Insertable<JobConfigTable>>) {
    await test.db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: NOON, overlap_policy: 'allow_all', ...overrides }))
      .execute();
    const owner = {
      kind: 'job' as const,
      companyCode: overrides.company_code ?? 'C1',
      ownerId: overrides.legacy_id ?? 'JOB1',
    };
    await syncTriggers(test.db, owner, { timeZone: TZ });
  }
  async function saveWindow(company: string, name: string, schedule: MaintenanceSchedule, mode = 'insert') {
    const row = {
      company_code: company,
      name,
      description: '',
      enabled: 1,
      schedule: JSON.stringify(schedule),
      updated_at: 0,
      updated_by: null,
    };
    if (mode === 'insert') await windows.insert({ ...row, created_at: 0 });
    else await windows.update(row);
  }
  const setDue = (id: string, at: number) =>
    test.db.kysely.updateTable('triggers').set({ next_fire_at: at }).where('id', '=', id).execute();
  const once = (from: number, to: number): MaintenanceSchedule => ({
    kind: 'once',
    from: iso(from),
    to: iso(to),
  });
  async function logsOf(triggerId: string) {
    const rows = await test.db.kysely
      .selectFrom('system_log')
      .select(['message_key', 'message', 'log_type'])
      .where('msg_source', '=', 'scheduler')
      .where('message_key', 'like', 'triggerMaintenance%')
      .where('message', 'like', `%${triggerId}%`)
      .orderBy('seq')
      .execute();
    return rows.map((row) => row.message_key);
  }

  it('holds the due jobs and chains of the company in maintenance, fires other companies, and at the end follows each misfire policy', async () => {
    const { db } = test;
    await addJob({ company_code: 'C1', legacy_id: 'ONCE' });
    await addJob({ company_code: 'C1', legacy_id: 'NOTHING', misfire_policy: 'do_nothing' });
    await addJob({ company_code: 'C2', legacy_id: 'OTHER' });
    await db.kysely
      .insertInto('chain_jobs')
      .values(buildChainJob({ company_code: 'C1', cron_trigger: NOON }))
      .execute();
    await syncTriggers(db, { kind: 'chain', companyCode: 'C1', ownerId: 'CHAIN1' }, { timeZone: TZ });
    const start = await now();
    await saveWindow('C1', 'NIGHT', once(start - 10 * MINUTE, start + 10 * MINUTE));
    // Due 5 s ago: well within the misfire threshold.
    const ids = [
      trigger('C1', 'ONCE'),
      trigger('C1', 'NOTHING'),
      trigger('C2', 'OTHER'),
      trigger('C1', 'CHAIN1', 'chain'),
    ];
    const due = new Map<string, number>();
    for (const id of ids) due.set(id, await makeDue(db, id, 5_000));

    const first = await fireDueTriggers(db, options);
    expect(first).toMatchObject({ queued: 1, maintenanceHolds: 3 });
    expect(first.maintenance).toEqual({
      held: { all: false, companies: ['C1'] },
      nextEnd: start + 10 * MINUTE,
    });
    expect(await runsOf(db, trigger('C2', 'OTHER'))).toHaveLength(1);
    for (const id of [ids[0], ids[1], ids[3]] as string[]) {
      expect(await runsOf(db, id), id).toEqual([]);
      const row = await triggerById(db, id);
      expect(Number(row.next_fire_at), id).toBe(due.get(id)); // still due
      expect(row.maintenance_held_since).not.toBeNull();
      expect(await logsOf(id)).toEqual(['triggerMaintenanceHeld']);
    }
    // Held: the next passes leave them (no log again, no count again), and the loop does not wake for them.
    expect(await fireDueTriggers(db, options)).toMatchObject({ triggers: 0, queued: 0 });
    expect(await logsOf(ids[0] as string)).toEqual(['triggerMaintenanceHeld']);
    const earliest = await earliestNextFire(db.kysely, first.maintenance?.held);
    expect(earliest).toBeGreaterThan(start);
    const loop = new Scheduler(
      { db, signal: inProcessSignal(), nodeId: 'node-a', maintenance: holds },
      { timeZone: TZ, maxSleepMs: 60 * MINUTE, misfireThresholdMs: MINUTE },
    );
    const sleep = await loop.runOnce();
    expect(sleep).toBeGreaterThan(9 * MINUTE); // no spin on the held triggers
    expect(sleep).toBeLessThanOrEqual(10 * MINUTE); // and never past the window's end
    // Not stuck while held, although far older than the detector's limit.
    expect(await new StuckFireDetector(db, 1_000, 100, holds).check()).toEqual([]);
    expect(
      (await new StuckFireDetector(db, 1_000, 100).check()).map((fire) => fire.triggerId).sort(),
    ).toEqual([ids[0], ids[1], ids[3]].sort());

    // The window ends (its end written into the past): the misfire policy decides, though 5 s is no misfire.
    const end = await now();
    await saveWindow('C1', 'NIGHT', once(start - 10 * MINUTE, end - 1), 'update');
    const released = await fireDueTriggers(db, options);
    expect(released).toMatchObject({ queued: 2, missed: 1 });
    expect(released.maintenance).toBeUndefined();
    const [fired] = await runsOf(db, trigger('C1', 'ONCE'));
    expect(await runsOf(db, trigger('C1', 'ONCE'))).toHaveLength(1);
    expect(Number(fired?.scheduled_at)).toBe(due.get(trigger('C1', 'ONCE')));
    expect(Number(fired?.queued_at)).toBeGreaterThanOrEqual(end);
    expect(await runsOf(db, trigger('C1', 'CHAIN1', 'chain'))).toHaveLength(1);
    expect(await runsOf(db, trigger('C1', 'NOTHING'))).toEqual([]);
    const nothing = await triggerById(db, trigger('C1', 'NOTHING'));
    const after = nextFireTimes(NOON, new Date(end), TZ, 1)[0]?.getTime();
    expect(Number(nothing.next_fire_at)).toBe(after);
    expect(nothing.maintenance_held_since).toBeNull();
    const missed = await db.kysely
      .selectFrom('missed_fires')
      .selectAll()
      .where('trigger_id', '=', trigger('C1', 'NOTHING'))
      .execute();
    expect(missed.map((row) => Number(row.scheduled_at))).toEqual([due.get(trigger('C1', 'NOTHING'))]);
    expect(await logsOf(trigger('C1', 'ONCE'))).toEqual([
      'triggerMaintenanceHeld',
      'triggerMaintenanceFiredOnce',
    ]);
    expect(await logsOf(trigger('C1', 'NOTHING'))).toEqual([
      'triggerMaintenanceHeld',
      'triggerMaintenanceSkipped',
    ]);

    // Exactly once; and the do_nothing job fires at its next fire time, as any other day.
    expect(await fireDueTriggers(db, options)).toMatchObject({ queued: 0 });
    await setDue(trigger('C1', 'NOTHING'), await now());
    expect(await fireDueTriggers(db, options)).toMatchObject({ queued: 1, missed: 0 });
    expect(await runsOf(db, trigger('C1', 'ONCE'))).toHaveLength(1);
  });

  it('a window shorter than the misfire threshold, that no pass saw hold: what fell inside follows the misfire policy', async () => {
    const { db } = test;
    await addJob({ company_code: 'C1', legacy_id: 'ONCE' });
    await addJob({ company_code: 'C1', legacy_id: 'NOTHING', misfire_policy: 'do_nothing' });
    await addJob({ company_code: 'C2', legacy_id: 'OTHER', misfire_policy: 'do_nothing' });
    const start = await now();
    // 20 s of maintenance that ended 5 s ago; the fires were due 15 s ago, inside it.
    await saveWindow('C1', 'SHORT', once(start - 25_000, start - 5_000));
    for (const id of [trigger('C1', 'ONCE'), trigger('C1', 'NOTHING'), trigger('C2', 'OTHER')])
      await makeDue(db, id, 15_000);
    const outcome = await fireDueTriggers(db, options);
    expect(outcome.maintenanceHolds).toBeUndefined();
    expect(await runsOf(db, trigger('C1', 'ONCE'))).toHaveLength(1);
    expect(await runsOf(db, trigger('C1', 'NOTHING'))).toEqual([]);
    // Another company: 15 s late is on time, whatever its policy.
    expect(await runsOf(db, trigger('C2', 'OTHER'))).toHaveLength(1);
    expect(await logsOf(trigger('C1', 'ONCE'))).toEqual(['triggerMaintenanceFiredOnce']);
    expect(await logsOf(trigger('C1', 'NOTHING'))).toEqual(['triggerMaintenanceSkipped']);
    expect(await logsOf(trigger('C2', 'OTHER'))).toEqual([]);
  });

  it('the policy decides for the held fire times only: those from the end of the window on are ordinary fires', async () => {
    const { db } = test;
    const EVERY_SECOND = '* * * * * ?';
    await addJob({ company_code: 'C1', legacy_id: 'ONCE', cron_trigger: EVERY_SECOND });
    await addJob({
      company_code: 'C1',
      legacy_id: 'NOTHING',
      cron_trigger: EVERY_SECOND,
      misfire_policy: 'do_nothing',
    });
    await addJob({
      company_code: 'C2',
      legacy_id: 'OTHER',
      cron_trigger: EVERY_SECOND,
      misfire_policy: 'do_nothing',
    });
    // A window of 20 s that ended on a whole second 3 s ago; every second from 10 s before its end is due.
    const end = Math.floor((await now()) / 1000) * 1000 - 3_000;
    await saveWindow('C1', 'SHORT', once(end - 20_000, end));
    const ids = [trigger('C1', 'ONCE'), trigger('C1', 'NOTHING'), trigger('C2', 'OTHER')];
    for (const id of ids) await setDue(id, end - 10_000);
    // Two passes: the release, then the ordinary fires it left due.
    await fireDueTriggers(db, options);
    await fireDueTriggers(db, options);
    const scheduled = async (id: string) => (await runsOf(db, id)).map((run) => Number(run.scheduled_at));
    const missed = async (id: string) =>
      (
        await db.kysely
          .selectFrom('missed_fires')
          .select('scheduled_at')
          .where('trigger_id', '=', id)
          .execute()
      )
        .map((row) => Number(row.scheduled_at))
        .sort((a, b) => a - b);
    const held = Array.from({ length: 10 }, (_, i) => end - 10_000 + i * 1000);
    for (const id of [ids[0], ids[1]] as string[]) {
      const times = await scheduled(id);
      // Nothing held fired; the fire at the window's end and those after it did, each once.
      expect(times[0], id).toBe(end);
      expect(
        times.every((at, i) => at === end + i * 1000),
        id,
      ).toBe(true);
      expect(times.length, id).toBeGreaterThanOrEqual(3);
      expect(await missed(id), id).toEqual(held);
    }
    expect(await logsOf(ids[0] as string)).toEqual(['triggerMaintenanceFiredOnce']);
    expect(await logsOf(ids[1] as string)).toEqual(['triggerMaintenanceSkipped']);
    // Another company: every second, on time.
    expect((await scheduled(ids[2] as string))[0]).toBe(end - 10_000);
    expect(await missed(ids[2] as string)).toEqual([]);
  });

  it('a window for every company holds every company; a disabled or deleted one holds nothing', async () => {
    const { db } = test;
    await addJob({ company_code: 'C1', legacy_id: 'JOB1' });
    await addJob({ company_code: 'C2', legacy_id: 'JOB2' });
    const start = await now();
    await test.db.kysely
      .insertInto('maintenance_windows')
      .values({
        company_code: 'C1',
        name: 'OFF',
        enabled: 0,
        schedule: JSON.stringify(once(start - MINUTE, start + MINUTE)),
        created_at: 0,
        updated_at: 0,
        updated_by: null,
      })
      .execute();
    await setDue(trigger('C1', 'JOB1'), start - 10_000);
    expect(await fireDueTriggers(db, options)).toMatchObject({ queued: 1 });
    expect(await logsOf(trigger('C1', 'JOB1'))).toEqual([]);

    await saveWindow('*', 'ALL', { kind: 'recurring', cron: '0 0 * * * ?', duration_minutes: 90 });
    await setDue(trigger('C1', 'JOB1'), start - 2_000);
    await setDue(trigger('C2', 'JOB2'), start - 2_000);
    const held = await fireDueTriggers(db, options);
    expect(held).toMatchObject({ queued: 0, maintenanceHolds: 2 });
    expect(held.maintenance?.held.all).toBe(true);
    expect(await fireDueTriggers(db, options)).toMatchObject({ triggers: 0 });
    const log = await db.kysely
      .selectFrom('system_log')
      .select(['message', 'log_type'])
      .where('message_key', '=', 'triggerMaintenanceHeld')
      .execute();
    expect(log).toHaveLength(2);
    expect(log[0]?.message).toMatch(/held by maintenance window \*:ALL until \d{4}-/);

    await windows.delete('*', 'ALL');
    expect(await fireDueTriggers(db, options)).toMatchObject({ queued: 2 });
    expect(await runsOf(db, trigger('C2', 'JOB2'))).toHaveLength(1);
  });

  it('the loop sleeps until the window ends, not past it, and fires the held job there once', async () => {
    const { db } = test;
    await addJob({ company_code: 'C1', legacy_id: 'ONCE' });
    const start = await now();
    const end = start + 3_000;
    await saveWindow('C1', 'BRIEF', once(start - MINUTE, end));
    await makeDue(db, trigger('C1', 'ONCE'), 5_000);
    const signal = inProcessSignal();
    const loop = new Scheduler(
      { db, signal, nodeId: 'node-a', maintenance: new MaintenanceHolds(windows, TZ) },
      // Without a wake at the window's end, the loop would sleep an hour: nothing else is due.
      { timeZone: TZ, maxSleepMs: 60 * MINUTE, misfireThresholdMs: MINUTE },
    );
    loop.start();
    try {
      const [run] = await eventually(
        async () => {
          const runs = await runsOf(db, trigger('C1', 'ONCE'));
          return runs.length > 0 ? runs : undefined;
        },
        { timeout: 20_000, message: 'the held job to fire at the end of the window' },
      );
      expect(Number(run?.queued_at)).toBeGreaterThanOrEqual(end);
    } finally {
      await loop.stop();
      await signal.close();
    }
    expect(await runsOf(db, trigger('C1', 'ONCE'))).toHaveLength(1);
  });
});

describe('the maintenance holds counter and the windows kept between passes', () => {
  it('is exported per node with what the passes held', () => {
    const registry = new MetricsRegistry();
    const recorder = schedulerMetricsRecorder(registry);
    recorder.passed?.({ triggers: 2, queued: 0, skipped: 0, missed: 0, lateness: [], maintenanceHolds: 2 });
    recorder.passed?.({ triggers: 1, queued: 1, skipped: 0, missed: 0, lateness: [0] });
    expect(registry.render()).toMatch(/^lis_node_scheduler_maintenance_holds_total 2$/m);
  });

  it('reads the windows again after a while or when told that they changed, never in between', async () => {
    let reads = 0;
    const rows = [
      {
        company_code: 'A',
        name: 'W',
        description: '',
        enabled: 1,
        created_at: 0,
        updated_at: 0,
        updated_by: null,
        schedule: JSON.stringify({ kind: 'once', from: '2026-12-05T00:00Z', to: '2026-12-06T00:00Z' }),
      },
    ];
    const enabled = async () => {
      reads += 1;
      return rows;
    };
    const holds = new MaintenanceHolds({ enabled }, 'UTC', 2_000);
    const scope = {} as Parameters<MaintenanceHolds['viewAt']>[0];
    const t = Date.parse('2026-12-05T12:00Z');
    expect((await holds.viewAt(scope, t)).heldCompanies).toEqual(['A']);
    expect((await holds.viewAt(scope, t + 1_999)).heldCompanies).toEqual(['A']);
    expect(reads).toBe(1);
    await holds.viewAt(scope, t + 2_000);
    expect(reads).toBe(2);
    holds.changed();
    await holds.viewAt(scope, t + 2_001);
    expect(reads).toBe(3);
  });
});

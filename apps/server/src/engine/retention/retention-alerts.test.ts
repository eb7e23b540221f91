import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RETENTION, DEMO_COMPANY_CODE, type RetentionSettings } from '@lis/contracts';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertDeliveryState, AlertStateColumn } from '../../db/alert-schema.js';
import type { Db } from '../../db/database.js';
import type { ExpectationDayState } from '../../db/schema.js';
import { SettingsRepository } from '../../db/settings.repository.js';
import { ManualClock } from '../../test-support/test-app.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { MAX_CATCH_UP_DAYS, RECOVERY_WINDOW_MS } from '../expectations/expectation-pass.js';
import { LocalBlobStore } from '../files/blob-store.js';
import { SystemLogRepository } from '../system-log/system-log.repository.js';
import { RetentionSettingsRepository } from './retention-settings.js';
import { RetentionSweepRepository } from './retention-sweep.repository.js';
import {
  DAY_MS,
  EXPECTATION_DAYS_KEPT_AT_LEAST,
  RetentionSweep,
  type SweepPhase,
} from './retention-sweep.js';

/**
 * The retention sweep over issue 35's tables (alerts, their deliveries and attempts, the days of file
 * deadlines), on SQLite and on PostgreSQL when TEST_DATABASE_URL is set: what goes with `runs_days`
 * (and the DEMO company's shorter window), and what never goes — an open alert, an alert with a
 * delivery still to send, a day the deadline evaluator may still look at.
 */
const NOW = Date.UTC(2026, 10, 21, 3, 0, 0);
const HOUR = 3_600_000;

interface SeededAlert {
  company?: string;
  state: AlertStateColumn;
  /** Days before NOW it was raised, acknowledged, resolved. */
  raised: number;
  acknowledged?: number;
  resolved?: number;
  /** Its deliveries' states (each with one attempt per earlier sending, two by default). */
  deliveries?: AlertDeliveryState[];
}

describe.each(DATABASE_KINDS)('the retention sweep of alerts and deadline days (%s)', (kind) => {
  let test: TestDatabase;
  let db: Db;
  let blobRoot: string;

  beforeEach(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-retention-alerts-'));
  });
  afterEach(async () => {
    await test.drop();
    fs.rmSync(blobRoot, { recursive: true, force: true });
  });

  const sweep = (
    options: { batchSize?: number; onBatch?: (b: { phase: SweepPhase; rows: number }) => void } = {},
  ) =>
    new RetentionSweep({
      db,
      blobs: new LocalBlobStore(blobRoot),
      clock: new ManualClock(NOW),
      nodeId: 'node-a',
      repositories: {
        retentionSettings: new RetentionSettingsRepository(new SettingsRepository(db.kysely)),
        retentionSweep: new RetentionSweepRepository(db, options.batchSize),
        systemLog: new SystemLogRepository(db.kysely),
      },
      ...(options.onBatch ? { onBatch: options.onBatch } : {}),
    }).run();
  const saveSettings = (settings: Partial<RetentionSettings>) =>
    new RetentionSettingsRepository(new SettingsRepository(db.kysely)).set(
      { ...DEFAULT_RETENTION, ...settings },
      NOW,
    );
  const daysAgo = (days: number | undefined) => (days === undefined ? null : NOW - days * DAY_MS);

  /** An alert with its deliveries (each with two attempts unless never sent); answers its event id. */
  async function seedAlert(alert: SeededAlert): Promise<string> {
    const eventId = crypto.randomUUID();
    const company = alert.company ?? 'A';
    const raisedAt = NOW - alert.raised * DAY_MS;
    await db.kysely
      .insertInto('alerts')
      .values({
        event_id: eventId,
        company_code: company,
        condition: 'RUN_ERROR',
        subject: eventId,
        legacy_id: 'JOB1',
        job_instance_no: `${company}_JOB1_${eventId.slice(0, 8)}`,
        business_day: null,
        deadline_at: null,
        occurred_at: raisedAt,
        raised_at: raisedAt,
        state: alert.state,
        acknowledged_by: alert.acknowledged === undefined ? null : 'op',
        acknowledged_at: daysAgo(alert.acknowledged),
        comment: null,
        resolved_at: daysAgo(alert.resolved),
        escalated_at: null,
      })
      .execute();
    for (const [index, state] of (alert.deliveries ?? ['delivered']).entries()) {
      const delivery = await db.kysely
        .insertInto('alert_deliveries')
        .values({
          event_id: eventId,
          company_code: company,
          channel: `HOOK${index}`,
          kind: 'webhook',
          escalation: 0,
          state,
          attempts: 2,
          first_attempt_at: raisedAt,
          next_attempt_at: state === 'pending' ? NOW : null,
          lease_owner: state === 'sending' ? 'node-b' : null,
          lease_until: state === 'sending' ? NOW + 60_000 : null,
          created_at: raisedAt,
          finished_at: null,
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto('alert_delivery_attempts')
        .values(
          [1, 2].map((attempt) => ({
            delivery_seq: Number(delivery.seq),
            attempt,
            event_id: eventId,
            at: raisedAt + attempt * 1000,
            status: attempt === 1 ? 503 : 200,
            outcome: attempt === 1 ? ('retrying' as const) : ('delivered' as const),
            error: null,
            answer: null,
          })),
        )
        .execute();
    }
    return eventId;
  }

  /** A day of job JOB1's file deadline, `age` days before NOW (its deadline at 10:00 Bangkok). */
  async function seedDay(age: number, state: ExpectationDayState, company = 'A'): Promise<string> {
    const deadlineAt = NOW - age * DAY_MS;
    const businessDay = new Date(deadlineAt + 7 * HOUR).toISOString().slice(0, 10);
    await db.kysely
      .insertInto('expectation_days')
      .values({
        company_code: company,
        legacy_id: 'JOB1',
        business_day: businessDay,
        state,
        deadline_at: deadlineAt,
        warn_at: deadlineAt - HOUR,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: deadlineAt - DAY_MS,
        evaluated_at: deadlineAt,
      })
      .execute();
    return businessDay;
  }

  const alertsLeft = async () =>
    (await db.kysely.selectFrom('alerts').select('event_id').execute()).map((row) => row.event_id).sort();
  const deliveriesOf = async (eventId: string) =>
    (await db.kysely.selectFrom('alert_deliveries').select('seq').where('event_id', '=', eventId).execute())
      .length;
  const attemptsOf = async (eventId: string) =>
    (
      await db.kysely
        .selectFrom('alert_delivery_attempts')
        .select('attempt')
        .where('event_id', '=', eventId)
        .execute()
    ).length;
  const daysLeft = async () =>
    (await db.kysely.selectFrom('expectation_days').select(['company_code', 'business_day']).execute())
      .map((row) => `${row.company_code} ${row.business_day}`)
      .sort();

  it('deletes alerts no longer open past runs_days with their deliveries and attempts; never an open one, nor one still sending', async () => {
    const acknowledged = await seedAlert({ state: 'acknowledged', raised: 100, acknowledged: 99 });
    const resolved = await seedAlert({
      state: 'resolved',
      raised: 120,
      resolved: 119,
      deliveries: ['delivered', 'failed', 'cancelled'],
    });
    const keep = [
      await seedAlert({ state: 'open', raised: 200 }),
      await seedAlert({
        state: 'acknowledged',
        raised: 100,
        acknowledged: 99,
        deliveries: ['failed', 'pending'],
      }),
      await seedAlert({ state: 'resolved', raised: 100, resolved: 99, deliveries: ['sending'] }),
      await seedAlert({ state: 'acknowledged', raised: 10, acknowledged: 9 }),
      // Raised long ago, acknowledged inside the window: kept as long as a run ended then would be.
      await seedAlert({ state: 'acknowledged', raised: 100, acknowledged: 5 }),
    ];

    const outcome = await sweep();

    expect(await alertsLeft()).toEqual([...keep].sort());
    for (const gone of [acknowledged, resolved]) {
      expect(await deliveriesOf(gone)).toBe(0);
      expect(await attemptsOf(gone)).toBe(0);
    }
    for (const kept of keep.slice(1, 3)) {
      expect(await deliveriesOf(kept)).toBe(kept === keep[1] ? 2 : 1);
      expect(await attemptsOf(kept)).toBe(kept === keep[1] ? 4 : 2);
    }
    if (!outcome.ran) throw new Error('expected a sweep');
    expect(outcome.counts).toMatchObject({ alerts: 2, alert_deliveries: 4, alert_attempts: 8 });
    const [line] = await db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('msg_source', '=', 'retention')
      .execute();
    expect(line?.message).toContain('2 alerts with 4 deliveries and 8 attempts');
    // Nothing more the next time.
    const again = await sweep();
    expect(again.ran && again.counts.alerts).toBe(0);
  });

  it('deletes in bounded batches, each its own transaction, and follows the DEMO company’s window', async () => {
    for (let index = 0; index < 7; index += 1)
      await seedAlert({ state: 'resolved', raised: 100 + index, resolved: 100 });
    const demoOld = await seedAlert({
      company: DEMO_COMPANY_CODE,
      state: 'acknowledged',
      raised: 3,
      acknowledged: 3,
    });
    const demoNew = await seedAlert({
      company: DEMO_COMPANY_CODE,
      state: 'acknowledged',
      raised: 1,
      acknowledged: 1,
    });
    const other = await seedAlert({ state: 'acknowledged', raised: 3, acknowledged: 3 });
    const batches: number[] = [];
    const outcome = await sweep({
      batchSize: 3,
      onBatch: ({ phase, rows }) => void (phase === 'alerts' && batches.push(rows)),
    });
    expect(outcome.ran && outcome.counts.alerts).toBe(8);
    // The DEMO company's scope first (one of 3 days, with demo_days 2), then everyone else's.
    expect(batches).toEqual([1, 3, 3, 1]);
    expect(await alertsLeft()).toEqual([demoNew, other].sort());
    expect(await deliveriesOf(demoOld)).toBe(0);
    // 0 keeps for ever.
    await seedAlert({ state: 'resolved', raised: 400, resolved: 400 });
    await saveSettings({ runs_days: 0, demo_days: 0 });
    const forever = await sweep();
    expect(forever.ran && forever.counts.alerts).toBe(0);
  });

  it('deletes the days of file deadlines past runs_days, never one the evaluator may still look at', async () => {
    // Beyond the catch-up: a day younger than this could be made again (and alerted again) if deleted.
    expect(EXPECTATION_DAYS_KEPT_AT_LEAST).toBeGreaterThan(MAX_CATCH_UP_DAYS);
    expect(EXPECTATION_DAYS_KEPT_AT_LEAST * DAY_MS).toBeGreaterThan(RECOVERY_WINDOW_MS);
    for (const [age, state] of [
      [100, 'MISSING'],
      [95, 'ON_TIME'],
      [91, 'RECOVERED'],
    ] as const)
      await seedDay(age, state);
    const [day89, day40, day20, day1] = [
      await seedDay(89, 'MISSING'),
      await seedDay(40, 'LATE'),
      await seedDay(20, 'MISSING'),
      await seedDay(1, 'PENDING'),
    ];
    const first = await sweep();
    expect(first.ran && first.counts.expectation_days).toBe(3);
    expect(await daysLeft()).toEqual([day89, day40, day20, day1].map((day) => `A ${day}`).sort());

    // A short window deletes down to it, but never inside 32 days.
    await saveSettings({ runs_days: 10 });
    const second = await sweep();
    expect(second.ran && second.counts.expectation_days).toBe(2);
    expect(await daysLeft()).toEqual([`A ${day20}`, `A ${day1}`].sort());

    // The DEMO company's 2 days are held to 32 all the same.
    const demo33 = await seedDay(33, 'ON_TIME', DEMO_COMPANY_CODE);
    const demo20 = await seedDay(20, 'MISSING', DEMO_COMPANY_CODE);
    const third = await sweep();
    expect(third.ran && third.counts.expectation_days).toBe(1);
    expect(demo33).not.toBe(demo20);
    expect(await daysLeft()).toEqual([`A ${day20}`, `A ${day1}`, `${DEMO_COMPANY_CODE} ${demo20}`].sort());
  });

  it.runIf(kind === 'postgres')(
    'keeps an alert whose failed delivery is sent again while the sweep is choosing it (PostgreSQL)',
    async () => {
      const eventId = await seedAlert({
        state: 'acknowledged',
        raised: 100,
        acknowledged: 99,
        deliveries: ['failed'],
      });
      // A resend on another connection, not committed yet: the delivery's row is locked, still `failed` to others.
      const other = test.reopen();
      let commit: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let holder = 0;
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const resend = other.kysely.transaction().execute(async (trx) => {
        const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        holder = Number(pid.rows[0]?.pid);
        await trx
          .updateTable('alert_deliveries')
          .set({ state: 'pending', next_attempt_at: NOW, finished_at: null })
          .where('event_id', '=', eventId)
          .execute();
        locked();
        await held;
      });
      await isLocked;
      const sweeping = sweep();
      // The sweep chose the alert and waits on the delivery's lock (a condition, not a clock).
      await expect
        .poll(
          async () =>
            (
              await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                where ${holder} = any(pg_blocking_pids(pid))`.execute(db.kysely)
            ).rows[0]?.n,
          { timeout: 20_000, interval: 50 },
        )
        .toBeGreaterThan(0);
      commit();
      await resend;
      const outcome = await sweeping;
      expect(outcome.ran && outcome.counts.alerts).toBe(0);
      expect(await alertsLeft()).toEqual([eventId]);
      expect(await deliveriesOf(eventId)).toBe(1);
      expect(await attemptsOf(eventId)).toBe(2);
    },
  );
});

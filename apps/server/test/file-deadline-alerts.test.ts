import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertDeliverer, createAlertSink } from '../src/composition/alerts.js';
import { databaseNow } from '../src/db/database-clock.js';
import { dayOfInstant, dayStart } from '../src/engine/expectations/expectation-days.js';
import { evaluateExpectations } from '../src/engine/expectations/expectation-pass.js';
import { buildExpectation, insertLoadedRun } from '../src/engine/expectations/expectation-test-support.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { verifyWebhookSignature } from '../src/adapters/webhook/index.js';
import { startReceiver, type Receiver } from '../src/modules/alerts/alerts-test-support.js';
import { useServiceHarness } from '../src/test-support/service-harness.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';

/**
 * Issue 35 end to end, the two halves together: the expectation evaluator raises through the real
 * AlertSink (modules/alerts), the company's rule routes it to a signed webhook, the delivery loop
 * posts it to a real receiver on loopback. A file that does not come by its deadline gives LATE then
 * MISSING, each delivered once however many passes run; the file coming after all gives RECOVERED,
 * which resolves the open alerts. Time is driven by the day row's warning time and deadline set
 * around the database's clock, never by sleeping.
 */
const TZ = 'Asia/Bangkok';
const SECRET = 'the-deadline-channel-secret';
const HOUR = 3_600_000;
const JOB = 'PAYROLL-IN';

describe.each(DATABASE_KINDS)('file deadlines raise alerts that reach a webhook (%s)', (kind) => {
  const h = useServiceHarness(kind);
  let receiver: Receiver;
  const errors: unknown[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    await h.services.alertChannels.save(
      {
        company_code: 'A',
        name: 'OPS-HOOK',
        kind: 'webhook',
        language: 'en',
        enabled: true,
        url: receiver.url('/ops'),
        secret: SECRET,
      },
      'insert',
      'admin-a',
    );
    await h.services.alertRules.save(
      {
        company_code: 'A',
        name: 'DEADLINES',
        enabled: true,
        conditions: ['LATE', 'MISSING', 'RECOVERED'],
        jobs: [JOB],
        channels: ['OPS-HOOK'],
        escalate_after_minutes: null,
        escalate_to: null,
      },
      'insert',
      'admin-a',
    );
  });
  afterAll(() => receiver.close());

  it('LATE then MISSING once each, then RECOVERED resolving them, all signed', async () => {
    const { db } = h;
    const now = () => databaseNow(db.kysely, db.dialect);
    const at = await now();
    const today = dayOfInstant(at, TZ);
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ company_code: 'A', legacy_id: JOB }))
      .execute();
    await db.kysely
      .insertInto('job_expectations')
      .values(
        buildExpectation({
          company_code: 'A',
          legacy_id: JOB,
          days_through: today,
          created_at: at - 86_400_000,
        }),
      )
      .execute();
    await db.kysely
      .insertInto('expectation_days')
      .values({
        company_code: 'A',
        legacy_id: JOB,
        business_day: today,
        state: 'PENDING',
        warn_at: at + HOUR,
        deadline_at: at + 2 * HOUR,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: at,
        evaluated_at: null,
      })
      .execute();
    const setTimes = (times: { warn_at?: number; deadline_at?: number }) =>
      db.kysely.updateTable('expectation_days').set(times).where('legacy_id', '=', JOB).execute();
    const sink = createAlertSink(db, (error) => errors.push(error));
    const pass = () => evaluateExpectations({ db, timeZone: TZ, alerts: sink });
    const deliverer = createAlertDeliverer({
      config: h.config,
      db,
      masterKey: h.masterKey,
      nodeId: 'node-a',
      onError: (error) => errors.push(error),
    });
    const deliver = async () => {
      while ((await deliverer.deliverDue()) > 0);
    };
    const received = () =>
      receiver.received.map((post) => JSON.parse(post.body) as { type: string; event_id: string });

    await pass();
    await deliver();
    expect(received()).toEqual([]);

    await setTimes({ warn_at: (await now()) - 1 });
    await pass();
    await pass();
    await deliver();
    await setTimes({ deadline_at: (await now()) - 1 });
    await pass();
    await pass();
    await deliver();
    await pass();
    await deliver();
    expect(received().map((event) => event.type)).toEqual(['LATE', 'MISSING']);

    // The files come after all: a run fired today whose step 1 loaded two.
    await insertLoadedRun(db, {
      companyCode: 'A',
      legacyId: JOB,
      scheduledAt: dayStart(today, TZ) + 1,
      step1EndedAt: (await now()) - 1,
      fileSizes: [100, 200],
    });
    await pass();
    await pass();
    await deliver();
    expect(received().map((event) => event.type)).toEqual(['LATE', 'MISSING', 'RECOVERED']);
    for (const post of receiver.received)
      expect(
        verifyWebhookSignature(
          SECRET,
          {
            timestamp: String(post.headers['x-lis-timestamp']),
            signature: String(post.headers['x-lis-signature-256']),
          },
          post.body,
        ),
      ).toBe(true);
    const alerts = await db.kysely
      .selectFrom('alerts')
      .select(['condition', 'state'])
      .where('subject', '=', `${JOB}|${today}`)
      .orderBy('condition')
      .execute();
    expect(alerts).toEqual([
      { condition: 'LATE', state: 'resolved' },
      { condition: 'MISSING', state: 'resolved' },
      { condition: 'RECOVERED', state: 'open' },
    ]);
    expect(errors).toEqual([]);
  });
});

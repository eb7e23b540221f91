import type { Alert } from '@lis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertDeliverer, createAlertSink } from '../src/composition/alerts.js';
import { inWriteTransaction } from '../src/db/write-transaction.js';
import { anAlert, startReceiver, type Receiver } from '../src/modules/alerts/alerts-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Sending a failed alert delivery again (`POST /v1/alerts/deliveries/resend`, issue 35) and the list's
 * `event_id` filter (the webhook's link), over HTTP against a real receiver on 127.0.0.1: it refuses
 * the first attempt (400: failed at once, no retry), an administrator sends it again, it takes the
 * second — with the same event id — and both attempts stay recorded. Who may, what is refused, the
 * audit row.
 */
const SECRET = 'a-webhook-secret-of-some-length';
const codeOf = (r: { json(): unknown }) => (r.json() as { code: string }).code;

describe.each(DATABASE_KINDS)('sending a failed alert delivery again, on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  const errors: unknown[] = [];
  /** Event ids of company A's alert (webhook HOOK) and company B's. */
  let eventA = '';
  let eventB = '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    receiver = await startReceiver();
    for (const company of ['A', 'B']) {
      const admin = `admin-${company.toLowerCase()}`;
      const channel = await t.as(admin, {
        method: 'POST',
        url: '/v1/alert-channels',
        payload: {
          company_code: company,
          name: 'HOOK',
          kind: 'webhook',
          language: 'en',
          enabled: true,
          url: receiver.url(`/${company}`),
          secret: SECRET,
        },
      });
      expect(channel.statusCode, channel.body).toBe(200);
      const rule = await t.as(admin, {
        method: 'POST',
        url: '/v1/alert-rules',
        payload: {
          company_code: company,
          name: 'ERRORS',
          enabled: true,
          conditions: ['RUN_ERROR', 'MISSING'],
          jobs: [],
          channels: ['HOOK'],
          escalate_after_minutes: null,
          escalate_to: null,
        },
      });
      expect(rule.statusCode, rule.body).toBe(200);
    }
    const sink = createAlertSink(t.database.db, (error) => errors.push(error));
    const raise = (overrides: Parameters<typeof anAlert>[0]) =>
      inWriteTransaction(t.database.db, (scope) => sink.raise(scope, anAlert(overrides)));
    await raise({ subject: 'A_JOB1_7', jobInstanceNo: 'A_JOB1_7' });
    await raise({ companyCode: 'B', subject: 'B_JOB1_7', jobInstanceNo: 'B_JOB1_7' });
    const ids = await t.database.db.kysely
      .selectFrom('alerts')
      .select(['event_id', 'company_code'])
      .execute();
    eventA = ids.find((row) => row.company_code === 'A')?.event_id ?? '';
    eventB = ids.find((row) => row.company_code === 'B')?.event_id ?? '';
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const deliverer = () =>
    createAlertDeliverer({
      config: t.context.config,
      db: t.database.db,
      masterKey: t.masterKey,
      nodeId: 'node-a',
      onError: (error) => errors.push(error),
      random: () => 0,
    });
  const listed = async (username: string, query: string) => {
    const r = await t.as(username, { url: `/v1/alerts?${query}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { result_list: Alert[]; total_count: number };
  };
  const resend = (username: string, body: Record<string, unknown>) =>
    t.as(username, {
      method: 'POST',
      url: '/v1/alerts/deliveries/resend',
      payload: { company_code: 'A', event_id: eventA, channel: 'HOOK', escalation: false, ...body },
    });

  it('lists the one alert of an event id, only of the caller’s companies (no hint of another’s)', async () => {
    const mine = await listed('user-a', `event_id=${eventA}`);
    expect(mine.total_count).toBe(1);
    expect(mine.result_list.map((a) => [a.event_id, a.company_code])).toEqual([[eventA, 'A']]);
    // Company B's alert is not found for A's user, named company or not: the same answer as an unknown id.
    for (const query of [`event_id=${eventB}`, `event_id=${eventB}&company_code=A`, 'event_id=no-such-event'])
      expect(await listed('user-a', query)).toEqual({ result_list: [], total_count: 0 });
    expect(codeOf(await t.as('user-a', { url: `/v1/alerts?event_id=${eventB}&company_code=B` }))).toBe(
      'COMPANY_FORBIDDEN',
    );
    expect((await listed('root', `event_id=${eventB}`)).result_list.map((a) => a.company_code)).toEqual([
      'B',
    ]);
    // With the other filters it narrows as they do (the console sends the event alone).
    expect((await listed('user-a', `event_id=${eventA}&state=acknowledged`)).total_count).toBe(0);
    const tooLong = await t.as('user-a', { url: `/v1/alerts?event_id=${'x'.repeat(65)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(codeOf(tooLong)).toBe('REQUEST_INVALID');
  });

  it('sends a delivery refused with 400 again when an admin asks: the same event id, both attempts kept', async () => {
    // A's delivery is due first (raised first): the receiver refuses it; B's is taken.
    receiver.answers.push(400);
    expect(await deliverer().deliverDue()).toBe(1);
    expect(receiver.received.map((post) => [post.path, post.headers['x-lis-event-id']])).toEqual([
      ['/A', eventA],
      ['/B', eventB],
    ]);
    let [alert] = (await listed('admin-a', `event_id=${eventA}`)).result_list;
    expect(alert?.delivery_states).toEqual([
      { channel: 'HOOK', escalation: false, state: 'failed', attempts: 1 },
    ]);
    expect(alert?.deliveries).toMatchObject([
      { channel: 'HOOK', attempt: 1, status: 400, outcome: 'failed' },
    ]);
    // Nothing more goes out on its own: a 4xx is not retried.
    await deliverer().deliverDue();
    expect(receiver.received.filter((post) => post.headers['x-lis-event-id'] === eventA)).toHaveLength(1);

    const again = await resend('admin-a', {});
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Alert).delivery_states).toEqual([
      { channel: 'HOOK', escalation: false, state: 'pending', attempts: 1 },
    ]);
    // Due at once (no waiting for a retry delay), the receiver answers 200 this time.
    expect(await deliverer().deliverDue()).toBe(1);
    const posts = receiver.received.filter((post) => post.headers['x-lis-event-id'] === eventA);
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]?.body ?? '{}')).toMatchObject({ event_id: eventA, type: 'RUN_ERROR' });
    expect(receiver.processed).toContain(eventA);

    [alert] = (await listed('user-a', `event_id=${eventA}`)).result_list;
    expect(alert?.deliveries).toMatchObject([
      { channel: 'HOOK', attempt: 1, status: 400, outcome: 'failed' },
      { channel: 'HOOK', attempt: 2, status: 200, outcome: 'delivered' },
    ]);
    expect(alert?.delivery_states).toEqual([
      { channel: 'HOOK', escalation: false, state: 'delivered', attempts: 2 },
    ]);
    // Who asked: the audit log, as every administrator's change.
    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .select(['username', 'route', 'status_code', 'company_code', 'target'])
      .where('route', '=', '/v1/alerts/deliveries/resend')
      .execute();
    expect(audit).toContainEqual({
      username: 'admin-a',
      route: '/v1/alerts/deliveries/resend',
      status_code: 200,
      company_code: 'A',
      target: `A|${eventA}|HOOK`,
    });
    expect(errors).toEqual([]);
  });

  it('refuses a delivery that is not failed (409), an unknown or another company’s one (404), and non-admins', async () => {
    const delivered = await resend('admin-a', {});
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toMatchObject({ code: 'ALERT_DELIVERY_NOT_FAILED' });
    expect((delivered.json() as { message: string }).message).toContain('delivered');
    const thai = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/alerts/deliveries/resend',
      headers: { 'accept-language': 'th' },
      payload: { company_code: 'A', event_id: eventA, channel: 'HOOK', escalation: false },
    });
    expect((thai.json() as { message: string }).message).toContain('ส่งซ้ำได้เฉพาะการส่งที่ล้มเหลว');

    // B's alert named as A's: not found, exactly as an event id that does not exist.
    const other = await resend('admin-a', { event_id: eventB });
    const unknown = await resend('admin-a', { event_id: 'no-such-event' });
    for (const r of [other, unknown]) {
      expect(r.statusCode).toBe(404);
      expect(codeOf(r)).toBe('ALERT_DELIVERY_NOT_FOUND');
    }
    expect((other.json() as { message: string }).message).toBe(
      (unknown.json() as { message: string }).message.replace('no-such-event', eventB),
    );
    expect(codeOf(await resend('admin-a', { channel: 'OTHER' }))).toBe('ALERT_DELIVERY_NOT_FOUND');
    expect(codeOf(await resend('admin-a', { escalation: true }))).toBe('ALERT_DELIVERY_NOT_FOUND');
    // B's admin cannot act in A, nor A's user; B's delivery stays as it was.
    expect(codeOf(await resend('admin-b', {}))).toBe('COMPANY_FORBIDDEN');
    expect(codeOf(await resend('user-a', {}))).toBe('COMPANY_FORBIDDEN');
    const bad = await resend('admin-a', { channel: '../x' });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('REQUEST_INVALID');
    expect(receiver.received.filter((post) => post.path === '/B')).toHaveLength(1);
  });

  it('starts a fresh retry schedule, and never sends again the escalation of an alert no longer open', async () => {
    const sink = createAlertSink(t.database.db, (error) => errors.push(error));
    await inWriteTransaction(t.database.db, (scope) =>
      sink.raise(scope, anAlert({ subject: 'A_JOB1_8', jobInstanceNo: 'A_JOB1_8' })),
    );
    const [fresh] = (await listed('admin-a', 'condition=RUN_ERROR&state=open')).result_list.filter(
      (a) => a.job_instance_no === 'A_JOB1_8',
    );
    if (!fresh) throw new Error('no alert of A_JOB1_8');
    receiver.answers.push(400);
    await deliverer().deliverDue();
    expect((await resend('admin-a', { event_id: fresh.event_id })).statusCode).toBe(200);
    // The resent attempt meets a 503: retried, after the delay of a second attempt (under 5 s), not a
    // third's (under 10 s) — the jitter pinned to its top.
    receiver.answers.push(503);
    const top = createAlertDeliverer({
      config: t.context.config,
      db: t.database.db,
      masterKey: t.masterKey,
      nodeId: 'node-b',
      onError: (error) => errors.push(error),
      random: () => 0.999,
    });
    await top.deliverDue();
    const row = await t.database.db.kysely
      .selectFrom('alert_deliveries')
      .select(['state', 'attempts', 'next_attempt_at', 'first_attempt_at'])
      .where('event_id', '=', fresh.event_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    const wait = Number(row.next_attempt_at) - Number(row.first_attempt_at);
    expect(wait).toBeGreaterThan(4_000);
    expect(wait).toBeLessThan(5_500);

    // A failed escalation of an alert acknowledged since: its moment has passed.
    await t.database.db.kysely
      .insertInto('alert_deliveries')
      .values({
        event_id: fresh.event_id,
        company_code: 'A',
        channel: 'HOOK',
        kind: 'webhook',
        escalation: 1,
        state: 'failed',
        attempts: 1,
        created_at: Date.now(),
      })
      .execute();
    const ack = await t.as('user-a', {
      method: 'POST',
      url: '/v1/alerts/acknowledge',
      payload: { event_id: fresh.event_id, comment: 'seen' },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const late = await resend('admin-a', { event_id: fresh.event_id, escalation: true });
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('ALERT_NOT_OPEN');
    expect(errors).toEqual([]);
  });
});

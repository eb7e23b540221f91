import crypto from 'node:crypto';
import { AlertEvent } from '@lis/contracts';
import { Value } from '@sinclair/typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAlertDeliverer, createAlertSink } from '../../composition/alerts.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import type { RaisedAlert } from '../../engine/alerts/alert-sink.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { useServiceHarness } from '../../test-support/service-harness.js';
import { anAlert, offsetClock, startReceiver, type Receiver } from './alerts-test-support.js';

/**
 * The delivery loop against a real HTTP receiver on 127.0.0.1 (issue 35): the signature by the
 * documented recipe, at-least-once retries with one event id, no retry on 4xx, the de-duplication of
 * a raise, escalation once and its stop by acknowledging, RECOVERED resolving. Time moves through the
 * database's clock plus an offset (never a sleep); the retry jitter is pinned to 0 (due at once).
 */
const SECRET = 'a-webhook-secret-of-some-length';
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('alert deliveries (%s)', (kind) => {
  const h = useServiceHarness(kind);
  let receiver: Receiver;
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  let clock: ReturnType<typeof offsetClock>;

  beforeAll(async () => {
    receiver = await startReceiver();
    clock = offsetClock(h.db);
    const channel = (name: string, kindOf: 'webhook' | 'teams' | 'slack', language: 'en' | 'th') =>
      h.services.alertChannels.save(
        {
          company_code: 'A',
          name,
          kind: kindOf,
          language,
          enabled: true,
          url: receiver.url(`/${name.toLowerCase()}`),
          ...(kindOf === 'webhook' ? { secret: SECRET } : {}),
        },
        'insert',
        'admin-a',
      );
    await channel('HOOK', 'webhook', 'en');
    await channel('BOSS', 'webhook', 'th');
    await channel('TEAMS', 'teams', 'th');
    await channel('SLACK', 'slack', 'en');
  });
  afterAll(() => receiver.close());
  afterEach(async () => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    clock.offsetMs = 0;
    expect(errors).toEqual([]);
    // Nothing a test left pending is sent in the next one.
    await h.db.kysely
      .updateTable('alert_deliveries')
      .set({ state: 'cancelled' })
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    for (const rule of (await h.services.alertRules.list('A')).result_list)
      await h.services.alertRules.delete({ company_code: 'A', name: rule.name });
  });

  const sink = () => createAlertSink(h.db, onError, clock);
  const node = (nodeId = 'node-a') =>
    createAlertDeliverer({
      config: h.config,
      db: h.db,
      masterKey: h.masterKey,
      nodeId,
      onError: (error) => {
        throw error;
      },
      clock,
      random: () => 0,
    });
  const route = (channels: string[], escalation?: { after: number; to: string }) =>
    h.services.alertRules.save(
      {
        company_code: 'A',
        name: 'R',
        enabled: true,
        conditions: ['RUN_ERROR', 'LATE', 'MISSING', 'RECOVERED'],
        jobs: [],
        channels,
        escalate_after_minutes: escalation?.after ?? null,
        escalate_to: escalation?.to ?? null,
      },
      'insert',
      'admin-a',
    );
  const raise = (alert: Partial<RaisedAlert>) =>
    inWriteTransaction(h.db, (scope) => sink().raise(scope, anAlert(alert)));
  const unique = () => `A_JOB1_${crypto.randomBytes(4).toString('hex')}`;
  const alertOf = async (subject: string) =>
    h.db.kysely.selectFrom('alerts').selectAll().where('subject', '=', subject).executeTakeFirstOrThrow();
  const attemptsOf = async (eventId: string) =>
    (
      await h.db.kysely
        .selectFrom('alert_delivery_attempts as a')
        .innerJoin('alert_deliveries as d', 'd.seq', 'a.delivery_seq')
        .select(['d.channel', 'd.escalation', 'a.attempt', 'a.status', 'a.outcome'])
        .where('a.event_id', '=', eventId)
        .orderBy('a.at')
        .orderBy('a.attempt')
        .execute()
    ).map((a) => `${a.channel}${a.escalation ? '(esc)' : ''}#${a.attempt}:${a.status ?? '-'}:${a.outcome}`);
  const paths = () => receiver.received.map((post) => post.path);

  it('posts a signed lis.alert/v1 event that verifies by the documented recipe', async () => {
    await route(['HOOK']);
    const subject = unique();
    expect(await raise({ subject, jobInstanceNo: subject })).toBe(true);
    expect(await node().deliverDue()).toBe(1);
    const [post] = receiver.received;
    if (!post) throw new Error('nothing received');
    const { event_id: eventId } = await alertOf(subject);
    // docs/alerts.md, as a receiver writes it: HMAC-SHA256 of "<timestamp>.<raw body>", hex.
    const ts = String(post.headers['x-lis-timestamp']);
    const mac = crypto.createHmac('sha256', SECRET).update(`${ts}.`).update(post.body).digest('hex');
    expect(post.headers['x-lis-signature-256']).toBe(`sha256=${mac}`);
    expect(Math.abs(Date.now() / 1000 - Number(ts))).toBeLessThanOrEqual(300);
    expect(post.headers['x-lis-event-id']).toBe(eventId);
    const event: unknown = JSON.parse(post.body);
    expect(Value.Check(AlertEvent, event), JSON.stringify([...Value.Errors(AlertEvent, event)])).toBe(true);
    expect(event).toMatchObject({
      schema: 'lis.alert/v1',
      event_id: eventId,
      type: 'RUN_ERROR',
      company_code: 'A',
      job: { legacy_id: 'JOB1', legacy_name: 'JOB1' },
      run: { job_instance_no: subject, state: 'ERROR' },
      summary: `JOB1: run ${subject} ended in ERROR`,
      link: `/legacydetail?company_code=A&legacy_id=JOB1&job_no=${subject}`,
      escalation: false,
    });
    expect(await attemptsOf(eventId)).toEqual(['HOOK#1:200:delivered']);
  });

  it('500 then 200: the receiver gets the same event id twice and both attempts are recorded', async () => {
    await route(['HOOK']);
    const subject = unique();
    await raise({ subject });
    receiver.answers.push(500);
    const deliverer = node();
    expect(await deliverer.deliverDue()).toBe(0);
    expect(await deliverer.deliverDue()).toBe(1);
    const { event_id: eventId } = await alertOf(subject);
    expect(receiver.received.map((post) => post.headers['x-lis-event-id'])).toEqual([eventId, eventId]);
    expect(receiver.processed.filter((id) => id === eventId)).toHaveLength(1);
    expect(await attemptsOf(eventId)).toEqual(['HOOK#1:500:retrying', 'HOOK#2:200:delivered']);
    expect(await deliverer.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(2);
    // /metrics counts every attempt by kind and outcome.
    const { attempts } = await h.services.alerts.metrics();
    expect(attempts.find((a) => a.kind === 'webhook' && a.outcome === 'retrying')?.n).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('a 4xx is not retried: the delivery fails at once, and the system log says so', async () => {
    await route(['HOOK']);
    const subject = unique();
    await raise({ subject, jobInstanceNo: subject });
    receiver.answers.push(410);
    const deliverer = node();
    await deliverer.deliverDue();
    clock.offsetMs = 60 * MINUTE;
    await deliverer.deliverDue();
    expect(receiver.received).toHaveLength(1);
    const { event_id: eventId } = await alertOf(subject);
    expect(await attemptsOf(eventId)).toEqual(['HOOK#1:410:failed']);
    const lines = await h.db.kysely
      .selectFrom('system_log')
      .select(['message', 'log_type'])
      .where('job_instance_no', '=', subject)
      .orderBy('seq')
      .execute();
    expect(lines.map((line) => line.log_type)).toEqual(['WARNING', 'ERROR']);
    expect(lines[1]?.message).toContain(`delivery to channel HOOK failed after 1 attempt(s): HTTP 410`);
  });

  it('a second raise of the same subject records and sends nothing; no rule, nothing recorded', async () => {
    await route(['HOOK']);
    const subject = unique();
    expect(await raise({ subject })).toBe(true);
    expect(await raise({ subject })).toBe(false);
    await node().deliverDue();
    expect(receiver.received).toHaveLength(1);
    expect(await raise({ subject: unique(), condition: 'MISFIRE' })).toBe(false);
    expect(
      await h.db.kysely.selectFrom('alerts').select('event_id').where('condition', '=', 'MISFIRE').execute(),
    ).toEqual([]);
  });

  it('escalates an alert still open once, after the rule’s minutes, with the same event id', async () => {
    await route(['HOOK'], { after: 30, to: 'BOSS' });
    const subject = unique();
    await raise({ subject });
    const deliverer = node();
    await deliverer.deliverDue();
    expect(paths()).toEqual(['/hook']);
    clock.offsetMs = 29 * MINUTE;
    await deliverer.deliverDue();
    expect(paths()).toEqual(['/hook']);
    clock.offsetMs = 31 * MINUTE;
    await deliverer.deliverDue();
    clock.offsetMs = 120 * MINUTE;
    await deliverer.deliverDue();
    expect(paths()).toEqual(['/hook', '/boss']);
    const alert = await alertOf(subject);
    const escalated = JSON.parse(receiver.received[1]?.body ?? '{}') as Record<string, unknown>;
    expect(escalated).toMatchObject({ event_id: alert.event_id, escalation: true });
    // BOSS is a Thai channel.
    expect(escalated.summary).toBe(`ยกระดับการแจ้งเตือน: JOB1: การรัน A_JOB1_1 จบด้วย ERROR`);
    expect(alert.escalated_at).not.toBeNull();
    expect(await attemptsOf(alert.event_id)).toEqual(['HOOK#1:200:delivered', 'BOSS(esc)#1:200:delivered']);
  });

  it('acknowledging before the escalation is due stops it', async () => {
    await route(['HOOK'], { after: 30, to: 'BOSS' });
    const subject = unique();
    await raise({ subject });
    const deliverer = node();
    await deliverer.deliverDue();
    const { event_id: eventId } = await alertOf(subject);
    const acknowledged = await h.services.alerts.acknowledge(await h.identity('user-a'), {
      event_id: eventId,
      comment: ' called the partner ',
    });
    expect(acknowledged).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: 'user-a',
      comment: 'called the partner',
    });
    clock.offsetMs = 31 * MINUTE;
    await deliverer.deliverDue();
    expect(paths()).toEqual(['/hook']);
    const escalation = await h.db.kysely
      .selectFrom('alert_deliveries')
      .select('state')
      .where('event_id', '=', eventId)
      .where('escalation', '=', 1)
      .executeTakeFirstOrThrow();
    expect(escalation.state).toBe('cancelled');
    expect((await alertOf(subject)).escalated_at).toBeNull();
  });

  it('RECOVERED resolves the open LATE and MISSING of its subject, and their escalation', async () => {
    await route(['HOOK'], { after: 30, to: 'BOSS' });
    const day = `JOB1|2026-12-${crypto.randomInt(10, 28)}-${crypto.randomBytes(3).toString('hex')}`;
    const expectation = {
      legacyId: 'JOB1',
      jobInstanceNo: null,
      businessDay: '2026-12-07',
      deadlineAt: Date.now(),
    };
    await raise({ ...expectation, condition: 'LATE', subject: day });
    await raise({ ...expectation, condition: 'MISSING', subject: day });
    expect(await raise({ ...expectation, condition: 'RECOVERED', subject: day })).toBe(true);
    const states = await h.db.kysely
      .selectFrom('alerts')
      .select(['condition', 'state'])
      .where('subject', '=', day)
      .orderBy('condition')
      .execute();
    expect(states).toEqual([
      { condition: 'LATE', state: 'resolved' },
      { condition: 'MISSING', state: 'resolved' },
      { condition: 'RECOVERED', state: 'open' },
    ]);
    clock.offsetMs = 31 * MINUTE;
    await node().deliverDue();
    // Each alert to HOOK; only the RECOVERED one (still open) escalates.
    expect(paths().sort()).toEqual(['/boss', '/hook', '/hook', '/hook']);
    const bossEvent = JSON.parse(receiver.received.find((post) => post.path === '/boss')?.body ?? '{}') as {
      type: string;
    };
    expect(bossEvent.type).toBe('RECOVERED');
  });

  it('Teams gets an Adaptive Card and Slack text and blocks, in each channel’s language, unsigned', async () => {
    await route(['TEAMS', 'SLACK']);
    const subject = unique();
    await raise({ subject, jobInstanceNo: subject });
    await node().deliverDue();
    const teams = receiver.received.find((post) => post.path === '/teams');
    const slack = receiver.received.find((post) => post.path === '/slack');
    expect(teams?.headers['x-lis-signature-256']).toBeUndefined();
    expect(slack?.headers['x-lis-event-id']).toBe((await alertOf(subject)).event_id);
    const card = JSON.parse(teams?.body ?? '{}') as {
      type: string;
      attachments: {
        contentType: string;
        content: { type: string; body: { text?: string }[]; actions: unknown[] };
      }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]?.content.type).toBe('AdaptiveCard');
    expect(card.attachments[0]?.content.body[0]?.text).toBe(`JOB1: การรัน ${subject} จบด้วย ERROR`);
    // No LIS_PUBLIC_URL: the link is a path, and Teams refuses a relative OpenUrl, so there is no button.
    expect(card.attachments[0]?.content.actions).toEqual([]);
    const message = JSON.parse(slack?.body ?? '{}') as { text: string; blocks: { type: string }[] };
    expect(message.text).toBe(`JOB1: run ${subject} ended in ERROR`);
    expect(message.blocks.map((block) => block.type)).toEqual(['section']);
  });
});

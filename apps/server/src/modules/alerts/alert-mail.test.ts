import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertDeliverer, createAlertSink } from '../../composition/alerts.js';
import { RFC_5321_TIMEOUTS, type SmtpConfig } from '../../config/config.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { MailSender } from '../../engine/mail/mail-sender.js';
import { useServiceHarness } from '../../test-support/service-harness.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { anAlert, offsetClock } from './alerts-test-support.js';

/**
 * An e-mail channel (issue 35): its delivery is handed to the mail outbox in one transaction — one
 * mail per delivery, however often the loop runs or on how many nodes — and the outbox's sender takes
 * it to a real SMTP server (at most once, its own guarantee). A fault of an alert never undoes the
 * raiser's state change.
 */
describe.each(DATABASE_KINDS)('alerts by e-mail (%s)', (kind) => {
  const h = useServiceHarness(kind);
  let smtp: SmtpTestServer;
  let smtpConfig: SmtpConfig;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    smtpConfig = {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      requireTls: false,
      user: undefined,
      password: undefined,
      timeouts: RFC_5321_TIMEOUTS,
    };
    await h.services.alertChannels.save(
      {
        company_code: 'A',
        name: 'OPS-MAIL',
        kind: 'email',
        language: 'th',
        enabled: true,
        recipients: ['ops@example.test', 'lead@example.test'],
      },
      'insert',
      'admin-a',
    );
    await h.services.alertRules.save(
      {
        company_code: 'A',
        name: 'ERRORS',
        enabled: true,
        conditions: ['RUN_ERROR'],
        jobs: ['JOB1'],
        channels: ['OPS-MAIL'],
        escalate_after_minutes: null,
        escalate_to: null,
      },
      'insert',
      'admin-a',
    );
  });
  afterAll(() => smtp.close());

  it('queues one outbox mail per delivery, which the sender delivers over SMTP in the channel’s language', async () => {
    const clock = offsetClock(h.db);
    const errors: unknown[] = [];
    const sink = createAlertSink(h.db, (error) => errors.push(error), clock);
    expect(
      await inWriteTransaction(h.db, (scope) => sink.raise(scope, anAlert({ subject: 'A_JOB1_MAIL' }))),
    ).toBe(true);
    const node = (nodeId: string) =>
      createAlertDeliverer({
        config: { ...h.config, smtp: smtpConfig },
        db: h.db,
        masterKey: h.masterKey,
        nodeId,
        onError: (error) => errors.push(error),
        clock,
      });
    // Two nodes at once: one hands the mail over.
    const handed = await Promise.all([node('a').deliverDue(), node('b').deliverDue()]);
    expect(handed[0] + handed[1]).toBe(1);
    expect(await node('c').deliverDue()).toBe(0);
    const mails = await h.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('condition', '=', 'ALERT')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      status: 'PENDING',
      mail_to: 'ops@example.test,lead@example.test',
      run_id: null,
    });
    const sender = new MailSender({
      db: h.db,
      smtp: smtpConfig,
      from: 'lis@example.test',
      onError: (error) => errors.push(error),
    });
    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.subject).toBe('LIS A: JOB1: การรัน A_JOB1_1 จบด้วย ERROR');
    expect(smtp.received[0]?.html).toContain('บริษัท');
    expect(smtp.envelopes[0]?.sort()).toEqual(['lead@example.test', 'ops@example.test']);
    const attempts = await h.db.kysely
      .selectFrom('alert_delivery_attempts')
      .select(['attempt', 'outcome', 'status'])
      .execute();
    expect(attempts).toEqual([{ attempt: 1, outcome: 'delivered', status: null }]);
    expect(errors).toEqual([]);
  });

  it('escalates by e-mail too: a second outbox mail after the minutes, marked on the alert', async () => {
    await h.services.alertRules.save(
      {
        company_code: 'A',
        name: 'MISSING-FILES',
        enabled: true,
        conditions: ['MISSING'],
        jobs: [],
        channels: ['OPS-MAIL'],
        escalate_after_minutes: 10,
        escalate_to: 'OPS-MAIL',
      },
      'insert',
      'admin-a',
    );
    const clock = offsetClock(h.db);
    const sink = createAlertSink(h.db, () => undefined, clock);
    const subject = 'JOB1|2026-11-21';
    await inWriteTransaction(h.db, (scope) =>
      sink.raise(
        scope,
        anAlert({ condition: 'MISSING', subject, jobInstanceNo: null, businessDay: '2026-11-21' }),
      ),
    );
    const deliverer = createAlertDeliverer({
      config: { ...h.config, smtp: smtpConfig },
      db: h.db,
      masterKey: h.masterKey,
      nodeId: 'a',
      onError: (error) => {
        throw error;
      },
      clock,
    });
    const mailsOf = () =>
      h.db.kysely
        .selectFrom('mail_outbox')
        .select('subject')
        .where('subject', 'like', '%ไม่มาภายใน%')
        .orderBy('seq')
        .execute();
    expect(await deliverer.deliverDue()).toBe(1);
    expect(await mailsOf()).toHaveLength(1);
    clock.offsetMs = 11 * 60_000;
    expect(await deliverer.deliverDue()).toBe(1);
    expect(await deliverer.deliverDue()).toBe(0);
    expect((await mailsOf()).map((mail) => mail.subject)).toEqual([
      'LIS A: JOB1: ไฟล์ที่รอไม่มาภายในกำหนด -',
      'LIS A: ยกระดับการแจ้งเตือน: JOB1: ไฟล์ที่รอไม่มาภายในกำหนด -',
    ]);
    const alert = await h.db.kysely
      .selectFrom('alerts')
      .select('escalated_at')
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    expect(alert.escalated_at).not.toBeNull();
  });

  it('without SMTP the mail is kept in the outbox and the delivery recorded failed', async () => {
    const clock = offsetClock(h.db);
    const sink = createAlertSink(h.db, () => undefined, clock);
    await inWriteTransaction(h.db, (scope) => sink.raise(scope, anAlert({ subject: 'A_JOB1_KEPT' })));
    const deliverer = createAlertDeliverer({
      config: h.config,
      db: h.db,
      masterKey: h.masterKey,
      nodeId: 'a',
      onError: (error) => {
        throw error;
      },
      clock,
    });
    expect(await deliverer.deliverDue()).toBe(0);
    const kept = await h.db.kysely
      .selectFrom('mail_outbox')
      .select('status')
      .where('status', '=', 'KEPT')
      .execute();
    expect(kept).toHaveLength(1);
    const { event_id: eventId } = await h.db.kysely
      .selectFrom('alerts')
      .select('event_id')
      .where('subject', '=', 'A_JOB1_KEPT')
      .executeTakeFirstOrThrow();
    const attempts = await h.db.kysely
      .selectFrom('alert_delivery_attempts')
      .select(['outcome', 'error'])
      .where('event_id', '=', eventId)
      .execute();
    expect(attempts).toEqual([
      { outcome: 'failed', error: 'no SMTP server is configured: the mail is kept in the Mail outbox' },
    ]);
  });

  it('a fault of the alert is undone alone: the raiser’s writes in the same transaction commit', async () => {
    const errors: unknown[] = [];
    // A statement that fails: on PostgreSQL it would doom the whole transaction but for the savepoint.
    const broken = createAlertSink(h.db, (error) => errors.push(error), {
      now: async (scope) => {
        await sql`select no_such_column from alerts`.execute(scope);
        return 0;
      },
    });
    const raised = await inWriteTransaction(h.db, async (scope) => {
      await scope
        .insertInto('system_log')
        .values({
          sid: 'S1',
          company_code: 'A',
          job_instance_no: 'A_JOB1_FAULT',
          log_type: 'INFO',
          message: 'the raiser wrote this',
          msg_source: 'test',
          created_at: 0,
        })
        .execute();
      return broken.raise(scope, anAlert({ subject: 'A_JOB1_FAULT' }));
    });
    expect(raised).toBe(false);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/no_such_column/);
    const line = await h.db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('job_instance_no', '=', 'A_JOB1_FAULT')
      .execute();
    expect(line).toEqual([{ message: 'the raiser wrote this' }]);
  });
});

import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { insertRun } from '../worker/worker-test-support.js';
import { enqueueMail, type OutgoingMail } from './mail-outbox.js';
import { MailSender } from './mail-sender.js';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(DATABASE_KINDS)('mail sender against a real SMTP server (%s)', (kind) => {
  let test: TestDatabase;
  let smtp: SmtpTestServer | undefined;
  const senders: MailSender[] = [];
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await smtp?.close();
    smtp = undefined;
    await test.drop();
  });

  const sender = (port: number, options: { maxAttempts?: number } = {}) => {
    const created = new MailSender({
      db: test.db,
      smtp: {
        host: '127.0.0.1',
        port,
        secure: false,
        requireTls: false,
        user: undefined,
        password: undefined,
      },
      from: 'lis@example.test',
      onError: (error) => {
        throw error;
      },
      firstRetryMs: 1,
      timeoutMs: 3_000,
      ...options,
    });
    senders.push(created);
    return created;
  };

  async function queue(runId: string, subject: string) {
    const mail: OutgoingMail = {
      runId,
      companyCode: 'A',
      legacyId: 'JOB1',
      jobInstanceNo: 'JOB1_1',
      condition: 'FINISHED',
      to: ['ops@example.test'],
      cc: ['lead@example.test'],
      bcc: ['audit@example.test'],
      subject,
      bodyHtml: '<p>ใบแจ้งหนี้ &amp; done</p>',
    };
    await enqueueMail(test.db.kysely, mail, await databaseNow(test.db.kysely, test.db.dialect), true);
  }

  const statuses = async () =>
    (
      await test.db.kysely.selectFrom('mail_outbox').select(['status', 'attempts']).orderBy('seq').execute()
    ).map((row) => `${row.status}/${row.attempts}`);

  it('delivers a queued mail once, with its recipients and Thai HTML, and marks the run', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer();
    const run = await insertRun(test.db);
    await queue(run.id, 'Job JOB1 finished');
    // Two nodes deliver at once: the claim lets exactly one send it.
    const [a, b] = [sender(smtp.port), sender(smtp.port)];
    const sent = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.subject).toBe('Job JOB1 finished');
    expect(smtp.received[0]?.html).toContain('ใบแจ้งหนี้ &amp; done');
    expect(smtp.envelopes[0]?.sort()).toEqual([
      'audit@example.test',
      'lead@example.test',
      'ops@example.test',
    ]);
    expect(await statuses()).toEqual(['SENT/1']);
    const row = await test.db.kysely
      .selectFrom('job_runs')
      .select('send_email_status')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(row.send_email_status).toBe('SUCCESS');
  });

  it('retries while the SMTP server is down and delivers when it is back', async () => {
    test = await createTestDatabase(kind);
    const port = await freePort();
    const run = await insertRun(test.db);
    await queue(run.id, 'retried');
    const down = sender(port);
    expect(await down.deliverDue()).toBe(0);
    expect(await statuses()).toEqual(['PENDING/1']);
    const row = await test.db.kysely
      .selectFrom('job_runs')
      .select('send_email_status')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(row.send_email_status).toBe('PENDING');

    smtp = await startSmtpTestServer(port);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await down.deliverDue()).toBe(1);
    expect(await statuses()).toEqual(['SENT/2']);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['retried']);
  });

  it('gives a mail up after its attempts and says so on the run', async () => {
    test = await createTestDatabase(kind);
    const run = await insertRun(test.db);
    await queue(run.id, 'never');
    const down = sender(await freePort(), { maxAttempts: 2 });
    await down.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await down.deliverDue();
    expect(await statuses()).toEqual(['FAILED/2']);
    const row = await test.db.kysely
      .selectFrom('job_runs')
      .select('send_email_status')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(row.send_email_status).toBe('ERROR');
  });
});

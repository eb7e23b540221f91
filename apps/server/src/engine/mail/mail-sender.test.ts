import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SmtpTimeouts } from '../../config/config.js';
import { databaseNow } from '../../db/database-clock.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { eventually } from '../../test-support/eventually.js';
import { insertRun } from '../worker/worker-test-support.js';
import { mailMessageId, type OutgoingMail } from './mail-outbox.js';
import { enqueueMail } from './mail-outbox.repository.js';
import { MailSender } from './mail-sender.js';

/** Every wait of the conversation, scaled down for tests (the RFC's are minutes). */
const TEST_TIMEOUTS: SmtpTimeouts = {
  connectMs: 3_000,
  greetingMs: 3_000,
  mailMs: 3_000,
  rcptMs: 3_000,
  dataInitMs: 3_000,
  dataBlockMs: 3_000,
  dataEndMs: 3_000,
};

/**
 * A bare SMTP server on a TCP socket, for what smtp-server will not do: it greets (unless `silent`),
 * accepts every command and, once a message's end arrives, counts it and drops the connection without
 * a reply (`dropAfterData`).
 */
async function startScriptedSmtp(behaviour: { silent?: boolean; dropAfterData?: boolean }) {
  const state = { messages: 0, connections: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (behaviour.silent) return;
    socket.write('220 scripted ESMTP\r\n');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          state.messages += 1;
          if (behaviour.dropAfterData) {
            socket.destroy();
            return;
          }
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO')) socket.write('250-scripted\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

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

  const sender = (
    port: number,
    options: { maxAttempts?: number; timeouts?: Partial<SmtpTimeouts>; leaseMs?: number } = {},
  ) => {
    const { timeouts, ...rest } = options;
    const created = new MailSender({
      db: test.db,
      smtp: {
        host: '127.0.0.1',
        port,
        secure: false,
        requireTls: false,
        user: undefined,
        password: undefined,
        timeouts: { ...TEST_TIMEOUTS, ...timeouts },
      },
      from: 'lis@example.test',
      onError: (error) => {
        throw error;
      },
      firstRetryMs: 1,
      ...rest,
    });
    senders.push(created);
    return created;
  };

  async function queue(runId: string, subject: string, condition = 'FINISHED') {
    const mail: OutgoingMail = {
      runId,
      companyCode: 'A',
      legacyId: 'JOB1',
      jobInstanceNo: 'JOB1_1',
      condition,
      to: ['ops@example.test'],
      cc: ['lead@example.test'],
      bcc: ['audit@example.test'],
      subject,
      bodyHtml: '<p>ใบแจ้งหนี้ &amp; done</p>',
    };
    return enqueueMail(test.db.kysely, mail, await databaseNow(test.db.kysely, test.db.dialect), true);
  }

  const runMailStatus = async (runId: string) =>
    (
      await test.db.kysely
        .selectFrom('job_runs')
        .select('send_email_status')
        .where('id', '=', runId)
        .executeTakeFirstOrThrow()
    ).send_email_status;

  /** Waits until the database clock reaches the next attempt of every pending mail (a ms backoff here). */
  const retryIsDue = () =>
    eventually(
      async () => {
        const now = await databaseNow(test.db.kysely, test.db.dialect);
        const pending = await test.db.kysely
          .selectFrom('mail_outbox')
          .select('next_attempt_at')
          .where('status', '=', 'PENDING')
          .execute();
        return pending.every((mail) => mail.next_attempt_at !== null && mail.next_attempt_at <= now);
      },
      { message: 'the retry of the pending mail to be due' },
    );

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
    const first = await test.db.kysely
      .selectFrom('mail_outbox')
      .select('message_id')
      .executeTakeFirstOrThrow();
    expect(first.message_id).toBe(`<lis.${run.id}.finished@example.test>`);
    const row = await test.db.kysely
      .selectFrom('job_runs')
      .select('send_email_status')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(row.send_email_status).toBe('PENDING');

    smtp = await startSmtpTestServer(port);
    await retryIsDue();
    expect(await down.deliverDue()).toBe(1);
    expect(await statuses()).toEqual(['SENT/2']);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['retried']);
    // The attempt that got through carries the Message-ID the first one was given.
    expect(smtp.received[0]?.messageId).toBe(first.message_id);
  });

  it('gives a mail up after its attempts and says so on the run', async () => {
    test = await createTestDatabase(kind);
    const run = await insertRun(test.db);
    await queue(run.id, 'never');
    const down = sender(await freePort(), { maxAttempts: 2 });
    await down.deliverDue();
    await retryIsDue();
    await down.deliverDue();
    expect(await statuses()).toEqual(['FAILED/2']);
    const row = await test.db.kysely
      .selectFrom('job_runs')
      .select('send_email_status')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(row.send_email_status).toBe('ERROR');
  });

  it('never resends a mail whose final reply came after the limit: UNKNOWN after one transmission (LIS issue 14)', async () => {
    test = await createTestDatabase(kind);
    // The relay has the message at once but answers the end of DATA only after 600 ms; LIS waits 300 ms
    // (as LIS waited 20 s for a relay slower than that).
    smtp = await startSmtpTestServer(0, { finalReplyDelayMs: 600 });
    const run = await insertRun(test.db);
    await queue(run.id, 'slow relay');
    const impatient = sender(smtp.port, { timeouts: { dataEndMs: 300 } });
    expect(await impatient.deliverDue()).toBe(0);
    expect(await statuses()).toEqual(['UNKNOWN/1']);
    // The relay does accept it in the end; polling again afterwards sends nothing.
    await eventually(() => smtp?.finalReplies === 1);
    expect(await impatient.deliverDue()).toBe(0);
    expect(await impatient.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(await statuses()).toEqual(['UNKNOWN/1']);
    const row = await test.db.kysely.selectFrom('mail_outbox').select('last_error').executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/final reply to the end of DATA/);
    expect(await runMailStatus(run.id)).toBe('UNKNOWN');
  });

  it('waits for a slow final reply within the DATA-end limit and sends the mail once', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer(0, { finalReplyDelayMs: 600 });
    const run = await insertRun(test.db);
    await queue(run.id, 'slow but patient');
    // Every other wait is shorter than the delay: only the final reply's limit may cover it.
    const patient = sender(smtp.port, {
      timeouts: {
        greetingMs: 500,
        mailMs: 500,
        rcptMs: 500,
        dataInitMs: 500,
        dataBlockMs: 500,
        dataEndMs: 5_000,
      },
    });
    expect(await patient.deliverDue()).toBe(1);
    expect(await patient.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(await statuses()).toEqual(['SENT/1']);
    expect(await runMailStatus(run.id)).toBe('SUCCESS');
  });

  it('gives a mail up at once when the server refuses its recipients with a 5xx, and never resends it', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer(0, {
      refuseRecipients: ['ops@example.test', 'lead@example.test', 'audit@example.test'],
    });
    const run = await insertRun(test.db);
    await queue(run.id, 'nobody');
    const refused = sender(smtp.port);
    expect(await refused.deliverDue()).toBe(0);
    expect(await refused.deliverDue()).toBe(0);
    expect(await statuses()).toEqual(['FAILED/1']);
    expect(smtp.received).toHaveLength(0);
    const row = await test.db.kysely.selectFrom('mail_outbox').select('last_error').executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/550/);
    expect(await runMailStatus(run.id)).toBe('ERROR');
  });

  it('sends to the recipients the server takes and names the ones it refused', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer(0, { refuseRecipients: ['audit@example.test'] });
    const run = await insertRun(test.db);
    await queue(run.id, 'partly');
    expect(await sender(smtp.port).deliverDue()).toBe(1);
    expect(await statuses()).toEqual(['SENT/1']);
    expect(smtp.envelopes[0]?.sort()).toEqual(['lead@example.test', 'ops@example.test']);
    const row = await test.db.kysely.selectFrom('mail_outbox').select('last_error').executeTakeFirstOrThrow();
    expect(row.last_error).toContain('audit@example.test');
  });

  it('makes a mail whose sending node died mid-conversation UNKNOWN, not resent', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer();
    const run = await insertRun(test.db);
    await queue(run.id, 'orphaned');
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    // Another node claimed it and stopped renewing its reservation.
    await test.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'SENDING', attempts: 1, next_attempt_at: now - 1 })
      .execute();
    expect(await sender(smtp.port).deliverDue()).toBe(0);
    expect(await statuses()).toEqual(['UNKNOWN/1']);
    expect(smtp.received).toHaveLength(0);
    expect(await runMailStatus(run.id)).toBe('UNKNOWN');
  });

  it('keeps one mail per run and condition when the step queues it again', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer();
    const run = await insertRun(test.db);
    expect(await queue(run.id, 'first')).toBe(true);
    expect(await queue(run.id, 'second')).toBe(true);
    expect(await statuses()).toEqual(['PENDING/0']);
    expect(await sender(smtp.port).deliverDue()).toBe(1);
    // A re-run or a takeover after the mail went out: nothing is queued again.
    expect(await queue(run.id, 'third')).toBe(false);
    expect(await statuses()).toEqual(['SENT/1']);
    expect(await sender(smtp.port).deliverDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['second']);
    // Another condition of the same run is its own mail, with its own Message-ID.
    await queue(run.id, 'error', 'ERROR');
    expect(await sender(smtp.port).deliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([
      mailMessageId(run.id, 'FINISHED', 'example.test'),
      mailMessageId(run.id, 'ERROR', 'example.test'),
    ]);
  });

  it('makes a mail UNKNOWN when the relay drops the connection after the end of DATA, and never resends it', async () => {
    test = await createTestDatabase(kind);
    const relay = await startScriptedSmtp({ dropAfterData: true });
    try {
      const run = await insertRun(test.db);
      await queue(run.id, 'dropped');
      const dropped = sender(relay.port);
      expect(await dropped.deliverDue()).toBe(0);
      expect(await dropped.deliverDue()).toBe(0);
      expect(relay.state).toEqual({ messages: 1, connections: 1 });
      expect(await statuses()).toEqual(['UNKNOWN/1']);
    } finally {
      await relay.close();
    }
  });

  it('retries a mail when the server never greets: nothing went out', async () => {
    test = await createTestDatabase(kind);
    const mute = await startScriptedSmtp({ silent: true });
    try {
      const run = await insertRun(test.db);
      await queue(run.id, 'mute');
      expect(await sender(mute.port, { timeouts: { greetingMs: 200 } }).deliverDue()).toBe(0);
      expect(await statuses()).toEqual(['PENDING/1']);
      const row = await test.db.kysely
        .selectFrom('mail_outbox')
        .select('last_error')
        .executeTakeFirstOrThrow();
      expect(row.last_error).toMatch(/greeting/);
    } finally {
      await mute.close();
    }
  });

  it('keeps a long conversation reserved: another node never settles it as abandoned', async () => {
    test = await createTestDatabase(kind);
    // Three leases long; a lease of a second leaves its renewals (every third of it) room on a loaded machine.
    smtp = await startSmtpTestServer(0, { finalReplyDelayMs: 3_000 });
    const run = await insertRun(test.db);
    await queue(run.id, 'long');
    const patient = { leaseMs: 1_000, timeouts: { dataEndMs: 10_000 } };
    const [a, b] = [sender(smtp.port, patient), sender(smtp.port, patient)];
    let done = false;
    const delivery = a.deliverDue().finally(() => {
      done = true;
    });
    await eventually(() => smtp?.received.length === 1);
    // Node b passes over the outbox while a waits three of its leases for the final reply.
    const seen = new Set<string>();
    while (!done) {
      await b.deliverDue();
      for (const status of await statuses()) seen.add(status);
      // SQLite answers without leaving the microtask queue: let the sockets and timers run.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await delivery).toBe(1);
    expect([...seen].filter((status) => !status.startsWith('SENDING') && !status.startsWith('SENT'))).toEqual(
      [],
    );
    expect(await statuses()).toEqual(['SENT/1']);
    expect(smtp.received).toHaveLength(1);
  });

  it('makes the mail UNKNOWN when its node stops while waiting for the final reply', async () => {
    test = await createTestDatabase(kind);
    smtp = await startSmtpTestServer(0, { finalReplyDelayMs: 2_000 });
    const run = await insertRun(test.db);
    await queue(run.id, 'stopping');
    const stopping = sender(smtp.port, { timeouts: { dataEndMs: 10_000 } });
    const delivery = stopping.deliverDue();
    await eventually(() => smtp?.received.length === 1);
    await stopping.stop();
    expect(await delivery).toBe(0);
    expect(await statuses()).toEqual(['UNKNOWN/1']);
  });
});

describe('mail Message-ID', () => {
  it('is the same for a run and condition whenever it is computed, and differs otherwise', () => {
    const id = mailMessageId('0b6c2f0e-1111-4222-8333-944445555666', 'FUNCTION_ERROR', 'example.test');
    expect(id).toBe('<lis.0b6c2f0e-1111-4222-8333-944445555666.function_error@example.test>');
    expect(mailMessageId('0b6c2f0e-1111-4222-8333-944445555666', 'FUNCTION_ERROR', 'example.test')).toBe(id);
    expect(mailMessageId('0b6c2f0e-1111-4222-8333-944445555666', 'FINISHED', 'example.test')).not.toBe(id);
    expect(mailMessageId(null, 'FINISHED', 'example.test')).not.toBe(
      mailMessageId(null, 'FINISHED', 'example.test'),
    );
  });
});

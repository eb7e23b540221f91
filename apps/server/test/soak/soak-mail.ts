import type { Db } from '../../src/db/database.js';
import { MailSender } from '../../src/engine/mail/mail-sender.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../src/test-support/smtp-test-server.js';
import { eventually } from '../../src/test-support/eventually.js';
import type { SeededRandom } from './seeded-random.js';

/** The recipients of every condition of a soak job whose mail is part of the trial. */
export const MAIL_FIELDS = Object.fromEntries(
  ['email_finished', 'email_warning', 'email_error'].flatMap((kind) => [
    [`${kind}_to`, 'ops@example.test'],
    [`${kind}_is_active`, 'Y'],
  ]),
);

const SHORT = {
  connectMs: 2_000,
  greetingMs: 2_000,
  mailMs: 2_000,
  rcptMs: 2_000,
  dataInitMs: 2_000,
  dataBlockMs: 2_000,
};

/**
 * Sends a trial's queued mails through a relay that is `slow` (its final reply to the end of DATA comes
 * after LIS stopped waiting: the outcome is unknown, never resent) or `down` (nothing listens until the
 * relay comes up on the same port; the mails are sent then, once). Answers the Message-IDs the relay
 * received, for the oracle.
 */
export async function sendTrialMail(
  db: Db,
  runIds: string[],
  kind: 'smtp-slow' | 'smtp-down',
  random: SeededRandom,
): Promise<string[]> {
  let relay: SmtpTestServer;
  const slowMs = random.int(400, 900);
  if (kind === 'smtp-slow') relay = await startSmtpTestServer(0, { finalReplyDelayMs: slowMs });
  else {
    const probe = await startSmtpTestServer();
    const port = probe.port;
    await probe.close();
    await pass(db, port, slowMs * 2); // nothing listens: refused, to be retried
    relay = await startSmtpTestServer(port);
  }
  try {
    const dataEndMs = kind === 'smtp-slow' ? Math.floor(slowMs / 2) : slowMs * 4;
    await eventually(
      async () => {
        await pass(db, relay.port, dataEndMs);
        const open = await db.kysely
          .selectFrom('mail_outbox')
          .select('seq')
          .where('run_id', 'in', runIds)
          .where('status', 'in', ['PENDING', 'SENDING'])
          .execute();
        return open.length === 0 ? true : undefined;
      },
      { timeout: 30_000, interval: 100, message: 'the trial mails to be settled' },
    );
    // A slow relay's late replies come after LIS hung up: wait for them, so a resend would be seen.
    await eventually(() => relay.finalReplies >= relay.received.length, {
      timeout: 30_000,
      message: 'the relay to answer every message',
    });
    return relay.received.map((mail) => mail.messageId ?? '(none)');
  } finally {
    await relay.close();
  }
}

async function pass(db: Db, port: number, dataEndMs: number): Promise<void> {
  const sender = new MailSender({
    db,
    smtp: {
      host: '127.0.0.1',
      port,
      secure: false,
      requireTls: false,
      user: undefined,
      password: undefined,
      timeouts: { ...SHORT, dataEndMs },
    },
    from: 'lis@localhost',
    onError: () => undefined,
    firstRetryMs: 0,
  });
  await sender.deliverDue();
  await sender.stop();
}

import type { SmtpConfig } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { MailOutboxTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { mailMessageId, messageIdDomain } from './mail-outbox.js';
import {
  abandonedMails,
  claimMail,
  dueMails,
  markMailFailed,
  markMailSent,
  markMailUnknown,
  renewMailLease,
  settleAbandonedMail,
} from './mail-sender.repository.js';
import { deliverMessage, type DeliveryOutcome } from './smtp-delivery.js';
import { refreshRunMailStatus } from '../runs/run-mail-status.repository.js';

export interface MailSenderOptions {
  db: Db;
  smtp: SmtpConfig;
  from: string;
  onError(error: unknown): void;
  /** Attempts before a mail that keeps failing for certain is given up (FAILED). */
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each next one (at most 1 h). */
  firstRetryMs?: number;
  pollMs?: number;
  /**
   * How long a mail being sent stays reserved for this node; renewed every third of it while the
   * conversation lasts. A reservation that runs out (the node died) makes the mail UNKNOWN.
   */
  leaseMs?: number;
}

const BATCH = 20;

/** Text of a mail whose sender stopped mid-conversation (its reservation ran out). */
const ABANDONED =
  'the node sending this mail stopped before the SMTP server answered; the relay may have it (not resent)';

type MailRow = Selectable<MailOutboxTable>;

/**
 * Sends the outbox's PENDING mails over SMTP, on every node that runs it, at most once per mail
 * (DESIGN §5 "E-mail", decision 0016):
 * - a node claims a mail with a conditional update to SENDING, so only one node talks to the server;
 * - the conversation waits RFC 5321's limits (10 min for the final reply), and each mail carries its
 *   stable Message-ID;
 * - only a certain failure (the message was never transmitted in full, or the server refused it with a
 *   reply) is retried, with doubling waits, then given up (FAILED; a 5xx at once);
 * - a conversation that breaks after the end of DATA went out, or a node that dies while SENDING, leaves
 *   the mail UNKNOWN: never sent again by itself; an admin may resend it from the Mail outbox.
 * The transfer a mail reports on is never affected.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly maxAttempts: number;
  private readonly firstRetryMs: number;
  private readonly leaseMs: number;
  private readonly domain: string;
  private readonly stopping = new AbortController();

  constructor(private readonly options: MailSenderOptions) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.firstRetryMs = options.firstRetryMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.domain = messageIdDomain(options.from);
  }

  start(): void {
    const tick = () => {
      this.running = this.deliverDue()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.pollMs ?? 5_000);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling; a conversation in progress is cut (UNKNOWN once its end of DATA went out). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.running;
  }

  /** Settles abandoned mails, then sends every mail due now; answers how many were sent. */
  async deliverDue(): Promise<number> {
    const { db } = this.options;
    const now = await databaseNow(db.kysely, db.dialect);
    await this.settleAbandoned(now);
    const due = await dueMails(db.kysely, now, BATCH);
    let sent = 0;
    for (const mail of due) {
      if (this.stopping.signal.aborted) break;
      if (await this.deliver(mail)) sent += 1;
    }
    return sent;
  }

  /** A mail SENDING whose reservation ran out: its node died mid-conversation; the outcome is unknown. */
  private async settleAbandoned(now: number): Promise<void> {
    const { db } = this.options;
    const stale = await abandonedMails(db.kysely, now);
    for (const mail of stale) {
      const settled = await settleAbandonedMail(db.kysely, mail, ABANDONED);
      if (settled && mail.run_id) await refreshRunMailStatus(db.kysely, mail.run_id);
    }
  }

  private async deliver(mail: MailRow): Promise<boolean> {
    const { db } = this.options;
    const attempts = mail.attempts + 1;
    // The lease counts from now: the mails before this one in the batch may have taken minutes.
    const now = await databaseNow(db.kysely, db.dialect);
    const messageId = mail.message_id ?? mailMessageId(mail.run_id, mail.condition, this.domain);
    // The claim: only the node whose update matched talks to the server.
    const claimed = await claimMail(db.kysely, mail, attempts, messageId, now + this.leaseMs);
    if (!claimed) return false;
    if (mail.run_id) await refreshRunMailStatus(db.kysely, mail.run_id);

    const renewal = setInterval(() => {
      void databaseNow(db.kysely, db.dialect)
        .then((at) => renewMailLease(db.kysely, mail.seq, at + this.leaseMs))
        .catch((error: unknown) => this.options.onError(error));
    }, this.leaseMs / 3);
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliverMessage(
        this.options.smtp,
        {
          from: this.options.from,
          to: split(mail.mail_to),
          cc: split(mail.mail_cc),
          bcc: split(mail.mail_bcc),
          subject: mail.subject,
          html: mail.body_html,
          messageId,
        },
        this.stopping.signal,
      );
    } catch (error) {
      // Building the message failed: nothing went out.
      outcome = { outcome: 'refused', permanent: false, reason: String(error).slice(0, 500) };
    } finally {
      clearInterval(renewal);
    }
    await this.record(mail, attempts, outcome);
    if (mail.run_id) await refreshRunMailStatus(db.kysely, mail.run_id);
    return outcome.outcome === 'sent';
  }

  private async record(mail: MailRow, attempts: number, outcome: DeliveryOutcome): Promise<void> {
    const { db } = this.options;
    const at = await databaseNow(db.kysely, db.dialect);
    if (outcome.outcome === 'sent') {
      // The truth wins over a reservation another node already settled as UNKNOWN.
      await markMailSent(
        db.kysely,
        mail.seq,
        at,
        outcome.rejected.length
          ? `sent; refused recipients: ${outcome.rejected.join(', ')}`.slice(0, 500)
          : null,
      );
      return;
    }
    if (outcome.outcome === 'unknown') {
      await markMailUnknown(
        db.kysely,
        mail.seq,
        `outcome unknown, not resent: ${outcome.reason}`.slice(0, 500),
      );
      return;
    }
    const giveUp = outcome.permanent || attempts >= this.maxAttempts;
    const wait = Math.min(this.firstRetryMs * 2 ** (attempts - 1), 3_600_000);
    await markMailFailed(db.kysely, mail.seq, outcome.reason, giveUp ? null : at + wait);
  }
}

const split = (list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

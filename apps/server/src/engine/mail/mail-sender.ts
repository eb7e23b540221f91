import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { refreshRunMailStatus } from './mail-outbox.js';

export interface MailSenderOptions {
  db: Db;
  smtp: SmtpConfig;
  from: string;
  onError(error: unknown): void;
  /** Attempts before a mail is given up (FAILED). */
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each next one (at most 1 h). */
  firstRetryMs?: number;
  pollMs?: number;
  /** Time limit of one SMTP conversation. */
  timeoutMs?: number;
}

/** How long a claimed mail is left alone by other nodes while this one sends it. */
const CLAIM_MS = 120_000;
const BATCH = 20;

/**
 * Sends the outbox's PENDING mails over SMTP, on every node that runs it, without sending one twice:
 * a mail is claimed by moving its next attempt forward with a conditional update, and only the node
 * whose update matched sends it. A failure is retried with doubling waits, then given up (FAILED);
 * the transfer it reports on is never affected.
 */
export class MailSender {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly maxAttempts: number;
  private readonly firstRetryMs: number;

  constructor(private readonly options: MailSenderOptions) {
    const { smtp } = options;
    const timeoutMs = options.timeoutMs ?? 20_000;
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: smtp.requireTls,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    this.maxAttempts = options.maxAttempts ?? 8;
    this.firstRetryMs = options.firstRetryMs ?? 30_000;
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

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport.close();
  }

  /** Sends every mail due now; answers how many were sent. */
  async deliverDue(): Promise<number> {
    const { db } = this.options;
    const now = await databaseNow(db.kysely, db.dialect);
    const due = await db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', now)
      .orderBy('seq')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const mail of due) {
      const claimed = await db.kysely
        .updateTable('mail_outbox')
        .set({ next_attempt_at: now + CLAIM_MS })
        .where('seq', '=', mail.seq)
        .where('status', '=', 'PENDING')
        .where('next_attempt_at', '=', mail.next_attempt_at)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      const attempts = mail.attempts + 1;
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: mail.mail_to,
          cc: mail.mail_cc || undefined,
          bcc: mail.mail_bcc || undefined,
          subject: mail.subject,
          html: mail.body_html,
        });
        const at = await databaseNow(db.kysely, db.dialect);
        await db.kysely
          .updateTable('mail_outbox')
          .set({ status: 'SENT', attempts, sent_at: at, next_attempt_at: null, last_error: null })
          .where('seq', '=', mail.seq)
          .execute();
        sent += 1;
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const giveUp = attempts >= this.maxAttempts;
        const wait = Math.min(this.firstRetryMs * 2 ** (attempts - 1), 3_600_000);
        await db.kysely
          .updateTable('mail_outbox')
          .set({
            status: giveUp ? 'FAILED' : 'PENDING',
            attempts,
            last_error: reason,
            next_attempt_at: giveUp ? null : now + wait,
          })
          .where('seq', '=', mail.seq)
          .execute();
      }
      if (mail.run_id) await refreshRunMailStatus(db.kysely, mail.run_id);
    }
    return sent;
  }
}

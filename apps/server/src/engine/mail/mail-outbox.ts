import crypto from 'node:crypto';
import type { MailStatus } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

/** One status e-mail of a run (DESIGN §4 "Send e-mail"). */
export interface OutgoingMail {
  runId: string | null;
  companyCode: string;
  legacyId: string;
  jobInstanceNo: string;
  /** FINISHED, WARNING, ERROR or FUNCTION_ERROR. */
  condition: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  bodyHtml: string;
}

/** The domain of a Message-ID: the sender address's, else `lis.invalid`. */
export function messageIdDomain(mailFrom: string): string {
  const domain = mailFrom.slice(mailFrom.lastIndexOf('@') + 1).trim();
  return /^[A-Za-z0-9.-]+$/.test(domain) && mailFrom.includes('@') ? domain.toLowerCase() : 'lis.invalid';
}

/**
 * The Message-ID of a run's mail of one condition: the same whenever it is computed, so every attempt,
 * node and re-run of the step sends the one message a relay or a recipient can recognise as a copy.
 * The sender writes it into the mail's row at its first attempt and uses the stored one from then on;
 * a mail without a run gets a random one.
 */
export function mailMessageId(runId: string | null, condition: string, domain: string): string {
  const local = runId ? `lis.${runId}.${condition.toLowerCase()}` : `lis.mail.${crypto.randomUUID()}`;
  return `<${local.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
}

/** Statuses of a run's mail that a re-run of the e-mail step may still replace (never transmitted). */
const REPLACEABLE: MailStatus[] = ['PENDING', 'KEPT', 'FAILED'];

/**
 * Puts a mail in the outbox: PENDING for the sender when SMTP is configured, else KEPT (shown in the
 * console, never sent). Written in the caller's transaction, so a run's mails exist exactly when its
 * step did. A run has at most one mail per condition (unique index, 0007): queued again (a re-run of
 * the step, a takeover) it updates a mail not yet sent and leaves one that is SENDING, SENT or UNKNOWN
 * alone, so no second copy is ever queued; the Message-ID stays the first one. Answers whether the
 * mail was queued (false: the run's mail of this condition is already sent, being sent or in doubt).
 */
export async function enqueueMail(
  scope: WriteScope,
  mail: OutgoingMail,
  now: number,
  smtpConfigured: boolean,
): Promise<boolean> {
  const status: MailStatus = smtpConfigured ? 'PENDING' : 'KEPT';
  const result = await scope
    .insertInto('mail_outbox')
    .values({
      run_id: mail.runId,
      company_code: mail.companyCode,
      legacy_id: mail.legacyId,
      job_instance_no: mail.jobInstanceNo,
      condition: mail.condition,
      mail_to: mail.to.join(','),
      mail_cc: mail.cc.join(','),
      mail_bcc: mail.bcc.join(','),
      subject: mail.subject,
      body_html: mail.bodyHtml,
      status,
      attempts: 0,
      next_attempt_at: smtpConfigured ? now : null,
      last_error: null,
      created_at: now,
      sent_at: null,
      message_id: null,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['run_id', 'condition'])
        .doUpdateSet({
          mail_to: (eb) => eb.ref('excluded.mail_to'),
          mail_cc: (eb) => eb.ref('excluded.mail_cc'),
          mail_bcc: (eb) => eb.ref('excluded.mail_bcc'),
          subject: (eb) => eb.ref('excluded.subject'),
          body_html: (eb) => eb.ref('excluded.body_html'),
          status,
          attempts: 0,
          next_attempt_at: smtpConfigured ? now : null,
          last_error: null,
        })
        .where('mail_outbox.status', 'in', REPLACEABLE),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * The run's e-mail status from its mails: ERROR when one was given up, UNKNOWN when the relay may or
 * may not have one, PENDING while one waits or is being sent, KEPT when they stay in the outbox (no
 * SMTP), SUCCESS when all were sent, null without mails.
 */
export function summariseMailStatus(statuses: readonly MailStatus[]): string | null {
  if (statuses.length === 0) return null;
  if (statuses.includes('FAILED')) return 'ERROR';
  if (statuses.includes('UNKNOWN')) return 'UNKNOWN';
  if (statuses.includes('PENDING') || statuses.includes('SENDING')) return 'PENDING';
  if (statuses.includes('KEPT')) return 'KEPT';
  return 'SUCCESS';
}

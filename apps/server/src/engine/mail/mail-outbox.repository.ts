import type { MailStatus } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { OutgoingMail } from './mail-outbox.js';

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

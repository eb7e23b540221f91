import type { Kysely } from 'kysely';
import type { Database, MailStatus } from '../../db/schema.js';
import type { WriteScope } from '../scheduler/write-transaction.js';

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

/**
 * Puts a mail in the outbox: PENDING for the sender when SMTP is configured, else KEPT (shown in the
 * console, never sent). Written in the caller's transaction, so a run's mails exist exactly when its
 * step did.
 */
export async function enqueueMail(
  scope: WriteScope,
  mail: OutgoingMail,
  now: number,
  smtpConfigured: boolean,
): Promise<void> {
  await scope
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
      status: smtpConfigured ? 'PENDING' : 'KEPT',
      attempts: 0,
      next_attempt_at: smtpConfigured ? now : null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

/**
 * The run's e-mail status from its mails: ERROR when one was given up, PENDING while one waits,
 * KEPT when they stay in the outbox (no SMTP), SUCCESS when all were sent, null without mails.
 */
export function summariseMailStatus(statuses: readonly MailStatus[]): string | null {
  if (statuses.length === 0) return null;
  if (statuses.includes('FAILED')) return 'ERROR';
  if (statuses.includes('PENDING')) return 'PENDING';
  if (statuses.includes('KEPT')) return 'KEPT';
  return 'SUCCESS';
}

/** Recomputes `job_runs.send_email_status` of a run from its mails. */
export async function refreshRunMailStatus(db: Kysely<Database> | WriteScope, runId: string): Promise<void> {
  const rows = await db.selectFrom('mail_outbox').select('status').where('run_id', '=', runId).execute();
  await db
    .updateTable('job_runs')
    .set({ send_email_status: summariseMailStatus(rows.map((row) => row.status)) })
    .where('id', '=', runId)
    .execute();
}

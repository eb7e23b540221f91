import { englishRunText, runMessage, type RunMessage, type RunText } from '../../../i18n/run-message.js';
import type { RunOutcomeStatus } from '../../runs/run.js';
import { enqueueMail } from '../../mail/mail-outbox.repository.js';
import { storedMailTemplate } from './send-mail.repository.js';
import { DEFAULT_TEMPLATES, fillBody, fillSubject, type MailValues } from '../../mail/mail-template.js';
import type { JobConfigRow } from '../pipeline-job.js';
import type { RunContext, StepResult } from '../pipeline-context.js';
import { refreshRunMailStatus } from '../../runs/run-mail-status.repository.js';

type MailKind = 'email_finished' | 'email_warning' | 'email_error' | 'f1_function_error_email';

const CONDITIONS: Record<MailKind, { condition: string; template: string }> = {
  email_finished: { condition: 'FINISHED', template: 'finished' },
  email_warning: { condition: 'WARNING', template: 'warning' },
  email_error: { condition: 'ERROR', template: 'error' },
  f1_function_error_email: { condition: 'FUNCTION_ERROR', template: 'function_error' },
};

const list = (value: string | null) =>
  (value ?? '')
    .split('|')
    .map((entry) => entry.replace(/\s+/g, ''))
    .filter(Boolean);

/**
 * The mails a run's end calls for: its status's kind, plus the function-error kind after a step-4 error.
 * A run an operator stopped calls for none (issue 31, decision 0016): the operator knows.
 */
export function mailKinds(status: RunOutcomeStatus, step4Error: boolean): MailKind[] {
  if (status === 'STOPPED') return [];
  const kinds: MailKind[] = [
    status === 'FINISHED' ? 'email_finished' : status === 'WARNING' ? 'email_warning' : 'email_error',
  ];
  if (step4Error) kinds.push('f1_function_error_email');
  return kinds;
}

function recipients(config: JobConfigRow, kind: MailKind) {
  return {
    active: config[`${kind}_is_active`] === 'Y',
    to: list(config[`${kind}_to`]),
    cc: list(config[`${kind}_cc`]),
    bcc: list(config[`${kind}_bcc`]),
  };
}

/**
 * Send e-mail: for each kind the run's end calls for and the job has active with recipients, the
 * company's Email Content template (or a default) filled and queued in the outbox with the run's
 * fenced write. Sending (and retrying) is the mail sender's; it never fails the transfer.
 */
export async function sendMail(
  context: RunContext,
  status: RunOutcomeStatus,
  step4Error: boolean,
  message: RunText,
): Promise<StepResult> {
  const { db, job, run, recorder, settings } = context;
  const values: MailValues = {
    COMPANY_CODE: run.company_code,
    LEGACY_ID: run.legacy_id,
    JOB_INSTANCE_NO: run.job_instance_no,
    // The e-mail is written once for all its readers: in English, as the run's stored message.
    MESSAGE: englishRunText(message).slice(0, 2000),
  };
  let queued = 0;
  let alreadySent = 0;
  for (const kind of mailKinds(status, step4Error)) {
    const who = recipients(job.config, kind);
    if (!who.active || who.to.length + who.cc.length + who.bcc.length === 0) continue;
    const { condition, template } = CONDITIONS[kind];
    const stored = await storedMailTemplate(db, run.company_code, template);
    const fallback = DEFAULT_TEMPLATES[template] ?? { subject: '', body: '' };
    const subject = fillSubject(stored?.content_subject || fallback.subject, values);
    const bodyHtml = fillBody(stored?.content_body || fallback.body, values);
    // At most one mail per (run, condition): queued again (a re-run, a takeover) it replaces a mail
    // not yet sent and leaves one sent, being sent or UNKNOWN alone (enqueueMail's upsert).
    const fresh = await recorder.fenced(async (scope, now) => {
      const added = await enqueueMail(
        scope,
        {
          runId: run.id,
          companyCode: run.company_code,
          legacyId: run.legacy_id,
          jobInstanceNo: run.job_instance_no,
          condition,
          to: who.to,
          cc: who.cc,
          bcc: who.bcc,
          subject,
          bodyHtml,
        },
        now,
        settings.smtpConfigured,
      );
      await refreshRunMailStatus(scope, run.id);
      return added;
    });
    if (fresh) queued += 1;
    else alreadySent += 1;
  }
  if (queued + alreadySent === 0) return { status: 'SKIPPED', message: runMessage('mailNoRecipients') };
  const parts: RunMessage[] = [];
  if (queued > 0)
    parts.push(runMessage(settings.smtpConfigured ? 'mailQueued' : 'mailKept', { count: queued }));
  if (alreadySent > 0) parts.push(runMessage('mailAlreadySent', { count: alreadySent }));
  const [first, second] = parts;
  if (first && second) return { status: 'SUCCESS', message: runMessage('mailParts', { first, second }) };
  return { status: 'SUCCESS', message: first ?? second ?? '' };
}

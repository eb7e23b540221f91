import { displayFileName } from '@lis/contracts';

/** The placeholders of Email Content templates (spec 001 §3). */
export interface MailValues {
  COMPANY_CODE: string;
  LEGACY_ID: string;
  JOB_INSTANCE_NO: string;
  MESSAGE: string;
}

const PLACEHOLDER = /%(COMPANY_CODE|LEGACY_ID|JOB_INSTANCE_NO|MESSAGE)%/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * The HTML body: every placeholder replaced in one pass (a value that itself holds `%MESSAGE%` is
 * not expanded again) by its HTML-escaped value, so a run's message can never inject markup; control
 * and bidi characters shown as `\u202E` (a partner's file name cannot reorder the mail's text).
 */
export function fillBody(template: string, values: MailValues): string {
  return template.replace(PLACEHOLDER, (_whole, name: keyof MailValues) =>
    escapeHtml(displayFileName(values[name], { keepLineBreaks: true })),
  );
}

/**
 * The subject: placeholders replaced in one pass; line breaks removed (no header injection); control
 * and bidi characters of the values (a partner's file name) escaped as `\u202E` (LIS issue 31 point 10).
 */
export function fillSubject(template: string, values: MailValues): string {
  return template
    .replace(PLACEHOLDER, (_whole, name: keyof MailValues) =>
      displayFileName(values[name].replace(/[\r\n]+/g, ' ')),
    )
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** What a status e-mail says when its company has no template for the condition. */
export const DEFAULT_TEMPLATES: Record<string, { subject: string; body: string }> = {
  finished: {
    subject: 'LIS %COMPANY_CODE% %LEGACY_ID%: finished (%JOB_INSTANCE_NO%)',
    body: '<p>Job %LEGACY_ID% of %COMPANY_CODE% finished.</p><p>Run %JOB_INSTANCE_NO%: %MESSAGE%</p>',
  },
  warning: {
    subject: 'LIS %COMPANY_CODE% %LEGACY_ID%: warning (%JOB_INSTANCE_NO%)',
    body: '<p>Job %LEGACY_ID% of %COMPANY_CODE% ended with a warning.</p><p>Run %JOB_INSTANCE_NO%: %MESSAGE%</p>',
  },
  error: {
    subject: 'LIS %COMPANY_CODE% %LEGACY_ID%: error (%JOB_INSTANCE_NO%)',
    body: '<p>Job %LEGACY_ID% of %COMPANY_CODE% ended in error.</p><p>Run %JOB_INSTANCE_NO%: %MESSAGE%</p>',
  },
  function_error: {
    subject: 'LIS %COMPANY_CODE% %LEGACY_ID%: function reported errors (%JOB_INSTANCE_NO%)',
    body: '<p>The function of job %LEGACY_ID% of %COMPANY_CODE% reported documents in error.</p><p>Run %JOB_INSTANCE_NO%: %MESSAGE%</p>',
  },
};

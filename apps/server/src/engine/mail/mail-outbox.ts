import crypto from 'node:crypto';

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

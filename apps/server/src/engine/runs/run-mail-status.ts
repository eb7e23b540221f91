import type { MailStatus } from '../../db/schema.js';

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

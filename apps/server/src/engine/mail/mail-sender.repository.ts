import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The mail sender's statements on `mail_outbox` (mail-sender.ts decides): each change of a mail is a
 * compare-and-set on the status (and reservation) it was read with, so only one node acts on it.
 */

/** PENDING mails due at `now`, oldest first. */
export function dueMails(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', now)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** SENDING mails whose reservation ran out before `now`. */
export function abandonedMails(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['seq', 'run_id', 'next_attempt_at'])
    .where('status', '=', 'SENDING')
    .where('next_attempt_at', '<', now)
    .execute();
}

/** An abandoned mail becomes UNKNOWN, if its reservation is still the one read; true when it did. */
export async function settleAbandonedMail(
  db: Kysely<Database>,
  mail: { seq: number; next_attempt_at: number | null },
  lastError: string,
): Promise<boolean> {
  const settled = await db
    .updateTable('mail_outbox')
    .set({ status: 'UNKNOWN', next_attempt_at: null, last_error: lastError })
    .where('seq', '=', mail.seq)
    .where('status', '=', 'SENDING')
    .where('next_attempt_at', '=', mail.next_attempt_at)
    .executeTakeFirst();
  return settled.numUpdatedRows > 0n;
}

/** The claim: PENDING → SENDING reserved until `leaseUntil`; true for the one node whose update matched. */
export async function claimMail(
  db: Kysely<Database>,
  mail: { seq: number; next_attempt_at: number | null },
  attempts: number,
  messageId: string,
  leaseUntil: number,
): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ status: 'SENDING', attempts, message_id: messageId, next_attempt_at: leaseUntil })
    .where('seq', '=', mail.seq)
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '=', mail.next_attempt_at)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** Extends the reservation of a mail still SENDING. */
export async function renewMailLease(db: Kysely<Database>, seq: number, leaseUntil: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('seq', '=', seq)
    .where('status', '=', 'SENDING')
    .execute();
}

/** Sent: the truth wins over a reservation another node already settled as UNKNOWN. */
export async function markMailSent(
  db: Kysely<Database>,
  seq: number,
  at: number,
  lastError: string | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .where('seq', '=', seq)
    .set({ status: 'SENT', sent_at: at, next_attempt_at: null, last_error: lastError })
    .where('status', 'in', ['SENDING', 'UNKNOWN'])
    .execute();
}

/** The outcome is unknown: never resent by itself. */
export async function markMailUnknown(db: Kysely<Database>, seq: number, lastError: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .where('seq', '=', seq)
    .set({ status: 'UNKNOWN', next_attempt_at: null, last_error: lastError })
    .where('status', '=', 'SENDING')
    .execute();
}

/** A certain failure: PENDING again at `nextAttemptAt`, or FAILED when given up (`nextAttemptAt` null). */
export async function markMailFailed(
  db: Kysely<Database>,
  seq: number,
  lastError: string,
  nextAttemptAt: number | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .where('seq', '=', seq)
    .set({
      status: nextAttemptAt === null ? 'FAILED' : 'PENDING',
      last_error: lastError,
      next_attempt_at: nextAttemptAt,
    })
    .where('status', '=', 'SENDING')
    .execute();
}

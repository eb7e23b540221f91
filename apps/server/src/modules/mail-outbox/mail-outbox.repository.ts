import type { Kysely } from 'kysely';
import type { MailOutboxBody, MailOutboxRow, MailStatus } from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import { databaseNow } from '../../db/database-clock.js';
import type { Db } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { refreshRunMailStatus } from '../../engine/runs/run-mail-status.repository.js';

export interface MailOutboxFilter {
  /** null: every company. */
  codes: string[] | null;
  status: MailStatus | undefined;
  /** Queued at or after (epoch ms). */
  queuedFrom?: number | undefined;
  /** Queued before (epoch ms). */
  queuedBefore?: number | undefined;
  limit: number;
  offset: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Statuses an admin may send again: the outcome is unknown, or the mail was given up. */
export const RESENDABLE: MailStatus[] = ['UNKNOWN', 'FAILED'];

export type ResendResult = { resent: true } | { resent: false; status: MailStatus | undefined };

/**
 * The mail outbox as the console reads it (the pipeline and the mail sender write it), and an admin's
 * explicit resend of a mail the sender will not send again by itself.
 */
export class MailOutboxRepository {
  private readonly db: Kysely<Database>;

  constructor(private readonly database: Db) {
    this.db = database.kysely;
  }

  async list(filter: MailOutboxFilter): Promise<{ rows: MailOutboxRow[]; total: number }> {
    if (filter.codes && filter.codes.length === 0) return { rows: [], total: 0 };
    let query = this.db.selectFrom('mail_outbox');
    if (filter.codes) query = query.where('company_code', 'in', filter.codes);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.queuedFrom !== undefined) query = query.where('created_at', '>=', filter.queuedFrom);
    if (filter.queuedBefore !== undefined) query = query.where('created_at', '<', filter.queuedBefore);
    const counted = await query
      .select(({ fn }) => fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    const rows = await query
      .select([
        'seq',
        'company_code',
        'legacy_id',
        'job_instance_no',
        'condition',
        'mail_to',
        'mail_cc',
        'subject',
        'status',
        'attempts',
        'last_error',
        'created_at',
        'sent_at',
        'message_id',
      ])
      .orderBy('seq', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return {
      rows: rows.map((row) => ({
        ...row,
        created_at: iso(row.created_at),
        sent_at: row.sent_at === null ? null : iso(row.sent_at),
      })),
      total: Number(counted?.total ?? 0),
    };
  }

  async body(companyCode: string, seq: number): Promise<MailOutboxBody | undefined> {
    return this.db
      .selectFrom('mail_outbox')
      .select(['seq', 'subject', 'body_html'])
      .where('company_code', '=', companyCode)
      .where('seq', '=', seq)
      .executeTakeFirst();
  }

  /**
   * Puts an UNKNOWN or FAILED mail back to PENDING, due now, keeping its Message-ID and attempts; only
   * when it is still in that state (a conditional update).
   */
  async resend(companyCode: string, seq: number): Promise<ResendResult> {
    return inWriteTransaction(this.database, async (trx) => {
      const now = await databaseNow(trx, this.database.dialect);
      const updated = await trx
        .updateTable('mail_outbox')
        .set({ status: 'PENDING', next_attempt_at: now })
        .where('company_code', '=', companyCode)
        .where('seq', '=', seq)
        .where('status', 'in', RESENDABLE)
        .executeTakeFirst();
      const row = await trx
        .selectFrom('mail_outbox')
        .select(['status', 'run_id'])
        .where('company_code', '=', companyCode)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return { resent: false, status: row?.status };
      if (row?.run_id) await refreshRunMailStatus(trx, row.run_id);
      return { resent: true };
    });
  }
}

import type { Kysely } from 'kysely';
import type { MailOutboxBody, MailOutboxRow, MailStatus } from '@lis/contracts';
import type { Database } from '../../db/schema.js';

export interface MailOutboxFilter {
  /** null: every company. */
  codes: string[] | null;
  status: MailStatus | undefined;
  limit: number;
  offset: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The mail outbox as the console reads it (the pipeline and the mail sender write it). */
export class MailOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: MailOutboxFilter): Promise<{ rows: MailOutboxRow[]; total: number }> {
    if (filter.codes && filter.codes.length === 0) return { rows: [], total: 0 };
    let query = this.db.selectFrom('mail_outbox');
    if (filter.codes) query = query.where('company_code', 'in', filter.codes);
    if (filter.status) query = query.where('status', '=', filter.status);
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
}

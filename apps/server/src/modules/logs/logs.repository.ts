import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ApplicationLogTable, Database, SystemLogTable } from '../../db/schema.js';
import { containsIgnoreCase } from '../../db/text-match.js';

/** `null`: every company (a `*` user); otherwise the companies to look in. */
export type CompanyScope = string[] | null;

export interface LogPage {
  limit: number;
  offset: number;
}

export interface SystemLogFilter {
  companies: CompanyScope;
  /** Epoch ms, inclusive. */
  createdFrom?: number;
  /** Epoch ms, exclusive. */
  createdBefore?: number;
  /** Any part of the instance number, ignoring case. */
  jobInstanceNo?: string;
}

export interface ApplicationLogFilter {
  companies: CompanyScope;
  legacyId: string;
  /** `yyyymmdd`, inclusive. */
  transactionDateFrom: string;
  /** `yyyymmdd`, exclusive: the day after the last day asked for. */
  transactionDateBefore: string;
  /** Any part of source_id1–3, ignoring case. */
  sourceIds: [string | undefined, string | undefined, string | undefined];
}

/** Narrows a query to rows whose column contains `value`, ignoring case; no-op for blank values. */
function whereContains<T extends 'system_log' | 'application_log', O>(
  query: SelectQueryBuilder<Database, T, O>,
  column: string,
  value: string | undefined,
): SelectQueryBuilder<Database, T, O> {
  const wanted = value?.trim();
  if (!wanted) return query;
  return query.where(containsIgnoreCase(column, wanted));
}

export type SystemLogRecord = SystemLogTable & { seq: number };
export type ApplicationLogRecord = ApplicationLogTable & { seq: number };

/** The searches of the System Log and Application Log screens (the pipeline writes the rows). */
export class LogsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async systemLog(filter: SystemLogFilter, page: LogPage) {
    if (filter.companies?.length === 0) return { rows: [], total: 0 };
    const filtered = () => {
      let query = this.db.selectFrom('system_log');
      if (filter.companies) query = query.where('company_code', 'in', filter.companies);
      if (filter.createdFrom !== undefined) query = query.where('created_at', '>=', filter.createdFrom);
      if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore);
      return whereContains(query, 'job_instance_no', filter.jobInstanceNo);
    };
    const counted = await filtered()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    const rows = await filtered()
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: rows as SystemLogRecord[], total: Number(counted?.n ?? 0) };
  }

  async applicationLog(filter: ApplicationLogFilter, page: LogPage) {
    if (filter.companies?.length === 0) return { rows: [], total: 0 };
    const filtered = () => {
      let query = this.db
        .selectFrom('application_log')
        .where('legacy_id', '=', filter.legacyId)
        .where('transaction_date', '>=', filter.transactionDateFrom)
        .where('transaction_date', '<', filter.transactionDateBefore);
      if (filter.companies) query = query.where('company_code', 'in', filter.companies);
      filter.sourceIds.forEach((value, index) => {
        query = whereContains(query, `source_id${index + 1}`, value);
      });
      return query;
    };
    const counted = await filtered()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    const rows = await filtered()
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: rows as ApplicationLogRecord[], total: Number(counted?.n ?? 0) };
  }
}

import {
  DEFAULT_PAGE_SIZE,
  type ApplicationLogQuery,
  type ApplicationLogResponse,
  type SystemLogQuery,
  type SystemLogResponse,
} from '@lis/contracts';
import type { WithStoredMessage } from '../../i18n/run-message.js';
import { wallClock } from '../../platform/wall-clock.js';
import { nextDay, parseCompactDateTime, windowEnd, windowStart, type CompactDateTime } from './log-dates.js';
import type {
  ApplicationLogRecord,
  CompanyScope,
  LogsRepository,
  SystemLogRecord,
} from './logs.repository.js';
import { invalid } from '../../platform/domain-error.js';

/** Spec 000 §9: tables show `dd-mm-yyyy hh:mm:ss` (here in `LIS_TIMEZONE`). */
function tableTime(at: number, timeZone: string): string {
  const t = wallClock(at, timeZone);
  return `${t.day}-${t.month}-${t.year} ${t.hour}:${t.minute}:${t.second}`;
}

const paging = (page?: number, size?: number) => {
  const limit = size ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((page ?? 1) - 1) * limit };
};

/** A System Log row whose message the route renders in the reader's language. */
export type StoredSystemLogRow = SystemLogResponse['result_list'][number] & WithStoredMessage;

/** The System Log and Application Log searches: check the dates, search, shape the rows. */
export class LogsService {
  constructor(
    private readonly repo: LogsRepository,
    private readonly timeZone: string,
  ) {}

  async systemLog(
    companies: CompanyScope,
    query: SystemLogQuery,
  ): Promise<{ result_list: StoredSystemLogRow[]; total_count: number }> {
    const from = optionalDate(query.job_started_on_from, 'job_started_on_from', 'logDateInvalid');
    const to = optionalDate(query.job_started_on_to, 'job_started_on_to', 'logDateInvalid');
    const createdFrom = from && windowStart(from, this.timeZone);
    const createdBefore = to && windowEnd(to, this.timeZone);
    if (createdFrom !== undefined && createdBefore !== undefined && createdFrom >= createdBefore)
      throw reversed('job_started_on_from', 'job_started_on_to');
    const { rows, total } = await this.repo.systemLog(
      { companies, createdFrom, createdBefore, jobInstanceNo: query.job_instanceno },
      paging(query.page, query.page_size),
    );
    return { result_list: rows.map((row) => this.systemLogRow(row)), total_count: total };
  }

  async applicationLog(companies: CompanyScope, query: ApplicationLogQuery): Promise<ApplicationLogResponse> {
    requiredDate(query.transaction_date_from, 'transaction_date_from', 'logTransactionDateInvalid');
    const to = requiredDate(query.transaction_date_to, 'transaction_date_to', 'logTransactionDateInvalid');
    if (query.transaction_date_from > query.transaction_date_to)
      throw reversed('transaction_date_from', 'transaction_date_to');
    const { rows, total } = await this.repo.applicationLog(
      {
        companies,
        legacyId: query.legacy_id.trim(),
        transactionDateFrom: query.transaction_date_from,
        transactionDateBefore: nextDay(to),
        sourceIds: [query.source_id1, query.source_id2, query.source_id3],
      },
      paging(query.page, query.page_size),
    );
    return { result_list: rows.map((row) => this.applicationLogRow(row)), total_count: total };
  }

  private systemLogRow(row: SystemLogRecord): StoredSystemLogRow {
    return {
      seq: Number(row.seq),
      sid: row.sid,
      companycode: row.company_code,
      job_instanceno: row.job_instance_no ?? '',
      log_type: row.log_type,
      message: row.message,
      created_on: tableTime(Number(row.created_at), this.timeZone),
      msg_source: row.msg_source,
      created_at: new Date(Number(row.created_at)).toISOString(),
      storedMessage: row,
    };
  }

  private applicationLogRow(row: ApplicationLogRecord) {
    return {
      seq: Number(row.seq),
      legacyid: row.legacy_id,
      companycode: row.company_code,
      job_instance_no: row.job_instance_no,
      transaction_id: row.transaction_id,
      transaction_date: row.transaction_date,
      source_id1: row.source_id1,
      source_id2: row.source_id2,
      source_id3: row.source_id3,
      doc_type: row.doc_type,
      doc_year: row.doc_year,
      item_no: row.item_no,
      doc_date: row.doc_date,
      post_date: row.post_date,
      status: row.status,
      message: row.message,
      created_on: tableTime(Number(row.created_at), this.timeZone),
      created_at: new Date(Number(row.created_at)).toISOString(),
      metadata: row.metadata,
    };
  }
}

type DateMessage = 'logDateInvalid' | 'logTransactionDateInvalid';

/** A real date (and time), else a 400 naming the field in the caller's language. */
function requiredDate(text: string, field: string, key: DateMessage): CompactDateTime {
  const parsed = parseCompactDateTime(text);
  if (!parsed) throw invalid('DATE_INVALID', key, { field });
  return parsed;
}

/** As {@link requiredDate}; nothing when blank. */
function optionalDate(text: string | undefined, field: string, key: DateMessage) {
  return text ? requiredDate(text, field, key) : undefined;
}

const reversed = (from: string, to: string) =>
  invalid('DATE_RANGE_REVERSED', 'logDateRangeReversed', { from, to });

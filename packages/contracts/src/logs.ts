import { Type, type Static } from '@sinclair/typebox';
import { ISO_DATE_TIME, PagedList, PAGE_SIZES, Sid } from './common.js';
import { COMPANY_CODE_PATTERN } from './companies.js';

/**
 * The System Log and Application Log screens' searches (spec 000 §2, §3, §5, §7). Both list the
 * caller's companies only, newest first, a page at a time.
 */

/** Absent, '' or '*': every company of the caller; otherwise one of them. */
export const LogCompanyFilter = Type.String({
  pattern: `^(\\*|${COMPANY_CODE_PATTERN.slice(1, -1)})?$`,
  description: "One company of the caller's; absent, '' or '*' for all of them",
});

/** Spec 000 §9: 10, 25, 50 or 100 rows a page, 25 when not given. */
export const LogPageSize = Type.Integer({
  enum: [...PAGE_SIZES],
  description: '10, 25, 50 or 100; 25 by default',
});

const LogPaging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  page_size: Type.Optional(LogPageSize),
};

/** `yyyymmddHHMMSS` (the spec sends `yyyymmdd000000`); `yyyymmdd` alone is read as midnight; '' = none. */
export const LogDateTime = Type.String({
  pattern: '^([0-9]{8}([0-9]{6})?)?$',
  description: 'yyyymmddHHMMSS in LIS_TIMEZONE (yyyymmdd000000 from the screen); empty for none',
});

/** `yyyymmdd`, compared with the application log's transaction_date text. */
export const TransactionDate = Type.String({ pattern: '^[0-9]{8}$', description: 'yyyymmdd' });

/**
 * `GET /v1/system/log`. `job_started_on_from` is inclusive from that instant; `job_started_on_to`
 * at midnight (`yyyymmdd000000`) means the whole of that day, any other time is inclusive to that
 * second. `job_instanceno` matches any part of the instance number, ignoring case.
 */
export const SystemLogQuery = Type.Object({
  /** The fixed system id; accepted, not a filter. */
  sid: Type.Optional(Sid),
  company_code: Type.Optional(LogCompanyFilter),
  ...LogPaging,
  job_started_on_from: Type.Optional(LogDateTime),
  job_started_on_to: Type.Optional(LogDateTime),
  job_instanceno: Type.Optional(Type.String({ maxLength: 160 })),
});
export type SystemLogQuery = Static<typeof SystemLogQuery>;

/** Spec 000 §3 "System log row". `created_on` is `dd-mm-yyyy HH:mm:ss` in LIS_TIMEZONE. */
export const SystemLogRow = Type.Object({
  /** The row's number (unique, increasing): a key for tables. */
  seq: Type.Integer(),
  sid: Type.String(),
  companycode: Type.String(),
  /** '' for lines of the engine that belong to no run. */
  job_instanceno: Type.String(),
  log_type: Type.String(),
  message: Type.String(),
  created_on: Type.String(),
  msg_source: Type.String(),
  /** `created_on` as an ISO-8601 instant, for machines. */
  created_at: ISO_DATE_TIME,
});
export type SystemLogRow = Static<typeof SystemLogRow>;

export const SystemLogResponse = PagedList(SystemLogRow);
export type SystemLogResponse = Static<typeof SystemLogResponse>;

/**
 * `GET /v1/application/log`. `legacy_id` (exact) and both transaction dates are required (spec 000
 * §5); the dates are inclusive. `source_id1`–`source_id3` match any part of the value, ignoring case.
 */
export const ApplicationLogQuery = Type.Object({
  /** The fixed system id; accepted, not a filter. */
  sid: Type.Optional(Sid),
  company_code: Type.Optional(LogCompanyFilter),
  ...LogPaging,
  legacy_id: Type.String({ minLength: 1, maxLength: 100 }),
  transaction_date_from: TransactionDate,
  transaction_date_to: TransactionDate,
  source_id1: Type.Optional(Type.String({ maxLength: 200 })),
  source_id2: Type.Optional(Type.String({ maxLength: 200 })),
  source_id3: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ApplicationLogQuery = Static<typeof ApplicationLogQuery>;

/** Spec 000 §3 "Application log row", plus the run it came from. */
export const ApplicationLogRow = Type.Object({
  seq: Type.Integer(),
  legacyid: Type.String(),
  companycode: Type.String(),
  job_instance_no: Type.String(),
  transaction_id: Type.String(),
  transaction_date: Type.String(),
  source_id1: Type.String(),
  source_id2: Type.String(),
  source_id3: Type.String(),
  doc_type: Type.String(),
  doc_year: Type.String(),
  item_no: Type.String(),
  doc_date: Type.String(),
  post_date: Type.String(),
  /** E error, S success. */
  status: Type.Union([Type.Literal('E'), Type.Literal('S')]),
  message: Type.String(),
  /** `dd-mm-yyyy HH:mm:ss` in LIS_TIMEZONE. */
  created_on: Type.String(),
  created_at: ISO_DATE_TIME,
  /** The function server's metadata object as stored JSON text ('' when it sent none). */
  metadata: Type.String(),
});
export type ApplicationLogRow = Static<typeof ApplicationLogRow>;

export const ApplicationLogResponse = PagedList(ApplicationLogRow);
export type ApplicationLogResponse = Static<typeof ApplicationLogResponse>;

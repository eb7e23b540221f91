import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { FileJobInstanceNo, FileLegacyId } from './files.js';

/*
 * The report screens of spec 000 §2: Daily Report (/daily-report, /report), Expected Run Job
 * (/expected-running-job-report) and the text download of Download Source And Response File. What
 * the spec leaves open is decided in docs/decisions/0014-reports.md.
 */

/** One company or several (`company_code` repeated); none: every company of the caller. */
const CompanyCodes = Type.Union([CompanyCode, Type.Array(CompanyCode, { maxItems: 500 })]);

/** `yyyymmdd`, a calendar day in LIS_TIMEZONE. */
export const ReportDate = Type.String({ pattern: '^[0-9]{8}$', description: 'yyyymmdd' });

/** The longest range one daily report covers, in days. */
export const DAILY_REPORT_MAX_DAYS = 366;

/** `GET /v1/legacy/daily-report`: both dates are required (spec 000 §5). */
export const DailyReportQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: Type.Optional(CompanyCodes),
    date_from: Type.Optional(Type.String({ maxLength: 32 })),
    date_to: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type DailyReportQuery = Static<typeof DailyReportQuery>;

const count = Type.Integer({ minimum: 0 });

/**
 * One job on one day (the day a run started, or was queued when it never started, in LIS_TIMEZONE).
 * Times are ISO 8601 (UTC), '' when there is none.
 */
export const DailyReportRow = Type.Object({
  /** `yyyy-mm-dd`. */
  report_date: Type.String(),
  companycode: Type.String(),
  legacyid: Type.String(),
  legacyname: Type.String(),
  legacytype: Type.String(),
  /** Every run of the day, whatever its state. */
  run_count: count,
  finished_count: count,
  warning_count: count,
  error_count: count,
  /** Not ended yet: QUEUED, WAITING or RUNNING. */
  running_count: count,
  /** Fires skipped because a run of the job was still active (overlap policy). */
  skipped_count: count,
  /** Runs an operator stopped (issue 31): never counted in `error_count`. */
  stopped_count: count,
  /** Source files the runs loaded (step 1). */
  files_loaded: count,
  /** Files the runs returned (step 3), success and error files together. */
  files_returned: count,
  first_started_on: Type.String(),
  last_finished_on: Type.String(),
  /**
   * Issue 35: the day's expectation state of the job (PENDING, ON_TIME, LATE, MISSING, RECOVERED),
   * when it expects files that day; absent when it expects none. A job that expected files on a day
   * it had no run has a row all the same, every count 0.
   */
  expectation_state: Type.Optional(Type.String()),
  /** Issue 35: that day's deadline (ISO 8601). */
  deadline_at: Type.Optional(Type.String()),
});
export type DailyReportRow = Static<typeof DailyReportRow>;

export const DailyReportResponse = Type.Object({
  result_list: Type.Array(DailyReportRow),
  total_count: count,
});
export type DailyReportResponse = Static<typeof DailyReportResponse>;

/** `GET /v1/legacy/expected-running-job-report`: today, in LIS_TIMEZONE. */
export const ExpectedRunJobQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: Type.Optional(CompanyCodes) },
  { additionalProperties: false },
);
export type ExpectedRunJobQuery = Static<typeof ExpectedRunJobQuery>;

/**
 * Spec 000 §3 "Expected run job row". `expected_*`: the fire times of the job's cron triggers from
 * midnight until now; `actual_*`: its scheduled runs fired in that time (skipped fires left out).
 * Times are `HH:mm` (or `HH:mm:ss`) in LIS_TIMEZONE: a list, or `first - last` when there are many.
 */
export const ExpectedRunJobRow = Type.Object({
  companycode: Type.String(),
  legacyid: Type.String(),
  legacyname: Type.String(),
  expected_time: Type.String(),
  expected_count: count,
  /** Fire times of the whole day (later ones included). */
  expected_count_day: count,
  actual_time: Type.String(),
  actual_count: count,
  /** A trigger expression that is not valid Quartz (its fires are not counted). */
  invalid_triggers: Type.Array(Type.String()),
  /** Issue 35: the day's expectation state of the job (PENDING, ON_TIME, LATE, MISSING, RECOVERED), when it expects files. */
  expectation_state: Type.Optional(Type.String()),
  /** Issue 35: that day's deadline (ISO 8601). */
  deadline_at: Type.Optional(Type.String()),
});
export type ExpectedRunJobRow = Static<typeof ExpectedRunJobRow>;

export const ExpectedRunJobResponse = Type.Object({
  /** `yyyy-mm-dd`: the day the report is of. */
  report_date: Type.String(),
  /** The IANA zone of the day and of the times. */
  time_zone: Type.String(),
  result_list: Type.Array(ExpectedRunJobRow),
  total_count: count,
});
export type ExpectedRunJobResponse = Static<typeof ExpectedRunJobResponse>;

/** `lis_type` of the text download: the source backups, or the function's answers (API response backups). */
export const BACKUP_TEXT_TYPES = ['source', 'response'] as const;
export type BackupTextType = (typeof BACKUP_TEXT_TYPES)[number];

/** The most runs one text download covers (the screen's search fetches up to 1000). */
export const BACKUP_TEXT_MAX_RUNS = 1000;
/** The largest text download (bytes of the files it joins). */
export const BACKUP_TEXT_MAX_BYTES = 200 * 1024 * 1024;

/** `POST /v1/lis-server/get-backup-file-with-instanceids`: a text file `{legacy_id}_{lis_type}.txt`. */
export const BackupTextRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    lis_type: Type.Union(BACKUP_TEXT_TYPES.map((kind) => Type.Literal(kind))),
    job_instance_no_list: Type.Array(FileJobInstanceNo, { minItems: 1, maxItems: BACKUP_TEXT_MAX_RUNS }),
  },
  { additionalProperties: false },
);
export type BackupTextRequest = Static<typeof BackupTextRequest>;

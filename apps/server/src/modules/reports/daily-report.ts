import type { Kysely } from 'kysely';
import {
  DAILY_REPORT_MAX_DAYS,
  type DailyReportQuery,
  type DailyReportResponse,
  type DailyReportRow,
} from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import { dailyJobCounts, NO_RUNS, type JobNames } from './daily-report.repository.js';
import { reportJobFinder } from './report-jobs-kept.js';
import { dayBoundaries, daysBetween, isoDay, parseReportDate } from './report-days.js';
import { invalid } from '../../platform/domain-error.js';
import { expectationDaysBetween } from '../expectations/expectation.repository.js';

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());

/** Jobs' names and types from the job list kept by version ('' for a job no longer in the list). */
export async function jobNames(db: Kysely<Database>): Promise<JobNames> {
  const findJob = await reportJobFinder(db);
  return (companyCode, legacyId) => {
    const job = findJob(companyCode, legacyId);
    return { legacy_name: job?.legacy_name ?? '', legacy_type: job?.legacy_type ?? '' };
  };
}

/**
 * The Daily Report: both dates required (spec 000 §5), `yyyymmdd` days of LIS_TIMEZONE, at most
 * DAILY_REPORT_MAX_DAYS days. Rows by day (newest first), then company and legacy id; with issue 35's
 * file deadline of the day where the job expects files.
 */
export async function dailyReport(
  db: Kysely<Database>,
  companies: string[] | null,
  query: DailyReportQuery,
  timeZone: string,
): Promise<DailyReportResponse> {
  if (!query.date_from || !query.date_to) throw invalid('DATE_REQUIRED', 'dailyReportDatesRequired');
  const from = parseReportDate(query.date_from);
  if (!from) throw invalid('DATE_INVALID', 'logTransactionDateInvalid', { field: 'date_from' });
  const to = parseReportDate(query.date_to);
  if (!to) throw invalid('DATE_INVALID', 'logTransactionDateInvalid', { field: 'date_to' });
  const days = daysBetween(from, to);
  if (days < 1)
    throw invalid('DATE_RANGE_REVERSED', 'logDateRangeReversed', { from: 'date_from', to: 'date_to' });
  if (days > DAILY_REPORT_MAX_DAYS)
    throw invalid('DATE_RANGE_TOO_LONG', 'dailyReportRangeTooLong', { max: DAILY_REPORT_MAX_DAYS });

  const names = await jobNames(db);
  const counted = await dailyJobCounts(
    db,
    { companies, boundaries: dayBoundaries(from, days, timeZone) },
    names,
  );
  const rows = new Map<string, DailyReportRow>();
  for (const { day, first_started_at, last_finished_at, ...row } of counted) {
    const report_date = isoDay(from, day);
    rows.set(rowKey(report_date, row.company_code, row.legacy_id), {
      report_date,
      companycode: row.company_code,
      legacyid: row.legacy_id,
      legacyname: row.legacy_name,
      legacytype: row.legacy_type,
      run_count: row.run_count,
      finished_count: row.finished_count,
      warning_count: row.warning_count,
      error_count: row.error_count,
      running_count: row.running_count,
      skipped_count: row.skipped_count,
      stopped_count: row.stopped_count,
      files_loaded: row.files_loaded,
      files_returned: row.files_returned,
      first_started_on: iso(first_started_at),
      last_finished_on: iso(last_finished_at),
    });
  }
  // Issue 35: each job's file deadline of the day and how it stands (optional fields). A job that
  // expected files on a day it had no run has a row of its own, every count 0 — a MISSING day is
  // most often one without a run, and it is what the report must not leave out.
  for (const expected of await expectationDaysBetween(
    db,
    companies,
    isoDay(from, 0),
    isoDay(from, days - 1),
  )) {
    const key = rowKey(expected.business_day, expected.company_code, expected.legacy_id);
    const row =
      rows.get(key) ?? noRunRow(expected.business_day, expected.company_code, expected.legacy_id, names);
    row.expectation_state = expected.state;
    row.deadline_at = new Date(Number(expected.deadline_at)).toISOString();
    rows.set(key, row);
  }
  const result_list = [...rows.values()].sort(
    (a, b) =>
      b.report_date.localeCompare(a.report_date) ||
      a.companycode.localeCompare(b.companycode) ||
      a.legacyid.localeCompare(b.legacyid),
  );
  return { result_list, total_count: result_list.length };
}

const rowKey = (day: string, companyCode: string, legacyId: string) =>
  `${day}\u0000${companyCode}\u0000${legacyId}`;

/** The row of a job that had no run on a day it expected files. */
function noRunRow(day: string, companyCode: string, legacyId: string, names: JobNames): DailyReportRow {
  const { legacy_name, legacy_type } = names(companyCode, legacyId);
  return {
    report_date: day,
    companycode: companyCode,
    legacyid: legacyId,
    legacyname: legacy_name,
    legacytype: legacy_type,
    ...NO_RUNS,
    first_started_on: '',
    last_finished_on: '',
  };
}

import type { Kysely } from 'kysely';
import { DAILY_REPORT_MAX_DAYS, type DailyReportQuery, type DailyReportResponse } from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import { dailyJobCounts, type JobNames } from './daily-report.repository.js';
import { reportJobFinder } from './report-jobs-kept.js';
import { dayBoundaries, daysBetween, isoDay, parseReportDate } from './report-days.js';
import { invalid } from '../../platform/domain-error.js';

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
 * DAILY_REPORT_MAX_DAYS days. Rows by day (newest first), then company and legacy id.
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

  const rows = await dailyJobCounts(
    db,
    { companies, boundaries: dayBoundaries(from, days, timeZone) },
    await jobNames(db),
  );
  rows.sort(
    (a, b) =>
      b.day - a.day || a.company_code.localeCompare(b.company_code) || a.legacy_id.localeCompare(b.legacy_id),
  );
  return {
    result_list: rows.map(({ day, first_started_at, last_finished_at, ...row }) => ({
      report_date: isoDay(from, day),
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
    })),
    total_count: rows.length,
  };
}

import type { LegacyReportRow } from '@lis/contracts';
import { zoneDayKey } from '../../ui/table-dates';
import { hasJobState } from '../monitoring';

export interface WallSummary {
  jobs: number;
  running: number;
  /** A run in ERROR or any of its steps 1–4 in ERROR (the report's ERROR filter). */
  error: number;
  warning: number;
  suspended: number;
  /** Latest run FINISHED, and finished on today's date (the server's time zone); not suspended. */
  finishedToday: number;
}

/** The counts over the top of the wall display; `now` decides what "today" is. */
export function wallSummary(rows: readonly LegacyReportRow[], now: Date): WallSummary {
  const today = zoneDayKey(now);
  const finishedToday = (row: LegacyReportRow) =>
    row.hassuspend !== 'Y' &&
    row.status === 'FINISHED' &&
    row.job_finished_on !== '' &&
    zoneDayKey(row.job_finished_on) === today;
  const count = (test: (row: LegacyReportRow) => boolean) => rows.filter(test).length;
  return {
    jobs: rows.length,
    running: count((row) => row.status === 'RUNNING'),
    error: count((row) => row.status === 'ERROR' || hasJobState(row, 'ERROR')),
    warning: count((row) => row.status === 'WARNING'),
    suspended: count((row) => hasJobState(row, 'SUSPEND')),
    finishedToday: count(finishedToday),
  };
}

/** `?company_code=A&company_code=B` (also comma separated): the companies the wall shows; none: all of the user's. */
export function wallCompanies(search: string): string[] {
  const codes = new URLSearchParams(search)
    .getAll('company_code')
    .flatMap((value) => value.split(','))
    .map((code) => code.trim())
    .filter(Boolean);
  return [...new Set(codes)];
}

import type { LegacyReportRow } from '@lis/contracts';
import { pageFontFamily, widestText } from '../../ui/text-width';
import { canRerunStep, formatReportTime, stepStatus, widestLegacyId } from '../monitoring';
import type { ReportColumn } from './report-columns';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** A cell's horizontal padding (antd's small table) and its border. */
const CELL = 17;
const BUTTON = 24;
const BADGE = 22;
const GAP = 3;

/**
 * The width in px of each report column for these rows: the identity, job number, company and type
 * as wide as their longest text (within bounds, so that one odd value cannot take the screen); the
 * steps as wide as six badges and the re-run and files buttons a row shows.
 */
export function reportColumnWidths(
  rows: readonly LegacyReportRow[],
  titleOf: (column: ReportColumn) => string,
): Record<ReportColumn, number> {
  const family = pageFontFamily();
  const text = (values: Iterable<string>, font = `14px ${family}`) => widestText(values, font);
  const ids = widestLegacyId(rows, 14);
  const names = text(
    rows.map((row) => row.legacyname),
    `12px ${family}`,
  );
  const buttons = rows.reduce((most, row) => Math.max(most, stepButtons(row)), 0);
  const time = text([formatReportTime('2026-12-28T23:59:59.000Z')]) + CELL + 2;
  const widths: Record<ReportColumn, number> = {
    menu: 48,
    index: 52,
    company: clamp(text(rows.map((row) => row.companycode)) + CELL + 2, 80, 140),
    identity: clamp(Math.max(ids + GAP + 20, names) + CELL + 2, 150, 340),
    status: 104,
    steps: 6 * BADGE + 5 * GAP + buttons * (BUTTON + 2) + CELL + 2,
    next: time,
    start: time,
    finish: time,
    jobno: clamp(text(rows.map((row) => row.job_instanceno)) + CELL + 2, 120, 280),
    type: clamp(text(rows.map((row) => row.legacytype)) + CELL + 2, 90, 140),
    paths: 3 * BUTTON + 2 * 4 + CELL + 4,
    message: 0,
  };
  // A header wraps between words, never inside one: a column is at least as wide as its longest word.
  for (const column of Object.keys(widths) as ReportColumn[]) {
    if (column === 'message') continue;
    const words = titleOf(column).split(/\s+/);
    widths[column] = Math.max(widths[column], text(words, `600 14px ${family}`) + CELL + 2);
  }
  return widths;
}

/** The re-run buttons a row's steps show, and step 4's files button. */
export function stepButtons(row: LegacyReportRow): number {
  let count = 0;
  for (let step = 1; step <= 4; step += 1) if (canRerunStep(row, step)) count += 1;
  if (stepStatus(row, 4) === 'ERROR' && row.job_instanceno) count += 1;
  return count;
}

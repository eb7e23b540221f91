import type { DailyReportRow } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { CsvColumn } from '../../ui/csv';
import { FileDeadlineCell } from '../../ui/expectation/FileDeadlineCell';
import { fileDeadlineText } from '../../ui/expectation/file-deadline-text';
import { tableDate, tableTime } from '../../ui/table-dates';
import { idCell } from '../../ui/table-fit';
import type { reportMessages } from './reports.i18n';

type Label = keyof (typeof reportMessages)['en'];
type Translate = (key: Label) => string;

/** The Daily Report's columns after '#' (decision 0014), as table cells and as CSV cells. */
const FIELDS: {
  label: Label;
  value: (row: DailyReportRow) => string | number;
  width: number;
  /** An id: shown whole, wrapping only after `_` or `-` (0: the column takes what is left). */
  id?: boolean;
  numeric?: boolean;
  /** The table's cell, when it is more than the CSV's text. */
  cell?: (row: DailyReportRow) => ReactNode;
}[] = [
  { label: 'reportDate', value: (row) => tableDate(row.report_date), width: 100 },
  { label: 'companyCode', value: (row) => row.companycode, width: 90, id: true },
  { label: 'legacyId', value: (row) => row.legacyid, width: 168, id: true },
  { label: 'legacyName', value: (row) => row.legacyname, width: 0 },
  // Issue 35: the day's file deadline and its state; '-' (CSV: empty) when the job expects no files.
  {
    label: 'fileDeadline',
    value: (row) => fileDeadlineText(row.expectation_state, row.deadline_at),
    width: 104,
    cell: (row) => (
      <FileDeadlineCell state={row.expectation_state} deadlineAt={row.deadline_at} testId="daily-deadline" />
    ),
  },
  { label: 'runs', value: (row) => row.run_count, width: 66, numeric: true },
  { label: 'finished', value: (row) => row.finished_count, width: 76, numeric: true },
  { label: 'warning', value: (row) => row.warning_count, width: 76, numeric: true },
  { label: 'error', value: (row) => row.error_count, width: 64, numeric: true },
  { label: 'stopped', value: (row) => row.stopped_count, width: 80, numeric: true },
  { label: 'running', value: (row) => row.running_count, width: 84, numeric: true },
  { label: 'skipped', value: (row) => row.skipped_count, width: 76, numeric: true },
  { label: 'filesLoaded', value: (row) => row.files_loaded, width: 106, numeric: true },
  { label: 'filesReturned', value: (row) => row.files_returned, width: 116, numeric: true },
  { label: 'firstStart', value: (row) => tableTime(row.first_started_on), width: 150 },
  { label: 'lastFinish', value: (row) => tableTime(row.last_finished_on), width: 150 },
];

/**
 * Issue 31: at 1366 px the job and its counts (stopped runs apart from errors) show; the other counts
 * and the first start and last finish are a tick away in "Columns" (remembered). Issue 35's File
 * Deadline always shows (a state stays in view, decision 0030; and a column added to the chooser stays
 * hidden for whoever chose before): the columns shown at first were narrowed for it to fit ~990 px.
 */
export const DAILY_REPORT_COLUMN_CHOICE = {
  storageKey: 'LIS_DAILY_REPORT_COLUMNS',
  optional: ['stopped', 'running', 'skipped', 'filesLoaded', 'filesReturned', 'firstStart', 'lastFinish'],
  shownAtFirst: ['stopped'],
} as const;

/** How many of the rows are days whose expected files went MISSING (undefined: no row expects files). */
export function missingCount(rows: readonly DailyReportRow[]): number | undefined {
  if (!rows.some((row) => row.expectation_state)) return undefined;
  return rows.filter((row) => row.expectation_state === 'MISSING').length;
}

export const dailyReportRowKey = (row: DailyReportRow) =>
  `${row.report_date}\u0000${row.companycode}\u0000${row.legacyid}`;

export function dailyReportColumns(t: Translate): TableColumnsType<DailyReportRow> {
  return [
    { key: 'row', title: '#', width: 40, render: (_, _row, index) => index + 1 },
    ...FIELDS.map((field) => ({
      key: field.label,
      title: t(field.label),
      width: field.width || undefined,
      align: field.numeric ? ('right' as const) : undefined,
      render: (_: unknown, row: DailyReportRow) =>
        field.cell ? field.cell(row) : field.id ? idCell(String(field.value(row))) : field.value(row),
    })),
  ];
}

export function dailyReportCsvColumns(t: Translate): CsvColumn<DailyReportRow>[] {
  return FIELDS.map((field) => ({ header: t(field.label), value: field.value }));
}

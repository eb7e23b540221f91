import type { DailyReportRow } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import type { CsvColumn } from '../../ui/csv';
import { tableDate, tableTime } from '../../ui/table-dates';
import type { reportMessages } from './reports.i18n';

type Label = keyof (typeof reportMessages)['en'];
type Translate = (key: Label) => string;

/** The Daily Report's columns after '#' (decision 0014), as table cells and as CSV cells. */
const FIELDS: {
  label: Label;
  value: (row: DailyReportRow) => string | number;
  width: number;
  text?: boolean;
  numeric?: boolean;
}[] = [
  { label: 'reportDate', value: (row) => tableDate(row.report_date), width: 104 },
  { label: 'companyCode', value: (row) => row.companycode, width: 128, text: true },
  { label: 'legacyId', value: (row) => row.legacyid, width: 130, text: true },
  { label: 'legacyName', value: (row) => row.legacyname, width: 170, text: true },
  { label: 'runs', value: (row) => row.run_count, width: 76, numeric: true },
  { label: 'finished', value: (row) => row.finished_count, width: 84, numeric: true },
  { label: 'warning', value: (row) => row.warning_count, width: 84, numeric: true },
  { label: 'error', value: (row) => row.error_count, width: 76, numeric: true },
  { label: 'stopped', value: (row) => row.stopped_count, width: 84, numeric: true },
  { label: 'running', value: (row) => row.running_count, width: 84, numeric: true },
  { label: 'skipped', value: (row) => row.skipped_count, width: 76, numeric: true },
  { label: 'filesLoaded', value: (row) => row.files_loaded, width: 106, numeric: true },
  { label: 'filesReturned', value: (row) => row.files_returned, width: 116, numeric: true },
  { label: 'firstStart', value: (row) => tableTime(row.first_started_on), width: 160 },
  { label: 'lastFinish', value: (row) => tableTime(row.last_finished_on), width: 160 },
];

export const dailyReportRowKey = (row: DailyReportRow) =>
  `${row.report_date}\u0000${row.companycode}\u0000${row.legacyid}`;

export function dailyReportColumns(t: Translate): TableColumnsType<DailyReportRow> {
  return [
    { key: 'row', title: '#', width: 56, render: (_, _row, index) => index + 1 },
    ...FIELDS.map((field) => ({
      key: field.label,
      title: t(field.label),
      width: field.width,
      ellipsis: field.text,
      align: field.numeric ? ('right' as const) : undefined,
      render: (_: unknown, row: DailyReportRow) => field.value(row),
    })),
  ];
}

export function dailyReportCsvColumns(t: Translate): CsvColumn<DailyReportRow>[] {
  return FIELDS.map((field) => ({ header: t(field.label), value: field.value }));
}

/** Sum of the table's width, for its sideways scroll. */
export const DAILY_REPORT_WIDTH = 56 + FIELDS.reduce((sum, field) => sum + field.width, 0);

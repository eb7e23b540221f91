import ExcelJS from 'exceljs';
import type { LegacyReportRow } from '@lis/contracts';
import { formatQuartzTime } from '../scheduling/quartz-time.js';

/** DESIGN §7: the spec's "Lagacy Tasks" is a typo. */
export const LEGACY_TASK_SHEET = 'Legacy Tasks';

/** Spec 000 §7: `legacy_tasks_{from}_to_{to}.xlsx`, the first 8 characters (yyyymmdd) of each date. */
export function legacyTaskWorkbookName(from: string, to: string): string {
  return `legacy_tasks_${from.slice(0, 8)}_to_${to.slice(0, 8)}.xlsx`;
}

const COLUMNS: [string, (row: LegacyReportRow, time: (iso: string) => string) => string][] = [
  ['Company Code', (row) => row.companycode],
  ['Legacy ID', (row) => row.legacyid],
  ['Legacy Name', (row) => row.legacyname],
  ['Job Instanceno', (row) => row.job_instanceno],
  ['Status', (row) => row.status],
  ['Job Start', (row, time) => time(row.job_started_on)],
  ['Job Finished On', (row, time) => time(row.job_finished_on)],
  ['Load Files Status', (row) => row.step1_status],
  ['Load Files started on', (row, time) => time(row.step1_started_on)],
  ['Conversion Status', (row) => row.step5_status],
  ['Call Function Status', (row) => row.step2_status],
  ['Call Function started on', (row, time) => time(row.step2_started_on)],
  ['Return Files Status', (row) => row.step3_status],
  ['Return Files started on', (row, time) => time(row.step3_started_on)],
  ['Function status', (row) => row.step4_status],
  ['Message', (row) => row.message],
];

/** The spec's columns (a number first), times as dd-mm-yyyy HH:mm:ss in LIS_TIMEZONE. */
export async function legacyTaskWorkbook(
  rows: readonly LegacyReportRow[],
  timeZone: string,
): Promise<Buffer> {
  const time = (iso: string) => (iso ? formatQuartzTime(Date.parse(iso), timeZone) : '');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(LEGACY_TASK_SHEET);
  sheet.addRow(['number', ...COLUMNS.map(([title]) => title)]);
  rows.forEach((row, index) => sheet.addRow([index + 1, ...COLUMNS.map(([, value]) => value(row, time))]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

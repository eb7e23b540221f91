import ExcelJS from 'exceljs';
import type { JobConfig } from '@lis/contracts';

export const JOB_CONFIG_SHEET = 'MasterJobConfig';

/** Spec 001 §3: `MasterJobConfig_{epoch ms}.xlsx`, one sheet `MasterJobConfig`, a column per field. */
export function jobConfigWorkbookName(now: number): string {
  return `MasterJobConfig_${now}.xlsx`;
}

export async function jobConfigWorkbook(rows: JobConfig[], columns: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(JOB_CONFIG_SHEET);
  sheet.addRow(columns);
  for (const row of rows) sheet.addRow(columns.map((c) => (row as Record<string, string | number>)[c] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

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
  for (const row of rows) sheet.addRow(columns.map((c) => cell((row as Record<string, unknown>)[c])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A field's cell: text and numbers as they are, an object (the retry policy) as its JSON, null empty. */
function cell(value: unknown): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

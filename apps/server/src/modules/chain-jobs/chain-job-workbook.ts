import ExcelJS from 'exceljs';
import type { ChainJob } from '@lis/contracts';
import { parseChainMembers } from '../../engine/worker/chain-members.repository.js';

export const CHAIN_JOB_SHEET = 'ChainJobConfig';

const COLUMNS = [
  { header: 'Company Code', width: 16, value: (row: ChainJob) => row.companyCode },
  { header: 'Chain Job ID', width: 20, value: (row: ChainJob) => row.chainId },
  { header: 'Chain Job Name', width: 32, value: (row: ChainJob) => row.chainName },
  { header: 'Job List', width: 60, value: (row: ChainJob) => jobListText(row.legacyList) },
  { header: 'Is Active', width: 10, value: (row: ChainJob) => row.isActive },
  { header: 'Cron Trigger', width: 40, value: (row: ChainJob) => row.cronTrigger },
] as const;

/** The members in running order, one `id: name` per line. */
export function jobListText(legacyList: string): string {
  return parseChainMembers(legacyList)
    .map((m, i) => `${i + 1}. ${m.legacyId}${m.legacyName ? `: ${m.legacyName}` : ''}`)
    .join('\n');
}

/** `ChainJobConfig_{epoch ms}.xlsx`, as the job-config export's `MasterJobConfig_{epoch ms}.xlsx`. */
export function chainJobWorkbookName(now: number): string {
  return `ChainJobConfig_${now}.xlsx`;
}

/** One sheet `ChainJobConfig`: a header row, then a row per chain (none when nothing matched). */
export async function chainJobWorkbook(rows: readonly ChainJob[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(CHAIN_JOB_SHEET);
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(COLUMNS.map((c) => c.value(row)));
    added.alignment = { vertical: 'top', wrapText: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import ExcelJS from 'exceljs';
import { USER_IMPORT_COLUMNS, USERNAME_PATTERN, type CompanyAccess } from '@lis/contracts';
import { invalid, tooLarge, unprocessable } from '../../platform/domain-error.js';
import { summariseZip } from './xlsx-guard.js';

export interface ImportedUser {
  id: string;
  first_name: string;
  last_name: string;
  citizen_id: string;
  list_company: CompanyAccess[];
}

const MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
const MAX_ROWS = 10_000;
const ROLE_PATTERN = /^(user|admin|super_admin)(\|(user|admin|super_admin))*$/;
const COMPANY_PATTERN = /^([A-Za-z0-9_-]{1,32}|\*)$/;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return String(value.result ?? '').trim();
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    return '';
  }
  return String(value).trim();
}

/**
 * Parses the Employee upload: a header row naming USER_IMPORT_COLUMNS (any order), then one row per
 * (user, company). Rows of one user keep their order: the first decides the role. Any bad row
 * refuses the whole file, naming the row.
 */
export async function parseUserWorkbook(buffer: Buffer): Promise<ImportedUser[]> {
  const zip = summariseZip(buffer);
  if (!zip || zip.entries > 500 || zip.uncompressedBytes > MAX_UNCOMPRESSED_BYTES) {
    throw invalid('USER_IMPORT_NOT_EXCEL', 'importNotExcel');
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw invalid('USER_IMPORT_NOT_EXCEL', 'importNotExcel', undefined, { cause: error });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unprocessable('USER_IMPORT_EMPTY', 'importEmpty');
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => cellText(v).toLowerCase());
  const column = Object.fromEntries(
    USER_IMPORT_COLUMNS.map((name) => [name, header.indexOf(name)]),
  ) as Record<(typeof USER_IMPORT_COLUMNS)[number], number>;
  if (column.id < 0 || column.company_code < 0 || column.role_access < 0) {
    throw unprocessable('USER_IMPORT_BAD_HEADER', 'importBadHeader', {
      columns: USER_IMPORT_COLUMNS.join(', '),
    });
  }
  if (sheet.rowCount > MAX_ROWS + 1) throw tooLarge('USER_IMPORT_TOO_MANY_ROWS', 'payloadTooLarge');

  const users = new Map<string, ImportedUser>();
  const bad = (row: number, problem: string) =>
    unprocessable('USER_IMPORT_BAD_ROW', 'importBadRow', { row, problem });
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values = sheet.getRow(r).values as ExcelJS.CellValue[];
    const get = (name: (typeof USER_IMPORT_COLUMNS)[number]) =>
      column[name] >= 0 ? cellText(values[column[name]]) : '';
    const id = get('id');
    const companyCode = get('company_code');
    const roleAccess = get('role_access').replace(/\s+/g, '');
    if (!id && !companyCode && !roleAccess) continue;
    if (!new RegExp(USERNAME_PATTERN).test(id)) throw bad(r, `id "${id.slice(0, 64)}"`);
    if (!COMPANY_PATTERN.test(companyCode)) throw bad(r, `company_code "${companyCode.slice(0, 32)}"`);
    if (!ROLE_PATTERN.test(roleAccess)) throw bad(r, `role_access "${roleAccess.slice(0, 64)}"`);
    const user = users.get(id) ?? { id, first_name: '', last_name: '', citizen_id: '', list_company: [] };
    user.first_name ||= get('first_name').slice(0, 100);
    user.last_name ||= get('last_name').slice(0, 100);
    user.citizen_id ||= get('citizen_id').slice(0, 32);
    if (user.list_company.some((c) => c.company_code === companyCode))
      throw bad(r, `company_code "${companyCode}" twice`);
    user.list_company.push({ company_code: companyCode, role_access: roleAccess });
    users.set(id, user);
  }
  if (!users.size) throw unprocessable('USER_IMPORT_EMPTY', 'importEmpty');
  return [...users.values()];
}

/** The template offered on the Employee screen. */
export async function userImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow([...USER_IMPORT_COLUMNS]);
  sheet.addRow(['somchai.j', 'DEMO', 'admin', 'Somchai', 'Jaidee', '']);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { summariseZip } from './xlsx-guard.js';

describe('summariseZip', () => {
  it('reads the entries of a real workbook without inflating it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Users').addRow(['id']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const summary = summariseZip(buffer);
    expect(summary?.entries).toBeGreaterThan(3);
    expect(summary?.uncompressedBytes).toBeGreaterThan(buffer.length / 4);
  });

  it('refuses what is not a zip', () => {
    expect(summariseZip(Buffer.from('id,company_code\nx,A\n'))).toBeUndefined();
    expect(summariseZip(Buffer.alloc(0))).toBeUndefined();
  });
});

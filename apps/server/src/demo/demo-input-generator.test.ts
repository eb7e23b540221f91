import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convert, detectEncoding } from '@lis/converter';
import { afterEach, describe, expect, it } from 'vitest';
import { settingFor } from '../engine/pipeline/steps/convert-files.step.js';
import { demoInputFile, PAYROLL_WIDTHS } from './demo-input-files.js';
import { MAX_RETURN_FILES, MAX_WAITING_FILES, startDemoInputGenerator } from './demo-input-generator.js';
import { DEMO_INPUT_FOLDERS } from './demo-layout.js';

const NOW = new Date('2026-11-21T03:04:05Z');
type Row = Record<string, string>;
const recordsOf = (fileName: string, bytes: Buffer) =>
  convert([{ file_name: fileName, bytes }], settingFor(fileName)).data_list[0]?.data as Row[];
const isNumber = (text: string | undefined) =>
  text !== undefined && text !== '' && Number.isFinite(Number(text));

describe('the demo input files', () => {
  it('orders convert into records whose amounts are all numbers (the job ends FINISHED)', () => {
    const file = demoInputFile('orders', 1, NOW);
    expect(file.fileName).toMatch(/^orders_.*\.csv$/);
    const records = recordsOf(file.fileName, file.bytes);
    expect(records.length).toBe(4);
    expect(records.every((record) => isNumber(record.col_0003))).toBe(true);
    expect(records[0]).toMatchObject({
      col_0001: 'ORD-20261121-00010',
      col_0004: 'THB',
      col_0005: '2026-11-21',
    });
  });

  it('payments hold documents in error (step 4 ERROR) next to valid ones', () => {
    const file = demoInputFile('payments', 2, NOW);
    const records = recordsOf(file.fileName, file.bytes);
    expect(records.map((record) => isNumber(record.col_0003))).toEqual([true, false, true, false, true]);
    expect(records[1]?.col_0003).toBe('1,2O0.50');
  });

  it('the Thai payroll is fixed width in windows-874 and cuts into its columns', () => {
    const file = demoInputFile('payrollThai', 3, NOW);
    expect(detectEncoding(file.bytes)).toBe('windows-874');
    const { employee, name, amount, date } = PAYROLL_WIDTHS;
    const ranges = [
      { start: 1, end: employee },
      { start: employee + 1, end: employee + name },
      { start: employee + name + 1, end: employee + name + amount },
      { start: employee + name + amount + 1, end: employee + name + amount + date },
    ];
    const records = convert([{ file_name: file.fileName, bytes: file.bytes }], { mode: 'fix_range', ranges })
      .data_list[0]?.data as Row[];
    expect(records.length).toBe(5);
    expect(records[0]?.col_0002?.trim()).toBe('สมชาย ใจดี');
    expect(records.every((record) => isNumber(record.col_0003?.trim()))).toBe(true);
    expect(records[0]?.col_0004).toBe('20261121');
    // The pipeline's own choice for .txt: raw lines, one record per employee.
    expect(recordsOf(file.fileName, file.bytes).length).toBe(5);
  });

  it('invoices are JSON and document indexes CSV', () => {
    const invoice = demoInputFile('invoicesJson', 4, NOW);
    const parsed = convert(
      [{ file_name: invoice.fileName, bytes: invoice.bytes }],
      settingFor(invoice.fileName),
    ).data_list[0]?.data as { invoice_no: string; total: number };
    expect(parsed.invoice_no).toBe('INV-20261121-0004');
    expect(parsed.total).toBeGreaterThan(0);
    const documents = demoInputFile('documents', 5, NOW);
    expect(recordsOf(documents.fileName, documents.bytes).length).toBe(2);
  });
});

describe('the demo input generator', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('fills each input folder once per tick, never beyond the cap, and trims the return folders', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-generator-'));
    const paths = { sftpRoot: path.join(root, 'sftp'), staging: path.join(root, 'staging') };
    const returns = path.join(paths.sftpRoot, 'return', 'orders', 'return_success');
    fs.mkdirSync(returns, { recursive: true });
    for (let i = 0; i < MAX_RETURN_FILES + 7; i++) {
      const file = path.join(returns, `old-${i}.csv`);
      fs.writeFileSync(file, 'x');
      fs.utimesSync(file, new Date(1_000_000 + i * 1000), new Date(1_000_000 + i * 1000));
    }
    let tick = 0;
    const generator = startDemoInputGenerator({
      paths,
      intervalMs: 3_600_000,
      now: () => new Date(NOW.getTime() + tick++ * 1000),
    });
    try {
      for (let i = 0; i < MAX_WAITING_FILES + 3; i++) await generator.tick();
    } finally {
      await generator.stop();
    }
    for (const folder of Object.values(DEMO_INPUT_FOLDERS)) {
      const names = fs.readdirSync(path.join(paths.sftpRoot, folder));
      expect(names.length, folder).toBe(MAX_WAITING_FILES);
    }
    const kept = fs.readdirSync(returns);
    expect(kept.length).toBe(MAX_RETURN_FILES);
    expect(kept).not.toContain('old-0.csv');
    expect(kept).toContain(`old-${MAX_RETURN_FILES + 6}.csv`);
    expect(fs.readdirSync(paths.staging)).toEqual([]);
  });

  it("removes return files older than the demo's retention window, whatever their number", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-generator-'));
    const paths = { sftpRoot: path.join(root, 'sftp'), staging: path.join(root, 'staging') };
    const returns = path.join(paths.sftpRoot, 'return', 'payments', 'return_error');
    fs.mkdirSync(returns, { recursive: true });
    const day = 86_400_000;
    const ages = {
      'three-days.csv': 3 * day,
      'two-days-and-a-minute.csv': 2 * day + 60_000,
      'one-day.csv': day,
    };
    for (const [name, age] of Object.entries(ages)) {
      const file = path.join(returns, name);
      fs.writeFileSync(file, 'x');
      fs.utimesSync(file, new Date(NOW.getTime() - age), new Date(NOW.getTime() - age));
    }
    let window: number | undefined;
    const generator = startDemoInputGenerator({
      paths,
      intervalMs: 3_600_000,
      now: () => NOW,
      returnMaxAgeMs: async () => window,
    });
    try {
      await generator.tick();
      // Without a window (demo_days 0) only the count cap applies.
      expect(fs.readdirSync(returns).sort()).toEqual(Object.keys(ages).sort());
      window = 2 * day;
      await generator.tick();
    } finally {
      await generator.stop();
    }
    expect(fs.readdirSync(returns)).toEqual(['one-day.csv']);
  });
});

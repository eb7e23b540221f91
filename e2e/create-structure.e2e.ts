import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { clickUntilGone } from './support/antd.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

/** Thai letters U+0E01–U+0E5B are the bytes 0xA1–0xFB in windows-874; ASCII is itself. */
function windows874(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0x0e01 && code <= 0x0e5b) return code - 0x0e00 + 0xa0;
      if (code > 0x7f) throw new Error(`not in windows-874: ${char}`);
      return code;
    }),
  );
}

const CSV = {
  name: 'customers.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('id,name,city\r\n1,"สมชาย, ใจดี",กรุงเทพฯ\r\n2,สมหญิง,เชียงใหม่\r\n', 'utf8'),
};
/** Fixed width: code 1-4, name 5-14 (ten characters, space padded), amount 15-21. */
const FIXED = {
  name: 'payroll.txt',
  mimeType: 'text/plain',
  buffer: windows874('0001สมชาย     0001500\r\n0002ประเสริฐ  0022000\r\n'),
};
const JSON_FILE = {
  name: 'orders.json',
  mimeType: 'application/json',
  buffer: Buffer.from('[{"order":"A-1","customer":"บริษัท ไทยเจริญ จำกัด"},{"order":"A-2","qty":3}]', 'utf8'),
};
const TOO_LARGE = { name: 'too-large.txt', mimeType: 'text/plain', buffer: Buffer.alloc(5_242_881, 0x41) };

const suite = useE2eSuite();

async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.locator('.ant-upload-drag input[type=file]').setInputFiles(files);
}

/** Clicks a mode button (the radio input itself takes no pointer events). */
async function chooseMode(page: Page, name: string) {
  await page.getByRole('radio', { name, exact: true }).locator('xpath=ancestor::label[1]').click();
}

async function create(page: Page, converted: string) {
  await page.getByRole('button', { name: /Create$/ }).click();
  await page.getByText(converted).waitFor();
}

/** Clicks Download and reads the two files it saves, by name. */
async function downloadBoth(page: Page): Promise<Record<string, string>> {
  const downloads: Download[] = [];
  const both = new Promise<void>((resolve) => {
    const take = (download: Download) => {
      downloads.push(download);
      if (downloads.length === 2) {
        page.off('download', take);
        resolve();
      }
    };
    page.on('download', take);
  });
  await page.getByRole('button', { name: /Download$/ }).click();
  await both;
  const files: Record<string, string> = {};
  for (const download of downloads) {
    files[download.suggestedFilename()] = fs.readFileSync(await download.path(), 'utf8');
  }
  return files;
}

/** Checks both saved files against the expected result, and returns it for further checks. */
function expectOutputs(files: Record<string, string>, expected: unknown) {
  expect(Object.keys(files).sort()).toEqual(['json_format.txt', 'json_string_format.txt']);
  expect(files['json_format.txt']).toBe(JSON.stringify(expected, null, 2));
  // The JSON text as one JSON string literal (see apps/web/src/features/create-structure/converter-output.ts).
  const stringFormat = files['json_string_format.txt'] ?? '';
  expect(stringFormat.startsWith('"{\\"total_count\\":')).toBe(true);
  expect(JSON.parse(stringFormat)).toBe(JSON.stringify(expected));
}

async function deleteFile(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete data?' });
  await confirm.getByText(`Do you want to delete? (${name})`).waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name, exact: true }).first().waitFor({ state: 'detached' });
}

const cellTexts = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();

describe('Create Structure', () => {
  it('converts a UTF-8 CSV, a windows-874 fixed-width file and a JSON file in the browser and saves both outputs', async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page, suite.server);
    await page.goto('/uploadfileconfig');
    await page.getByRole('heading', { name: 'Create Structure' }).waitFor();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET') return;
      // The header's latency ping (spec 000 §9) posts on its own timer: its body is the ping's few
      // fields, never a file's content.
      const body = request.postData() ?? '';
      const ping =
        new URL(request.url()).pathname.endsWith('/v1/ping') &&
        body.length < 1024 &&
        body.includes('"ping_time"');
      if (!ping) requests.push(`${request.method()} ${request.url()}`);
    });

    // A file over 5,242,880 bytes is named and not added; the other file of the drop is.
    await dropFiles(page, [TOO_LARGE, CSV]);
    const tooLarge = page.getByRole('dialog').filter({ hasText: 'File too large' });
    await tooLarge
      .getByText('File "too-large.txt" is 5,242,881 bytes; the limit is 5,242,880 bytes. It was not added.')
      .waitFor();
    await tooLarge.getByRole('button', { name: 'OK' }).click();
    await tooLarge.waitFor({ state: 'hidden' });
    expect(await cellTexts(page)).toHaveLength(1);
    await page.getByRole('cell', { name: CSV.name, exact: true }).first().waitFor();

    // UTF-8 CSV with a quoted field holding the delimiter.
    await chooseMode(page, 'Delimiter');
    await page.locator('#converter-delimiter').fill(',');
    await create(page, '3 records converted.');
    expectOutputs(await downloadBoth(page), {
      total_count: 3,
      data_list: [
        {
          file_name: CSV.name,
          data: [
            { col_0001: 'id', col_0002: 'name', col_0003: 'city' },
            { col_0001: '1', col_0002: 'สมชาย, ใจดี', col_0003: 'กรุงเทพฯ' },
            { col_0001: '2', col_0002: 'สมหญิง', col_0003: 'เชียงใหม่' },
          ],
        },
      ],
    });
    await deleteFile(page, CSV.name);

    // Thai windows-874 fixed width: positions are characters, one byte each in this encoding.
    await dropFiles(page, [FIXED]);
    await chooseMode(page, 'Fixed range');
    await page.locator('#converter-ranges').fill('1-4,5-14,15-21');
    await create(page, '2 records converted.');
    expect((await cellTexts(page))[0]).toContain('Windows-874 (Thai)');
    await screenshot(page, 'create-structure-fixed-range-en');
    expectOutputs(await downloadBoth(page), {
      total_count: 2,
      data_list: [
        {
          file_name: FIXED.name,
          data: [
            { col_0001: '0001', col_0002: 'สมชาย     ', col_0003: '0001500' },
            { col_0001: '0002', col_0002: 'ประเสริฐ  ', col_0003: '0022000' },
          ],
        },
      ],
    });
    await deleteFile(page, FIXED.name);

    // JSON: the data is the parsed value; a top-level array counts its items.
    await dropFiles(page, [JSON_FILE]);
    await chooseMode(page, 'JSON');
    await create(page, '2 records converted.');
    expectOutputs(await downloadBoth(page), {
      total_count: 2,
      data_list: [
        {
          file_name: JSON_FILE.name,
          data: [
            { order: 'A-1', customer: 'บริษัท ไทยเจริญ จำกัด' },
            { order: 'A-2', qty: 3 },
          ],
        },
      ],
    });

    // All three in the table at once, converted line by line (raw), for the screenshots.
    await dropFiles(page, [CSV, FIXED]);
    await chooseMode(page, 'Raw');
    await create(page, '6 records converted.');
    const rows = await cellTexts(page);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.split('\t').slice(0, 3))).toEqual([
      ['3', `${JSON_FILE.buffer.length} bytes`, JSON_FILE.name],
      ['4', `${CSV.buffer.length} bytes`, CSV.name],
      ['5', `${FIXED.buffer.length} bytes`, FIXED.name],
    ]);
    await screenshot(page, 'create-structure-en');

    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'สร้างโครงสร้างข้อมูล' }).waitFor();
    await page.getByRole('columnheader', { name: 'ชื่อไฟล์' }).waitFor();
    // Changing the language keeps the files and the conversion.
    await page.getByText('แปลงแล้ว 6 ระเบียน').waitFor();
    expect((await cellTexts(page))[2]).toContain('Windows-874 (ไทย)');
    await screenshot(page, 'create-structure-th');
    await page.getByRole('button', { name: `ลบ ${CSV.name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'ลบข้อมูล?' });
    await confirm.getByText(`คุณต้องการลบข้อมูลหรือไม่? (${CSV.name})`).waitFor();
    // A click during the confirmation's opening animation can be lost: click until it closes.
    await clickUntilGone(confirm.getByRole('button', { name: 'ไม่ใช่' }));
    await confirm.waitFor({ state: 'hidden' });
    expect(await cellTexts(page)).toHaveLength(3);

    // DESIGN §7: the files never left the browser (no upload: no request but GET on this screen), and
    // each Create ran the converter in a Web Worker.
    expect(requests).toEqual([]);
    expect(workers).toHaveLength(4);
    expect(workers.every((url) => /\/assets\/converter\.worker-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it('converts a CSV of exactly 5,242,880 bytes (the limit) in a Web Worker', async () => {
    const { page } = await suite.open();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await signInAsAdmin(page, suite.server);
    await page.goto('/uploadfileconfig');
    await page.getByRole('heading', { name: 'Create Structure' }).waitFor();
    const { buffer, lines } = csvOfSize(5_242_880);
    await dropFiles(page, [{ name: 'large.csv', mimeType: 'text/csv', buffer }]);
    await page.getByRole('cell', { name: '5,242,880 bytes' }).waitFor();
    await chooseMode(page, 'Delimiter');
    const started = Date.now();
    await create(page, `${lines.toLocaleString('en-US')} records converted.`);
    const elapsed = Date.now() - started;
    console.info(
      `[create-structure] 5 MiB CSV converted in ${elapsed} ms (worker start, read, convert, reply)`,
    );
    const row = (await cellTexts(page))[0] ?? '';
    expect(row).toContain(lines.toLocaleString('en-US'));
    expect(workers).toHaveLength(1);
  });
});

/** A UTF-8 CSV of exactly `size` bytes with Thai text; `lines` is its number of records. */
function csvOfSize(size: number): { buffer: Buffer; lines: number } {
  const parts: string[] = [];
  let bytes = 0;
  let lines = 0;
  while (bytes < size) {
    const line = `${String(lines + 1).padStart(7, '0')},สมชาย ใจดี,กรุงเทพมหานคร,0001500\n`;
    const length = Buffer.byteLength(line);
    if (bytes + length > size) {
      // The last line: padded with ASCII to end exactly at `size` (its line break included).
      const rest = size - bytes;
      parts.push(`${'x'.repeat(rest - 1)}\n`);
      bytes += rest;
      if (rest === 1) break; // only a line break: an empty line, which is no record
    } else {
      parts.push(line);
      bytes += length;
    }
    lines++;
  }
  const buffer = Buffer.from(parts.join(''), 'utf8');
  if (buffer.length !== size) throw new Error(`built ${buffer.length} bytes, not ${size}`);
  return { buffer, lines };
}

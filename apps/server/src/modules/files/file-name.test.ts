import { describe, expect, it } from 'vitest';
import { contentDisposition, isPlainFileName, zipEntryName } from './file-name.js';
import { decodeUpload } from './file-changes.service.js';

describe('isPlainFileName', () => {
  it.each(['INV_001.csv', 'ใบแจ้งหนี้.txt', 'a b (1).csv', 'report.2026-11.csv', '100%.csv', 'x'.repeat(255)])(
    'accepts %j',
    (name) => expect(isPlainFileName(name)).toBe(true),
  );
  it.each([
    '',
    '.',
    '..',
    'a/b',
    'a\\b',
    'a..b',
    '%2e%2e',
    'x%2Fy',
    'x%5cy',
    'a%00',
    'a\u0000',
    'a\u0085',
    "o'k",
    'x'.repeat(256),
  ])('refuses %j', (name) => expect(isPlainFileName(name)).toBe(false));
});

describe('zipEntryName', () => {
  it('sanitises every segment and keeps names unique (case-insensitively)', () => {
    const taken = new Set<string>();
    expect(zipEntryName(['..', 'a:b*?.csv'], taken)).toBe('__/a_b__.csv');
    expect(zipEntryName(['x.csv'], taken)).toBe('x.csv');
    expect(zipEntryName(['X.csv'], taken)).toBe('X (2).csv');
    expect(zipEntryName(['x.csv'], taken)).toBe('x (3).csv');
    expect(zipEntryName(['', 'noext'], taken)).toBe('_/noext');
    expect(zipEntryName(['', 'noext'], taken)).toBe('_/noext (2)');
  });

  it('replaces bidi and invisible characters, so a name inside the zip cannot pretend another extension', () => {
    expect(zipEntryName(['invoice\u202Evsc.exe'], new Set())).toBe('invoice_vsc.exe');
    expect(zipEntryName(['in\u200Bvoice\uFEFF.csv'], new Set())).toBe('in_voice_.csv');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name (RFC 6266 / 8187)', () => {
    expect(contentDisposition('ไฟล์ "a".csv')).toBe(
      `attachment; filename="____ _a_.csv"; filename*=UTF-8''%E0%B9%84%E0%B8%9F%E0%B8%A5%E0%B9%8C%20%22a%22.csv`,
    );
    expect(contentDisposition("it's (1).zip")).toBe(
      `attachment; filename="it's (1).zip"; filename*=UTF-8''it%27s%20%281%29.zip`,
    );
  });
});

describe('decodeUpload', () => {
  it('decodes base64 with or without a data URL prefix, and refuses what is not base64', () => {
    expect(decodeUpload('QUJD').toString()).toBe('ABC');
    expect(decodeUpload('data:text/csv;charset=utf-8;base64,QUJD').toString()).toBe('ABC');
    for (const bad of ['QUJ', 'QU JD', 'QUJD!', '====']) expect(() => decodeUpload(bad)).toThrow(/base64/);
  });
  it('refuses more than 50 MB with 413 before decoding', () => {
    const data = 'A'.repeat(Math.ceil((50 * 1024 * 1024 + 1) / 3) * 4);
    expect(() => decodeUpload(data)).toThrow(expect.objectContaining({ kind: 'too_large' }));
    expect(decodeUpload('A'.repeat(Math.floor((50 * 1024 * 1024) / 3) * 4)).length).toBeLessThanOrEqual(
      50 * 1024 * 1024,
    );
  });
});

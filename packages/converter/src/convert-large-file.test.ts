import { describe, expect, it } from 'vitest';
import { convert, CONVERTER_MAX_FILE_BYTES } from './convert.js';

/** 'สวัสดี' in windows-874, by hand. */
const SAWASDEE_874 = [0xca, 0xc7, 0xd1, 0xca, 0xb4, 0xd5];

/** Fills a file just under the limit with numbered lines made by `line`, and says how many there are. */
function fillToLimit(line: (index: number) => Uint8Array): { bytes: Uint8Array; lines: number } {
  const bytes = new Uint8Array(CONVERTER_MAX_FILE_BYTES);
  let used = 0;
  let lines = 0;
  for (;;) {
    const next = line(lines + 1);
    if (used + next.length > bytes.length) break;
    bytes.set(next, used);
    used += next.length;
    lines++;
  }
  return { bytes: bytes.subarray(0, used), lines };
}

describe('convert, a file near the 5 MiB limit', () => {
  it('reads every record of a quoted UTF-8 CSV correctly', () => {
    const encoder = new TextEncoder();
    const { bytes, lines } = fillToLimit((index) =>
      encoder.encode(`${index},"ชื่อ ${index}, ""ท่าน""\nบรรทัดสอง",${index * 2}\r\n`),
    );
    expect(bytes.length).toBeGreaterThan(CONVERTER_MAX_FILE_BYTES - 100);

    const result = convert([{ file_name: 'big.csv', bytes }], { mode: 'delimiter', delimiter: ',' });

    expect(result.total_count).toBe(lines);
    const records = result.data_list[0]?.data as Record<string, string>[];
    expect(records).toHaveLength(lines);
    for (const index of [1, Math.floor(lines / 2), lines]) {
      expect(records[index - 1]).toEqual({
        col_0001: String(index),
        col_0002: `ชื่อ ${index}, "ท่าน"\nบรรทัดสอง`,
        col_0003: String(index * 2),
      });
    }
    expect(records.every((record, index) => record.col_0001 === String(index + 1))).toBe(true);
  });

  it('cuts every line of a windows-874 fixed-width file correctly', () => {
    const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));
    const { bytes, lines } = fillToLimit(
      (index) => new Uint8Array([...ascii(String(index).padStart(8, '0')), ...SAWASDEE_874, 0x0d, 0x0a]),
    );

    const result = convert([{ file_name: 'fixed.txt', bytes }], {
      mode: 'fix_range',
      ranges: [
        { start: 1, end: 8 },
        { start: 9, end: 14 },
      ],
    });

    expect(result.total_count).toBe(lines);
    const records = result.data_list[0]?.data as Record<string, string>[];
    expect(records[lines - 1]).toEqual({ col_0001: String(lines).padStart(8, '0'), col_0002: 'สวัสดี' });
    expect(
      records.every(
        (record, index) =>
          record.col_0001 === String(index + 1).padStart(8, '0') && record.col_0002 === 'สวัสดี',
      ),
    ).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { convert, CONVERTER_MAX_FILE_BYTES, type ConverterSetting } from './convert.js';
import { converterErrorOf } from './converter-error-test-support.js';

const encoder = new TextEncoder();
const utf8File = (file_name: string, text: string) => ({ file_name, bytes: encoder.encode(text) });
/** 'สวัสดี' in windows-874, by hand. */
const SAWASDEE_874 = [0xca, 0xc7, 0xd1, 0xca, 0xb4, 0xd5];
const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

describe('convert, raw mode', () => {
  const raw: ConverterSetting = { mode: 'raw' };

  it('makes each line a record and counts records over all files', () => {
    const result = convert([utf8File('a.txt', 'first\r\nsecond\r\n'), utf8File('b.txt', 'third')], raw);
    expect(result).toEqual({
      total_count: 3,
      data_list: [
        { file_name: 'a.txt', data: [{ col_0001: 'first' }, { col_0001: 'second' }] },
        { file_name: 'b.txt', data: [{ col_0001: 'third' }] },
      ],
    });
  });

  it('splits at LF and lone CR too, skips empty lines inside, and keeps lines of spaces', () => {
    const result = convert([utf8File('a.txt', 'a\n\nb\r\rc\r\n  \n')], raw);
    expect(result.data_list[0]?.data).toEqual([
      { col_0001: 'a' },
      { col_0001: 'b' },
      { col_0001: 'c' },
      { col_0001: '  ' },
    ]);
    expect(result.total_count).toBe(4);
  });

  it('decodes a windows-874 file as Thai', () => {
    const bytes = new Uint8Array([...SAWASDEE_874, 0x0d, 0x0a, ...ascii('ok')]);
    expect(convert([{ file_name: 'th.txt', bytes }], raw).data_list[0]?.data).toEqual([
      { col_0001: 'สวัสดี' },
      { col_0001: 'ok' },
    ]);
  });

  it('leaves the byte-order mark out of the first record', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('สวัสดี\n')]);
    expect(convert([{ file_name: 'bom.txt', bytes }], raw).data_list[0]?.data).toEqual([
      { col_0001: 'สวัสดี' },
    ]);
  });

  it('gives no records for an empty file and an empty result for no files', () => {
    expect(convert([utf8File('empty.txt', '')], raw)).toEqual({
      total_count: 0,
      data_list: [{ file_name: 'empty.txt', data: [] }],
    });
    expect(convert([], raw)).toEqual({ total_count: 0, data_list: [] });
  });
});

describe('convert, fix_range mode', () => {
  const setting: ConverterSetting = {
    mode: 'fix_range',
    ranges: [
      { start: 1, end: 3 },
      { start: 4, end: 9 },
      { start: 10, end: 13 },
    ],
  };
  const expected = [
    { col_0001: '001', col_0002: 'สวัสดี', col_0003: '  12' },
    { col_0001: '002', col_0002: 'ABCDEF', col_0003: '' },
  ];

  it('cuts a windows-874 fixed-width file at character positions', () => {
    const bytes = new Uint8Array([...ascii('001'), ...SAWASDEE_874, ...ascii('  12\r\n002ABCDEF\r\n')]);
    const result = convert([{ file_name: 'fixed.txt', bytes }], setting);
    expect(result).toEqual({ total_count: 2, data_list: [{ file_name: 'fixed.txt', data: expected }] });
  });

  it('cuts the same layout saved as UTF-8 the same way, though Thai takes 3 bytes a character there', () => {
    const result = convert([utf8File('fixed.txt', '001สวัสดี  12\n002ABCDEF\n')], setting);
    expect(result.data_list[0]?.data).toEqual(expected);
  });

  it('refuses a range that starts before 1 or ends before it starts', () => {
    const file = utf8File('f.txt', 'abc');
    const zero = converterErrorOf(() =>
      convert([file], { mode: 'fix_range', ranges: [{ start: 0, end: 2 }] }),
    );
    expect(zero.code).toBe('INVALID_RANGE');
    const backwards = { mode: 'fix_range', ranges: [{ start: 5, end: 4 }] } as const;
    expect(converterErrorOf(() => convert([file], backwards)).values).toEqual({ index: 1, start: 5, end: 4 });
    expect(converterErrorOf(() => convert([file], { mode: 'fix_range', ranges: [] })).code).toBe('NO_RANGES');
  });
});

describe('convert, delimiter mode', () => {
  it('reads quoted CSV with CRLF line ends into numbered columns', () => {
    const csv = 'id,name,note\r\n1,"Somchai, J.","said ""hi""\r\non two lines"\r\n2,สมหญิง,\r\n';
    const result = convert([utf8File('people.csv', csv)], { mode: 'delimiter', delimiter: ',' });
    expect(result).toEqual({
      total_count: 3,
      data_list: [
        {
          file_name: 'people.csv',
          data: [
            { col_0001: 'id', col_0002: 'name', col_0003: 'note' },
            { col_0001: '1', col_0002: 'Somchai, J.', col_0003: 'said "hi"\r\non two lines' },
            { col_0001: '2', col_0002: 'สมหญิง', col_0003: '' },
          ],
        },
      ],
    });
  });

  it('splits a windows-874 file at a pipe or a tab', () => {
    const bytes = new Uint8Array([...ascii('A|'), ...SAWASDEE_874, ...ascii('|B\n')]);
    expect(convert([{ file_name: 'p.txt', bytes }], { mode: 'delimiter', delimiter: '|' }).data_list).toEqual(
      [{ file_name: 'p.txt', data: [{ col_0001: 'A', col_0002: 'สวัสดี', col_0003: 'B' }] }],
    );
    const tabbed = convert([utf8File('t.tsv', 'a\tb')], { mode: 'delimiter', delimiter: '\t' });
    expect(tabbed.data_list[0]?.data).toEqual([{ col_0001: 'a', col_0002: 'b' }]);
  });

  it('names columns past 9999 with more digits', () => {
    const line = Array.from({ length: 10_001 }, (_, index) => `v${index + 1}`).join(',');
    const [record] = convert([utf8File('wide.csv', line)], { mode: 'delimiter', delimiter: ',' }).data_list[0]
      ?.data as Record<string, string>[];
    expect(Object.keys(record ?? {})).toHaveLength(10_001);
    expect(record).toMatchObject({
      col_0001: 'v1',
      col_9999: 'v9999',
      col_10000: 'v10000',
      col_10001: 'v10001',
    });
  });

  it('refuses a record with more than 100,000 columns instead of building it', () => {
    const error = converterErrorOf(() =>
      convert([utf8File('commas.csv', 'ok\n' + ','.repeat(100_000))], { mode: 'delimiter', delimiter: ',' }),
    );
    expect(error.code).toBe('TOO_MANY_COLUMNS');
    expect(error.values).toEqual({ file_name: 'commas.csv', record: 2, limit: 100_000 });
  });

  it('refuses an unterminated quote, naming the file and the line', () => {
    const error = converterErrorOf(() =>
      convert([utf8File('bad.csv', 'a,b\n"c,d\n')], { mode: 'delimiter', delimiter: ',' }),
    );
    expect(error.code).toBe('UNTERMINATED_QUOTE');
    expect(error.message).toBe('File "bad.csv": the quoted field that starts on line 2 is never closed.');
  });

  it('refuses an empty delimiter and one holding a quote or a line break', () => {
    const file = utf8File('a.csv', 'a');
    const empty = converterErrorOf(() => convert([file], { mode: 'delimiter', delimiter: '' }));
    expect(empty.code).toBe('EMPTY_DELIMITER');
    expect(empty.message).toBe('The delimiter is empty; give one such as , or | or a tab.');
    for (const delimiter of ['"', ';"', '\n', '\r\n']) {
      expect(converterErrorOf(() => convert([file], { mode: 'delimiter', delimiter })).code).toBe(
        'INVALID_DELIMITER',
      );
    }
  });
});

describe('convert, json mode', () => {
  it('returns the parsed value and counts the items of a top-level array', () => {
    const result = convert([utf8File('a.json', '[{"name":"สวัสดี"},{"name":"b"}]\n')], { mode: 'json' });
    expect(result).toEqual({
      total_count: 2,
      data_list: [{ file_name: 'a.json', data: [{ name: 'สวัสดี' }, { name: 'b' }] }],
    });
  });

  it('counts an object as one record, over several files', () => {
    const files = [utf8File('a.json', '{"a":1}'), utf8File('b.json', '[1,2,3]')];
    expect(convert(files, { mode: 'json' }).total_count).toBe(4);
  });

  it('reads JSON with a byte-order mark and JSON in windows-874', () => {
    const bom = { file_name: 'bom.json', bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...ascii('{"a":1}')]) };
    const thai = {
      file_name: 'th.json',
      bytes: new Uint8Array([...ascii('["'), ...SAWASDEE_874, ...ascii('"]')]),
    };
    expect(convert([bom, thai], { mode: 'json' }).data_list.map((file) => file.data)).toEqual([
      { a: 1 },
      ['สวัสดี'],
    ]);
  });

  it('refuses invalid JSON, naming the file, line, column and character', () => {
    const error = converterErrorOf(() =>
      convert([utf8File('bad.json', '{\r\n  "a": 1,\r\n  "b": }\r\n')], { mode: 'json' }),
    );
    expect(error.code).toBe('INVALID_JSON');
    expect(error.values).toEqual({ file_name: 'bad.json', line: 3, column: 8, position: 21, found: '"}"' });
    expect(error.message).toBe(
      'File "bad.json" is not valid JSON: unexpected character "}" at line 3, column 8.',
    );
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('refuses JSON that ends too early, and an empty file', () => {
    const cut = converterErrorOf(() => convert([utf8File('cut.json', '[1,\n2')], { mode: 'json' }));
    expect(cut.code).toBe('JSON_UNEXPECTED_END');
    expect(cut.values).toEqual({ file_name: 'cut.json', line: 2, column: 2, position: 5 });
    const empty = converterErrorOf(() => convert([utf8File('empty.json', '')], { mode: 'json' }));
    expect(empty.code).toBe('JSON_UNEXPECTED_END');
  });
});

describe('convert, limits and settings', () => {
  it('takes a file of exactly 5,242,880 bytes and refuses one byte more, naming the file and the limit', () => {
    expect(CONVERTER_MAX_FILE_BYTES).toBe(5_242_880);
    const atLimit = { file_name: 'max.txt', bytes: new Uint8Array(CONVERTER_MAX_FILE_BYTES).fill(0x41) };
    expect(convert([atLimit], { mode: 'raw' }).total_count).toBe(1);

    const tooLarge = { file_name: 'big.txt', bytes: new Uint8Array(CONVERTER_MAX_FILE_BYTES + 1) };
    const error = converterErrorOf(() => convert([atLimit, tooLarge], { mode: 'raw' }));
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.values).toEqual({ file_name: 'big.txt', size: 5_242_881, limit: 5_242_880 });
    expect(error.message).toBe('File "big.txt" is 5242881 bytes; the limit is 5242880 bytes.');
  });

  it('refuses an unknown mode from an untyped caller', () => {
    const error = converterErrorOf(() => convert([], { mode: 'xml' } as unknown as ConverterSetting));
    expect(error.code).toBe('UNKNOWN_MODE');
    expect(error.message).toBe('Unknown converter mode "xml"; use raw, fix_range, delimiter or json.');
    expect(converterErrorOf(() => convert([], null as unknown as ConverterSetting)).code).toBe(
      'UNKNOWN_MODE',
    );
  });
});

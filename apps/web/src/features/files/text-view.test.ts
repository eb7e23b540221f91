import { describe, expect, it } from 'vitest';
import { csvDelimiter, decodeText, parseCsv, prettyJson } from './text-view';

const windows874 = (text: string) =>
  Uint8Array.from(
    [...text].map((c) =>
      (c.codePointAt(0) ?? 0) < 0x80 ? (c.codePointAt(0) ?? 0) : (c.codePointAt(0) ?? 0) - 0x0d60,
    ),
  );

describe('decodeText', () => {
  it('reads valid UTF-8 as UTF-8 and Thai windows-874 bytes as windows-874', () => {
    expect(decodeText(new TextEncoder().encode('สวัสดี, hello'))).toEqual({
      text: 'สวัสดี, hello',
      encoding: 'utf-8',
    });
    expect(decodeText(windows874('สวัสดี, hello'))).toEqual({ text: 'สวัสดี, hello', encoding: 'windows-874' });
  });

  it('takes a cut inside a UTF-8 character for UTF-8 (the preview ends mid-character), and drops a BOM', () => {
    const bytes = new TextEncoder().encode('ab สวัสดี');
    expect(decodeText(bytes.subarray(0, bytes.length - 1))).toEqual({ text: 'ab สวัสด', encoding: 'utf-8' });
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ text: 'A', encoding: 'utf-8' });
  });

  it('follows the chosen encoding', () => {
    expect(decodeText(windows874('ไทย'), 'windows-874').text).toBe('ไทย');
    expect(decodeText(windows874('ไทย.'), 'utf-8').text).toMatch(/^\uFFFD+\.$/);
  });
});

describe('parseCsv', () => {
  it('cuts rows and fields, with quotes, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('a,"b,c","say ""x"""\r\n1,"two\nlines",3\n').rows).toEqual([
      ['a', 'b,c', 'say "x"'],
      ['1', 'two\nlines', '3'],
    ]);
  });

  it('finds the separator by the first line and keeps at most the rows asked', () => {
    expect(csvDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(csvDelimiter('a\tb\n')).toBe('\t');
    expect(parseCsv('x\n'.repeat(10), ',', 3)).toEqual({ rows: [['x'], ['x'], ['x']], cut: true });
  });
});

describe('prettyJson', () => {
  it('indents JSON by two and leaves a cut file as it is', () => {
    expect(prettyJson('{"a":[1]}')).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', parsed: true });
    expect(prettyJson('{"a":[1')).toEqual({ text: '{"a":[1', parsed: false });
  });
});

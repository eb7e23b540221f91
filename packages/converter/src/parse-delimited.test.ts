import { describe, expect, it } from 'vitest';
import { converterErrorOf } from './converter-error-test-support.js';
import { parseDelimited } from './parse-delimited.js';

const parse = (text: string, delimiter = ','): string[][] => parseDelimited(text, delimiter, 'in.csv');

describe('parseDelimited', () => {
  it('splits lines at the delimiter, with CRLF, LF or CR line ends', () => {
    expect(parse('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('drops the final line break and skips empty lines inside', () => {
    expect(parse('a,b\r\n\r\n\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps empty fields, including after a trailing delimiter at the end of the text', () => {
    expect(parse(',a,,\nb,')).toEqual([
      ['', 'a', '', ''],
      ['b', ''],
    ]);
  });

  it('reads quoted fields with embedded delimiters, doubled quotes and line breaks', () => {
    expect(parse('"a,b","say ""hi""","line1\r\nline2"\nx,"",y')).toEqual([
      ['a,b', 'say "hi"', 'line1\r\nline2'],
      ['x', '', 'y'],
    ]);
  });

  it('treats a quote inside an unquoted field as a character and keeps text after a closing quote', () => {
    expect(parse('5" pipe,"ab"c,d')).toEqual([['5" pipe', 'abc', 'd']]);
  });

  it('takes multi-character delimiters and tabs', () => {
    expect(parse('a||b||"c||d"', '||')).toEqual([['a', 'b', 'c||d']]);
    expect(parse('a|b||c', '||')).toEqual([['a|b', 'c']]);
    expect(parse('ก\tข\t"ค\tง"', '\t')).toEqual([['ก', 'ข', 'ค\tง']]);
  });

  it('keeps a line of spaces as a record', () => {
    expect(parse('a\n   \nb')).toEqual([['a'], ['   '], ['b']]);
  });

  it('names the line where an unterminated quote starts, counting line breaks inside earlier quotes', () => {
    const error = converterErrorOf(() => parse('a,"x\r\ny"\nb,c\n"never closed,d\ne'));
    expect(error.code).toBe('UNTERMINATED_QUOTE');
    expect(error.values).toEqual({ file_name: 'in.csv', line: 4 });
    expect(error.message).toBe('File "in.csv": the quoted field that starts on line 4 is never closed.');
  });

  it('finds an unterminated quote that ends on a doubled quote', () => {
    expect(converterErrorOf(() => parse('"abc""')).values).toEqual({ file_name: 'in.csv', line: 1 });
  });
});

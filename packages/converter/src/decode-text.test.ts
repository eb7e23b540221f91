import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding } from './decode-text.js';

/** 'สวัสดี' in windows-874 (TIS-620), written out by hand. */
const SAWASDEE_874 = [0xca, 0xc7, 0xd1, 0xca, 0xb4, 0xd5];
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('decodeText', () => {
  it('reads plain ASCII as UTF-8', () => {
    expect(decodeText(utf8('A,B\r\n1,2'))).toEqual({ text: 'A,B\r\n1,2', encoding: 'utf-8' });
  });

  it('reads UTF-8 Thai as UTF-8', () => {
    expect(decodeText(utf8('ชื่อ|สวัสดี'))).toEqual({ text: 'ชื่อ|สวัสดี', encoding: 'utf-8' });
  });

  it('drops a UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('สวัสดี,1')]);
    expect(decodeText(bytes)).toEqual({ text: 'สวัสดี,1', encoding: 'utf-8' });
  });

  it('keeps a UTF-8 file with a byte-order mark UTF-8 even when a later byte is invalid', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff, 0x42]);
    expect(decodeText(bytes)).toEqual({ text: 'A\uFFFDB', encoding: 'utf-8' });
  });

  it('reads bytes that are not UTF-8 as Thai windows-874', () => {
    const bytes = new Uint8Array([...SAWASDEE_874, 0x2c, 0x31, 0x0d, 0x0a]);
    expect(decodeText(bytes)).toEqual({ text: 'สวัสดี,1\r\n', encoding: 'windows-874' });
  });

  it('maps the ends of the windows-874 Thai range and its Windows extras', () => {
    // 0xA1 ก, 0xDA ฺ, 0xDF ฿, 0xFB ๛, 0x80 €, 0x85 …, 0x93/0x94 curly quotes.
    const bytes = new Uint8Array([0xa1, 0xda, 0xdf, 0xfb, 0x80, 0x85, 0x93, 0x94]);
    expect(decodeText(bytes).text).toBe('ก\u0E3A฿๛€…“”');
  });

  it('decodes an empty file as empty UTF-8 text', () => {
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('detectEncoding', () => {
  it('names the encoding decodeText uses', () => {
    expect(detectEncoding(utf8('hello'))).toBe('utf-8');
    expect(detectEncoding(utf8('สวัสดี'))).toBe('utf-8');
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0xff]))).toBe('utf-8');
    expect(detectEncoding(new Uint8Array(SAWASDEE_874))).toBe('windows-874');
  });
});

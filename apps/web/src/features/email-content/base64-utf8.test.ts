import { describe, expect, it } from 'vitest';
import { base64ToUtf8, utf8ToBase64 } from './base64-utf8';

describe('utf8 ↔ base64', () => {
  it('encodes Thai text as base64 of its UTF-8 bytes, as the server (Buffer) does', () => {
    const thai = 'งานเสร็จสมบูรณ์';
    const encoded = utf8ToBase64(thai);
    expect(encoded).toBe(Buffer.from(thai, 'utf8').toString('base64'));
    expect(base64ToUtf8(encoded)).toBe(thai);
  });

  it('round-trips mixed text, HTML, emoji and empty text', () => {
    for (const text of [
      '',
      'Job %LEGACY_ID% finished',
      '<p>เรียน ทีมงาน <b>%COMPANY_CODE%</b></p>\n<p>ข้อความ: %MESSAGE% 🚚</p>',
      'x'.repeat(100_000) + 'ก',
    ]) {
      expect(base64ToUtf8(utf8ToBase64(text))).toBe(text);
    }
  });

  it('decodes what the server sends and refuses bytes that are not UTF-8', () => {
    expect(base64ToUtf8(Buffer.from('สวัสดี', 'utf8').toString('base64'))).toBe('สวัสดี');
    expect(() => base64ToUtf8(btoa('\xff\xfe'))).toThrow();
    expect(() => base64ToUtf8('***')).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import {
  CONVERTER_ERROR_CODES,
  CONVERTER_MESSAGES_EN,
  ConverterError,
  formatConverterMessage,
} from './converter-error.js';

describe('ConverterError', () => {
  it('is an Error with a stable code, its values and the English message', () => {
    const error = new ConverterError('FILE_TOO_LARGE', { file_name: 'a.txt', size: 9, limit: 5 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConverterError');
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.values).toEqual({ file_name: 'a.txt', size: 9, limit: 5 });
    expect(error.message).toBe('File "a.txt" is 9 bytes; the limit is 5 bytes.');
  });

  it('has an English template for every code, each code equal to its own name', () => {
    expect(Object.keys(CONVERTER_MESSAGES_EN).sort()).toEqual(Object.keys(CONVERTER_ERROR_CODES).sort());
    for (const [name, code] of Object.entries(CONVERTER_ERROR_CODES)) expect(code).toBe(name);
  });
});

describe('formatConverterMessage', () => {
  it('fills placeholders from values and leaves unknown ones, so a UI can use its own templates', () => {
    expect(
      formatConverterMessage('ไฟล์ "{file_name}" เกิน {limit} ไบต์ {other}', { file_name: 'ก.txt', limit: 5 }),
    ).toBe('ไฟล์ "ก.txt" เกิน 5 ไบต์ {other}');
  });
});

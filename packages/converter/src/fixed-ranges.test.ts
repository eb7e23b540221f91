import { describe, expect, it } from 'vitest';
import { converterErrorOf } from './converter-error-test-support.js';
import { parseRanges, sliceRanges, validateRanges } from './fixed-ranges.js';

describe('parseRanges', () => {
  it('reads comma-separated ranges, spaces, single positions and a trailing comma', () => {
    expect(parseRanges('1-10,11-20')).toEqual([
      { start: 1, end: 10 },
      { start: 11, end: 20 },
    ]);
    expect(parseRanges(' 1 - 3 , 5 ,')).toEqual([
      { start: 1, end: 3 },
      { start: 5, end: 5 },
    ]);
  });

  it('refuses text that is not a range, naming the part', () => {
    const error = converterErrorOf(() => parseRanges('1-10,abc'));
    expect(error.code).toBe('INVALID_RANGE_TEXT');
    expect(error.values).toEqual({ part: 'abc' });
    expect(error.message).toBe('"abc" is not a range; write ranges such as 1-10,11-20.');
    expect(converterErrorOf(() => parseRanges('1-2-3')).code).toBe('INVALID_RANGE_TEXT');
    expect(converterErrorOf(() => parseRanges('-5')).code).toBe('INVALID_RANGE_TEXT');
  });

  it('refuses empty input', () => {
    expect(converterErrorOf(() => parseRanges('')).code).toBe('NO_RANGES');
    expect(converterErrorOf(() => parseRanges(' , ')).code).toBe('NO_RANGES');
  });

  it('refuses a start below 1 and an end before the start, naming the range', () => {
    const zero = converterErrorOf(() => parseRanges('0-5'));
    expect(zero.code).toBe('INVALID_RANGE');
    expect(zero.values).toEqual({ index: 1, start: 0, end: 5 });
    const backwards = converterErrorOf(() => parseRanges('1-4,9-3'));
    expect(backwards.values).toEqual({ index: 2, start: 9, end: 3 });
    expect(backwards.message).toContain('Range 2 (9-3) is invalid');
  });
});

describe('validateRanges', () => {
  it('accepts overlapping ranges in any order', () => {
    expect(() =>
      validateRanges([
        { start: 5, end: 9 },
        { start: 1, end: 6 },
      ]),
    ).not.toThrow();
  });

  it('refuses fractions and non-numbers', () => {
    expect(converterErrorOf(() => validateRanges([{ start: 1.5, end: 3 }])).code).toBe('INVALID_RANGE');
    expect(converterErrorOf(() => validateRanges([{ start: Number.NaN, end: 3 }])).code).toBe(
      'INVALID_RANGE',
    );
  });

  it('refuses no ranges at all', () => {
    expect(converterErrorOf(() => validateRanges([])).code).toBe('NO_RANGES');
  });
});

describe('sliceRanges', () => {
  it('counts 1-based inclusive characters, not bytes, on Thai text', () => {
    // ส ว ั ส ด ี: the combining vowels are characters of their own, as in the legacy byte layout.
    expect(
      sliceRanges('สวัสดีAB', [
        { start: 1, end: 3 },
        { start: 4, end: 6 },
        { start: 7, end: 8 },
      ]),
    ).toEqual(['สวั', 'สดี', 'AB']);
  });

  it('gives what is there past the end of a short line, without trimming', () => {
    expect(
      sliceRanges('ab  ', [
        { start: 1, end: 3 },
        { start: 3, end: 10 },
        { start: 20, end: 30 },
      ]),
    ).toEqual(['ab ', '  ', '']);
  });

  it('counts a character outside the BMP as one position', () => {
    expect(
      sliceRanges('😀ab', [
        { start: 1, end: 1 },
        { start: 2, end: 3 },
      ]),
    ).toEqual(['😀', 'ab']);
  });
});

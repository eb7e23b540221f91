import { ConverterError } from '@lis/converter';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTING_VALUES, toConverterSetting } from './converter-setting';

const values = (change: Partial<typeof DEFAULT_SETTING_VALUES>) => ({ ...DEFAULT_SETTING_VALUES, ...change });

function refusal(run: () => unknown): ConverterError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConverterError) return error;
    throw error;
  }
  throw new Error('expected a ConverterError');
}

describe('toConverterSetting', () => {
  it('gives raw and json as they are, ignoring the other fields', () => {
    expect(toConverterSetting(values({ mode: 'raw', ranges: 'x', delimiter: '' }))).toEqual({ mode: 'raw' });
    expect(toConverterSetting(values({ mode: 'json' }))).toEqual({ mode: 'json' });
  });

  it('reads typed ranges for fix_range', () => {
    expect(toConverterSetting(values({ mode: 'fix_range', ranges: '1-10, 11-20,25' }))).toEqual({
      mode: 'fix_range',
      ranges: [
        { start: 1, end: 10 },
        { start: 11, end: 20 },
        { start: 25, end: 25 },
      ],
    });
  });

  it('refuses missing or bad ranges with the converter code', () => {
    expect(refusal(() => toConverterSetting(values({ mode: 'fix_range', ranges: ' ' }))).code).toBe(
      'NO_RANGES',
    );
    const bad = refusal(() => toConverterSetting(values({ mode: 'fix_range', ranges: '1-10,a-b' })));
    expect([bad.code, bad.values]).toEqual(['INVALID_RANGE_TEXT', { part: 'a-b' }]);
    expect(refusal(() => toConverterSetting(values({ mode: 'fix_range', ranges: '5-2' }))).code).toBe(
      'INVALID_RANGE',
    );
  });

  it('takes a delimiter, with \\t typed for a tab, and refuses an empty one or a quote', () => {
    expect(toConverterSetting(values({ mode: 'delimiter', delimiter: '|' }))).toEqual({
      mode: 'delimiter',
      delimiter: '|',
    });
    expect(toConverterSetting(values({ mode: 'delimiter', delimiter: '\\t' }))).toEqual({
      mode: 'delimiter',
      delimiter: '\t',
    });
    expect(refusal(() => toConverterSetting(values({ mode: 'delimiter', delimiter: '' }))).code).toBe(
      'EMPTY_DELIMITER',
    );
    expect(refusal(() => toConverterSetting(values({ mode: 'delimiter', delimiter: '"' }))).code).toBe(
      'INVALID_DELIMITER',
    );
  });
});

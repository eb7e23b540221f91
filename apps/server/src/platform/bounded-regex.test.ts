import { describe, expect, it } from 'vitest';
import { filterMatching, RegexTimeoutError } from './bounded-regex.js';

describe('filterMatching', () => {
  it('keeps the names the pattern matches, in order', () => {
    expect(filterMatching(/^INV_\d+\.csv$/u, ['INV_1.csv', 'x.csv', 'INV_22.csv'])).toEqual([
      'INV_1.csv',
      'INV_22.csv',
    ]);
  });

  it('ignores the global flag, so every name is tested from its start', () => {
    expect(filterMatching(/a/gu, ['a', 'a', 'b'])).toEqual(['a', 'a']);
  });

  it('stops a catastrophic pattern at the time limit instead of hanging', () => {
    // Without the limit this pattern backtracks for minutes and the test times out: answering at
    // all, with the limit's error, is the check (how soon is not asserted: a loaded machine is slow).
    expect(() => filterMatching(/^(a+)+$/u, [`${'a'.repeat(40)}!`], 100)).toThrow(RegexTimeoutError);
  });
});

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
    const started = Date.now();
    expect(() => filterMatching(/^(a+)+$/u, [`${'a'.repeat(40)}!`], 100)).toThrow(RegexTimeoutError);
    // The limit is 100 ms; without it this pattern runs for minutes. A generous bound for slow machines.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayTimeZone, setDisplayTimeZone } from '../table-dates';
import { untilText } from './maintenance-time';

describe('the end of a maintenance window, as the console shows it', () => {
  const before = displayTimeZone();
  beforeAll(() => setDisplayTimeZone('Asia/Bangkok'));
  afterAll(() => setDisplayTimeZone(before));
  // 03:00 on 6 December 2026 in Bangkok.
  const now = Date.parse('2026-12-05T20:00:00Z');

  it('the time alone on the same day of the console’s zone, with the date on another', () => {
    expect(untilText('2026-12-05T23:00:00Z', now)).toBe('06:00');
    expect(untilText('2026-12-06T06:00:00+07:00', now)).toBe('06:00');
    expect(untilText('2026-12-06T17:00:00Z', now)).toBe('07-12-2026 00:00');
    expect(untilText('2026-12-05T16:59:00Z', now)).toBe('05-12-2026 23:59');
  });

  it('seconds only when there are some; text that is no time as it is', () => {
    expect(untilText('2026-12-05T23:00:30Z', now)).toBe('06:00:30');
    expect(untilText('soon', now)).toBe('soon');
  });
});

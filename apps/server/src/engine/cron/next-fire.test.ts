import { describe, expect, it } from 'vitest';
import { nextFireTime, nextFireTimes, parseCron, UnknownTimeZoneError } from './index.js';

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const fires = (expression: string, after: string, count: number, timeZone = 'UTC') =>
  nextFireTimes(expression, new Date(after), timeZone, count).map(iso);

describe('nextFireTimes: special characters (UTC, 2026 calendar)', () => {
  it('L: the last day of each month, 29 February in a leap year', () => {
    expect(fires('0 0 12 L * ?', '2026-01-15T00:00:00Z', 4)).toEqual([
      '2026-01-31T12:00:00Z',
      '2026-02-28T12:00:00Z',
      '2026-03-31T12:00:00Z',
      '2026-04-30T12:00:00Z',
    ]);
    expect(fires('0 0 12 L 2 ?', '2027-06-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T12:00:00Z',
      '2029-02-28T12:00:00Z',
    ]);
  });

  it('L-n: n days before the last day', () => {
    expect(fires('0 0 12 L-3 * ?', '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-01-28T12:00:00Z',
      '2026-02-25T12:00:00Z',
      '2026-03-28T12:00:00Z',
    ]);
  });

  it('LW: the last weekday (31 Jan 2026 is a Saturday, 31 May a Sunday)', () => {
    expect(fires('0 0 12 LW * ?', '2026-01-01T00:00:00Z', 5)).toEqual([
      '2026-01-30T12:00:00Z',
      '2026-02-27T12:00:00Z',
      '2026-03-31T12:00:00Z',
      '2026-04-30T12:00:00Z',
      '2026-05-29T12:00:00Z',
    ]);
  });

  it('nW: the nearest weekday, never leaving the month', () => {
    // 15 Feb 2026 is a Sunday → Monday 16; 15 Aug is a Saturday → Friday 14.
    expect(fires('0 0 12 15W 2,8 ?', '2026-01-01T00:00:00Z', 2)).toEqual([
      '2026-02-16T12:00:00Z',
      '2026-08-14T12:00:00Z',
    ]);
    // 1 Aug 2026 is a Saturday → Monday 3, not Friday 31 July.
    expect(fires('0 0 12 1W 8 ?', '2026-01-01T00:00:00Z', 1)).toEqual(['2026-08-03T12:00:00Z']);
    // 31 May 2026 is a Sunday → Friday 29, not Monday 1 June.
    expect(fires('0 0 12 31W 5 ?', '2026-01-01T00:00:00Z', 1)).toEqual(['2026-05-29T12:00:00Z']);
  });

  it('#: the nth day of the week; months without a fifth Monday are skipped', () => {
    expect(fires('0 0 12 ? * 6#3', '2026-01-01T00:00:00Z', 2)).toEqual([
      '2026-01-16T12:00:00Z',
      '2026-02-20T12:00:00Z',
    ]);
    expect(fires('0 0 12 ? * MON#5', '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-03-30T12:00:00Z',
      '2026-06-29T12:00:00Z',
      '2026-08-31T12:00:00Z',
    ]);
  });

  it('nL: the last given day of the week; L alone is Saturday', () => {
    expect(fires('0 0 12 ? * 6L', '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-01-30T12:00:00Z',
      '2026-02-27T12:00:00Z',
      '2026-03-27T12:00:00Z',
    ]);
    expect(fires('0 0 12 ? * L', '2026-01-01T00:00:00Z', 2)).toEqual([
      '2026-01-03T12:00:00Z',
      '2026-01-10T12:00:00Z',
    ]);
  });

  it('wrap-around ranges: FRI-MON and 22-2', () => {
    expect(fires('0 0 12 ? * FRI-MON', '2026-01-01T00:00:00Z', 5)).toEqual([
      '2026-01-02T12:00:00Z',
      '2026-01-03T12:00:00Z',
      '2026-01-04T12:00:00Z',
      '2026-01-05T12:00:00Z',
      '2026-01-09T12:00:00Z',
    ]);
    expect(fires('0 0 22-2 * * ?', '2026-01-01T21:00:00Z', 6)).toEqual([
      '2026-01-01T22:00:00Z',
      '2026-01-01T23:00:00Z',
      '2026-01-02T00:00:00Z',
      '2026-01-02T01:00:00Z',
      '2026-01-02T02:00:00Z',
      '2026-01-02T22:00:00Z',
    ]);
  });

  it('computes in the given zone: the last day at 10:15 in Bangkok', () => {
    expect(fires('0 15 10 L * ?', '2026-11-21T00:00:00Z', 3, 'Asia/Bangkok')).toEqual([
      '2026-11-30T03:15:00Z',
      '2026-12-31T03:15:00Z',
      '2027-01-31T03:15:00Z',
    ]);
  });
});

describe('nextFireTimes: where the search starts and ends', () => {
  it('is strictly after the given time, milliseconds included', () => {
    expect(fires('0 0 12 * * ?', '2026-01-01T12:00:00Z', 1)).toEqual(['2026-01-02T12:00:00Z']);
    expect(fires('0 0 12 * * ?', '2026-01-01T12:00:00.500Z', 1)).toEqual(['2026-01-02T12:00:00Z']);
    expect(fires('0 0 12 * * ?', '2026-01-01T11:59:59.999Z', 1)).toEqual(['2026-01-01T12:00:00Z']);
  });

  it('returns nothing when the expression never fires again', () => {
    expect(fires('0 0 12 * * ? 2026', '2026-12-31T12:00:00Z', 3)).toEqual([]);
    expect(nextFireTime('0 0 12 * * ? 2026', new Date('2027-01-01T00:00:00Z'), 'UTC')).toBeUndefined();
    expect(fires('0 0 0 30 2 ?', '2026-01-01T00:00:00Z', 1)).toEqual([]);
  });

  it('stops after the year 2099', () => {
    expect(fires('0 0 0 1 1 ?', '2098-06-01T00:00:00Z', 3)).toEqual(['2099-01-01T00:00:00Z']);
    expect(fires('0 0 0 29 2 ?', '2096-03-01T00:00:00Z', 1)).toEqual([]);
  });

  it('returns fewer than asked when the years run out', () => {
    expect(fires('0 0 0 1 1 ? 2027-2028', '2026-06-01T00:00:00Z', 5)).toEqual([
      '2027-01-01T00:00:00Z',
      '2028-01-01T00:00:00Z',
    ]);
  });

  it('accepts a parsed expression and returns nothing for count 0', () => {
    const expression = parseCron('0 */15 * * * ?');
    expect(nextFireTime(expression, new Date('2026-01-01T00:07:00Z'), 'UTC')?.toISOString()).toBe(
      '2026-01-01T00:15:00.000Z',
    );
    expect(nextFireTimes(expression, new Date(), 'UTC', 0)).toEqual([]);
  });

  it('rejects an unknown zone, a bad count and an invalid date', () => {
    expect(() => nextFireTimes('0 0 12 * * ?', new Date(), 'Mars/Olympus', 1)).toThrow(UnknownTimeZoneError);
    expect(() => nextFireTimes('0 0 12 * * ?', new Date(), 'UTC', -1)).toThrow(RangeError);
    expect(() => nextFireTimes('0 0 12 * * ?', new Date(), 'UTC', 1.5)).toThrow(RangeError);
    expect(() => nextFireTimes('0 0 12 * * ?', new Date('nonsense'), 'UTC', 1)).toThrow(RangeError);
  });
});

// Expectations computed by Quartz's getTimeAfter on java.util.GregorianCalendar (Java 17).
describe('nextFireTimes: daylight saving as Quartz handles it', () => {
  it('New York spring forward (8 Mar 2026, 02:00 → 03:00): 02:30 does not exist, that day is skipped', () => {
    expect(fires('0 30 2 * * ?', '2026-03-07T12:00:00Z', 2, 'America/New_York')).toEqual([
      '2026-03-09T06:30:00Z',
      '2026-03-10T06:30:00Z',
    ]);
  });

  it('New York spring forward: a half-hourly trigger goes from 01:30 EST to 03:00 EDT', () => {
    expect(fires('0 */30 * * * ?', '2026-03-08T06:00:00Z', 3, 'America/New_York')).toEqual([
      '2026-03-08T06:30:00Z',
      '2026-03-08T07:00:00Z',
      '2026-03-08T07:30:00Z',
    ]);
  });

  it('New York fall back (1 Nov 2026, 02:00 → 01:00): 01:30 fires once, in standard time (the later one)', () => {
    expect(fires('0 30 1 * * ?', '2026-10-31T12:00:00Z', 2, 'America/New_York')).toEqual([
      '2026-11-01T06:30:00Z',
      '2026-11-02T06:30:00Z',
    ]);
  });

  it('New York fall back: the repeated hour is fired only once, in standard time', () => {
    expect(fires('0 */30 * * * ?', '2026-11-01T04:00:00Z', 4, 'America/New_York')).toEqual([
      '2026-11-01T04:30:00Z', // 00:30 EDT
      '2026-11-01T06:00:00Z', // 01:00 EST: 01:00 and 01:30 EDT are not fired
      '2026-11-01T06:30:00Z',
      '2026-11-01T07:00:00Z',
    ]);
    expect(fires('0 0 * * * ?', '2026-11-01T03:30:00Z', 3, 'America/New_York')).toEqual([
      '2026-11-01T04:00:00Z',
      '2026-11-01T06:00:00Z',
      '2026-11-01T07:00:00Z',
    ]);
  });

  it('London: 01:30 is skipped on 29 Mar 2026 and fires once (GMT) on 25 Oct 2026', () => {
    expect(fires('0 30 1 * * ?', '2026-03-28T12:00:00Z', 1, 'Europe/London')).toEqual([
      '2026-03-30T00:30:00Z',
    ]);
    expect(fires('0 30 1 * * ?', '2026-10-24T12:00:00Z', 2, 'Europe/London')).toEqual([
      '2026-10-25T01:30:00Z',
      '2026-10-26T01:30:00Z',
    ]);
  });

  it('Sydney: 02:30 is skipped on 4 Oct 2026 and fires once (AEST) on 5 Apr 2026', () => {
    expect(fires('0 30 2 * * ?', '2026-10-03T00:00:00Z', 1, 'Australia/Sydney')).toEqual([
      '2026-10-04T15:30:00Z',
    ]);
    expect(fires('0 30 2 * * ?', '2026-04-04T00:00:00Z', 1, 'Australia/Sydney')).toEqual([
      '2026-04-04T16:30:00Z',
    ]);
  });

  it('Berlin: every 20 minutes in the 02:00 hour skips 29 Mar 2026', () => {
    expect(fires('0 0/20 2 * * ?', '2026-03-28T12:00:00Z', 4, 'Europe/Berlin')).toEqual([
      '2026-03-30T00:00:00Z',
      '2026-03-30T00:20:00Z',
      '2026-03-30T00:40:00Z',
      '2026-03-31T00:00:00Z',
    ]);
  });
});

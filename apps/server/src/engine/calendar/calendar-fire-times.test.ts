import { describe, expect, it } from 'vitest';
import {
  isTimeIncluded,
  MAX_CALENDAR_CANDIDATES,
  nextFireTimesWithCalendar,
  nextIncludedFireTimes,
  parseCalendar,
} from './index.js';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString().replace('.000Z', 'Z'));
const at = (text: string) => Date.parse(text);

describe('isTimeIncluded', () => {
  it('judges a date-based calendar in its own zone, else the trigger zone (also for a base)', () => {
    const holiday = parseCalendar({ type: 'holiday', dates: ['2026-12-05'], tz: 'Asia/Bangkok' });
    // 2026-12-04T18:00Z is 01:00 on 5 December in Bangkok, still 4 December in New York.
    expect(isTimeIncluded(holiday, at('2026-12-04T18:00:00Z'), 'America/New_York')).toBe(false);
    const plain = parseCalendar({
      type: 'weekly',
      exclude: [],
      tz: 'UTC',
      base: { type: 'holiday', dates: ['2026-12-05'] },
    });
    expect(isTimeIncluded(plain, at('2026-12-04T18:00:00Z'), 'America/New_York')).toBe(true);
    expect(isTimeIncluded(plain, at('2026-12-04T18:00:00Z'), 'Asia/Bangkok')).toBe(false);
  });

  it('excludes both ends of a daily range, local midnight and 23:59:59.999 (Quartz)', () => {
    const daily = parseCalendar({ type: 'daily', from: '08:00', to: '17:00:00.250' });
    expect(isTimeIncluded(daily, at('2026-12-03T07:59:59.999Z'), 'UTC')).toBe(true);
    expect(isTimeIncluded(daily, at('2026-12-03T08:00:00Z'), 'UTC')).toBe(false);
    expect(isTimeIncluded(daily, at('2026-12-03T17:00:00.250Z'), 'UTC')).toBe(false);
    expect(isTimeIncluded(daily, at('2026-12-03T17:00:00.251Z'), 'UTC')).toBe(true);
    expect(isTimeIncluded(daily, at('2026-12-03T00:00:00Z'), 'UTC')).toBe(false);
    expect(isTimeIncluded(daily, at('2026-12-03T00:00:00.001Z'), 'UTC')).toBe(true);
    expect(isTimeIncluded(daily, at('2026-12-03T23:59:59.999Z'), 'UTC')).toBe(false);
    const inverted = parseCalendar({ type: 'daily', from: '00:00', to: '06:00', invert: true });
    expect(isTimeIncluded(inverted, at('2026-12-03T00:00:00Z'), 'UTC')).toBe(true);
    expect(isTimeIncluded(inverted, at('2026-12-03T06:00:00Z'), 'UTC')).toBe(true);
    expect(isTimeIncluded(inverted, at('2026-12-03T06:00:00.001Z'), 'UTC')).toBe(false);
  });

  it('reads annual month-days, 29 February only in leap years', () => {
    const annual = parseCalendar({ type: 'annual', days: ['02-29'] });
    expect(isTimeIncluded(annual, at('2028-02-29T12:00:00Z'), 'UTC')).toBe(false);
    expect(isTimeIncluded(annual, at('2027-03-01T12:00:00Z'), 'UTC')).toBe(true);
  });
});

describe('fire times with a calendar', () => {
  it('skips excluded fire times and keeps the others', () => {
    const calendar = parseCalendar({
      type: 'weekly',
      exclude: ['SAT', 'SUN'],
      base: { type: 'holiday', dates: ['2026-12-07'] },
    });
    const fires = nextFireTimesWithCalendar(
      '0 0 9 * * ?',
      new Date('2026-12-03T00:00:00Z'),
      'Asia/Bangkok',
      4,
      calendar,
    );
    expect(iso(fires)).toEqual([
      '2026-12-03T02:00:00Z',
      '2026-12-04T02:00:00Z',
      '2026-12-08T02:00:00Z',
      '2026-12-09T02:00:00Z',
    ]);
  });

  it('a monthly calendar of the 31st: fires on the 30th and the 1st', () => {
    const calendar = parseCalendar({ type: 'monthly', exclude: [31] });
    const fires = nextFireTimesWithCalendar(
      '0 0 12 L * ?',
      new Date('2026-12-01T00:00:00Z'),
      'UTC',
      2,
      calendar,
    );
    expect(iso(fires)).toEqual(['2027-02-28T12:00:00Z', '2027-04-30T12:00:00Z']);
  });

  it('gives up after the last year when everything is excluded, without spinning', () => {
    const calendar = parseCalendar({ type: 'daily', from: '00:00:00.001', to: '23:59:59.998' });
    const started = performance.now();
    const result = nextIncludedFireTimes(
      '0 * * * * ?',
      new Date('2026-01-01T00:00:00Z'),
      'Europe/Berlin',
      3,
      calendar,
    );
    expect(result).toEqual({ fireTimes: [], capped: false });
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it(`stops after ${MAX_CALENDAR_CANDIDATES} candidates a cron calendar excludes one by one`, () => {
    const calendar = parseCalendar({ type: 'cron', expression: '* * * * * ?' });
    const result = nextIncludedFireTimes('* * * * * ?', new Date('2026-01-01T00:00:00Z'), 'UTC', 1, calendar);
    expect(result).toEqual({ fireTimes: [], capped: true });
  });

  it('never fires when a weekly calendar excludes all seven days', () => {
    const calendar = parseCalendar({
      type: 'holiday',
      dates: [],
      base: { type: 'weekly', exclude: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
    });
    expect(
      nextIncludedFireTimes('* * * * * ?', new Date('2026-01-01T00:00:00Z'), 'UTC', 5, calendar),
    ).toEqual({ fireTimes: [], capped: false });
  });
});

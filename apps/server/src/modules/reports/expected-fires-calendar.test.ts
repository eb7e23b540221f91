import { describe, expect, it } from 'vitest';
import { parsedCalendar } from '../../engine/scheduler/trigger-calendar.js';
import type { TriggerCalendar } from '../../engine/scheduler/trigger-calendar.repository.js';
import { ExpectedFiresCache } from './expected-fires-cache.js';
import { expectedFires } from './expected-fires.js';

const TZ = 'Asia/Bangkok';
const day = (date: string) => {
  const dayStart = Date.parse(`${date}T00:00:00+07:00`);
  return { dayStart, dayEnd: dayStart + 86_400_000, now: dayStart + 86_400_000 };
};
const calendar = (definition: unknown): TriggerCalendar => {
  const { calendar: parsed, id } = parsedCalendar(JSON.stringify(definition));
  return parsed ? { calendar: parsed, id } : 'unreadable';
};
const HOLIDAY = calendar({ type: 'holiday', dates: ['2026-12-07'] });
const OFFICE = calendar({ type: 'daily', from: '08:00', to: '17:00', invert: true });

describe('expectedFires with the triggers’ calendars (issue 34)', () => {
  it('expects nothing on a day the calendar excludes, and every fire the day after', () => {
    expect(expectedFires('0 0 9 * * ?', day('2026-12-07'), TZ, 5, [HOLIDAY])).toEqual({
      due: [],
      dayCount: 0,
      day: [],
      invalid: [],
    });
    expect(expectedFires('0 0 9 * * ?', day('2026-12-08'), TZ, 5, [HOLIDAY]).dayCount).toBe(1);
  });

  it('leaves out the times of day it excludes; each calendar goes with its trigger, blanks skipped', () => {
    const fires = expectedFires('0 0 * * * ?| |0 30 7 * * ?', day('2026-12-08'), TZ, 30, [OFFICE, undefined]);
    // 08:00 … 17:00 of the hourly trigger (both ends included), and 07:30 of the second (no calendar).
    expect(fires.dayCount).toBe(11);
    expect(fires.day[0]).toBe(Date.parse('2026-12-08T07:30:00+07:00'));
    expect(fires.day[1]).toBe(Date.parse('2026-12-08T08:00:00+07:00'));
    expect(fires.day.at(-1)).toBe(Date.parse('2026-12-08T17:00:00+07:00'));
    // A calendar the core refuses: that trigger expects nothing (the scheduler never fires it).
    expect(expectedFires('0 0 9 * * ?', day('2026-12-08'), TZ, 0, ['unreadable']).dayCount).toBe(0);
  });

  it('is cached per calendar: the same schedule with another calendar is another entry', () => {
    const cache = new ExpectedFiresCache();
    const window = {
      from: day('2026-12-07').dayStart,
      dayEnd: day('2026-12-07').dayEnd,
      now: day('2026-12-07').dayEnd,
    };
    expect(cache.get('0 0 9 * * ?', window, TZ).dayCount).toBe(1);
    expect(cache.get('0 0 9 * * ?', window, TZ, [HOLIDAY]).dayCount).toBe(0);
    expect(
      cache.get('0 0 9 * * ?', window, TZ, [calendar({ type: 'holiday', dates: ['2026-12-08'] })]).dayCount,
    ).toBe(1);
  });

  it('expects a business-day rule’s fires only: nth on its day of the month, shift on the day after', () => {
    const bank = calendar({
      type: 'weekly',
      exclude: ['SAT', 'SUN'],
      base: { type: 'holiday', dates: ['2026-12-07'] },
    });
    if (bank === undefined || bank === 'unreadable') throw new Error('the calendar should parse');
    const third: TriggerCalendar = { ...bank, rule: { rule: 'nth', n: 3 } };
    // December 2026 in Bangkok: 1, 2, 3 are Tuesday to Thursday — the 3rd business day is the 3rd.
    expect(expectedFires('0 0 9 * * ?', day('2026-12-03'), TZ, 5, [third]).dayCount).toBe(1);
    expect(expectedFires('0 0 9 * * ?', day('2026-12-04'), TZ, 5, [third]).dayCount).toBe(0);
    expect(expectedFires('0 0 9 * * ?', day('2026-12-04'), TZ, 5, [bank]).dayCount).toBe(1);
    // Mondays at 09:00: Monday the 7th is a holiday, the fire moves to Tuesday the 8th.
    const shifted: TriggerCalendar = { ...bank, rule: { rule: 'shift', to: 'next' } };
    expect(expectedFires('0 0 9 ? * MON', day('2026-12-07'), TZ, 5, [shifted]).dayCount).toBe(0);
    expect(expectedFires('0 0 9 ? * MON', day('2026-12-08'), TZ, 5, [shifted]).day).toEqual([
      Date.parse('2026-12-08T09:00:00+07:00'),
    ]);
    // The cache keys the rule too.
    const cache = new ExpectedFiresCache();
    const window = {
      from: day('2026-12-04').dayStart,
      dayEnd: day('2026-12-04').dayEnd,
      now: day('2026-12-04').dayEnd,
    };
    expect(cache.get('0 0 9 * * ?', window, TZ, [bank]).dayCount).toBe(1);
    expect(cache.get('0 0 9 * * ?', window, TZ, [third]).dayCount).toBe(0);
  });
});

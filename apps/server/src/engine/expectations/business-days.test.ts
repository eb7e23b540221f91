import { describe, expect, it } from 'vitest';
import { parsedCalendar } from '../scheduler/trigger-calendar.js';
import { businessDays, type PlannedTrigger } from './business-days.js';
import { addDays, dayOfInstant, deadlineOf, minuteOfDay } from './expectation-days.js';

const TZ = 'Asia/Bangkok';
const calendarOf = (definition: object) => {
  const { calendar, id } = parsedCalendar(JSON.stringify(definition));
  if (!calendar) throw new Error('unreadable test calendar');
  return { calendar, id };
};
const trigger = (expression: string, calendar: PlannedTrigger['calendar'] = undefined): PlannedTrigger => ({
  expression,
  timeZone: TZ,
  calendar,
});

describe('the business days of a job (its triggers and their calendars)', () => {
  it('a daily trigger: every day; its holiday calendar takes the holiday out', () => {
    expect(businessDays([trigger('0 0 9 * * ?')], '2026-12-05', '2026-12-09', TZ)).toEqual([
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
    const holidays = calendarOf({ type: 'holiday', dates: ['2026-12-07'] });
    expect(businessDays([trigger('0 0 9 * * ?', holidays)], '2026-12-05', '2026-12-09', TZ)).toEqual([
      '2026-12-05',
      '2026-12-06',
      '2026-12-08',
      '2026-12-09',
    ]);
  });

  it('weekdays only, and two triggers add their days up (each day once)', () => {
    // 2026-12-05 is a Saturday.
    expect(businessDays([trigger('0 0 9 ? * MON-FRI')], '2026-12-05', '2026-12-09', TZ)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
    expect(
      businessDays(
        [trigger('0 0 9 ? * MON-FRI'), trigger('0 0/30 * ? * SAT'), trigger('0 0 10 ? * MON')],
        '2026-12-05',
        '2026-12-09',
        TZ,
      ),
    ).toEqual(['2026-12-05', '2026-12-07', '2026-12-08', '2026-12-09']);
  });

  it('a fire just before midnight counts for its own day, in the zone', () => {
    expect(businessDays([trigger('0 59 23 7 12 ?')], '2026-12-06', '2026-12-09', TZ)).toEqual(['2026-12-07']);
  });

  it('a business-day rule: the nth business day of the month, a fire shifted off a holiday', () => {
    const weekdays = calendarOf({ type: 'weekly', exclude: ['SAT', 'SUN'] });
    // 1 December 2026 is a Tuesday: the month's first business day; November's (the 2nd) is outside.
    expect(
      businessDays(
        [trigger('0 0 9 * * ?', { ...weekdays, rule: { rule: 'nth', n: 1 } })],
        '2026-11-25',
        '2026-12-10',
        TZ,
      ),
    ).toEqual(['2026-12-01']);
    // Mondays at 09:00; Monday 7 December is a holiday: the fire moves to Tuesday the 8th.
    const holiday = calendarOf({ type: 'holiday', dates: ['2026-12-07'] });
    expect(
      businessDays(
        [trigger('0 0 9 ? * MON', { ...holiday, rule: { rule: 'shift', to: 'next' } })],
        '2026-11-30',
        '2026-12-14',
        TZ,
      ),
    ).toEqual(['2026-11-30', '2026-12-08', '2026-12-14']);
  });

  it('an unreadable calendar, an invalid expression or a calendar that excludes every day: no business day', () => {
    expect(businessDays([trigger('0 0 9 * * ?', 'unreadable')], '2026-12-05', '2026-12-09', TZ)).toEqual([]);
    expect(businessDays([trigger('not a cron')], '2026-12-05', '2026-12-09', TZ)).toEqual([]);
    const weekly = calendarOf({ type: 'weekly', exclude: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] });
    expect(businessDays([trigger('0 0 9 * * ?', weekly)], '2026-12-05', '2026-12-09', TZ)).toEqual([]);
  });
});

describe('days and deadlines in the zone', () => {
  it('HH:MM of a day, and the warning before it', () => {
    const { deadlineAt, warnAt } = deadlineOf('2026-12-07', '09:30', 30, TZ);
    expect(new Date(deadlineAt).toISOString()).toBe('2026-12-07T02:30:00.000Z');
    expect(deadlineAt - warnAt).toBe(30 * 60_000);
    expect(dayOfInstant(Date.parse('2026-12-06T17:00:00Z'), TZ)).toBe('2026-12-07');
    expect(dayOfInstant(Date.parse('2026-12-06T16:59:59Z'), TZ)).toBe('2026-12-06');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('a deadline in a spring-forward gap is read as Quartz reads it (forward); not HH:MM is refused', () => {
    const { deadlineAt } = deadlineOf('2026-03-08', '02:30', 0, 'America/New_York');
    expect(new Date(deadlineAt).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(minuteOfDay('24:00')).toBeUndefined();
    expect(minuteOfDay('9:30')).toBeUndefined();
    expect(() => deadlineOf('2026-12-07', '9:30', 0, TZ)).toThrow(RangeError);
  });
});

import { CALENDAR_MAX_DEPTH } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { CalendarDefinitionError, parseCalendar } from './index.js';

function refusal(value: unknown): string {
  try {
    parseCalendar(value);
  } catch (error) {
    expect(error).toBeInstanceOf(CalendarDefinitionError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('parseCalendar', () => {
  it('reads every type, with tz and base', () => {
    const calendar = parseCalendar({
      type: 'daily',
      from: '8:00',
      to: '17:00:30.5',
      invert: true,
      tz: 'Europe/Berlin',
      base: {
        type: 'annual',
        days: ['02-29', '12-31'],
        base: { type: 'monthly', exclude: [31], base: { type: 'cron', expression: '0 * * ? * *' } },
      },
    });
    expect(calendar).toMatchObject({
      kind: 'daily',
      fromMs: 8 * 3_600_000,
      toMs: 17 * 3_600_000 + 30_500,
      invert: true,
      timeZone: 'Europe/Berlin',
    });
    expect(calendar.base).toMatchObject({
      kind: 'annual',
      timeZone: undefined,
      monthDays: new Set([229, 1231]),
    });
    expect(calendar.base?.base?.base?.kind).toBe('cron');
    expect(parseCalendar({ type: 'weekly', exclude: [] })).toMatchObject({
      kind: 'weekly',
      weekdays: new Set(),
    });
    expect(parseCalendar({ type: 'weekly', exclude: ['SUN', 'SAT'] })).toMatchObject({
      weekdays: new Set([1, 7]),
    });
    expect(parseCalendar({ type: 'holiday', dates: ['2028-02-29'] })).toMatchObject({
      days: [Date.UTC(2028, 1, 29) / 86_400_000],
    });
  });

  it.each([
    [
      { type: 'holiday', dates: ['2026-12-05', '2026-12-10', '2026-02-30'] },
      'dates[2]: 2026-02-30 is not a day',
    ],
    [
      { type: 'weekly', exclude: [], base: { type: 'holiday', dates: ['2027-02-29'] } },
      'base.dates[0]: 2027-02-29 is not a day',
    ],
    [{ type: 'annual', days: ['04-31'] }, 'days[0]: 04-31 is not a day of any year'],
    [{ type: 'annual', days: ['13-01'] }, 'days[0]: 13-01 is not a day of any year'],
    [{ type: 'weekly', exclude: ['SAT', 'SAT'] }, 'exclude[1]: SAT is listed twice'],
    [{ type: 'weekly', exclude: ['sat'] }, 'exclude[0]: expected one of SUN, MON, TUE, WED, THU, FRI, SAT'],
    [{ type: 'monthly', exclude: [0] }, 'exclude[0]: expected a day of the month from 1 to 31'],
    [{ type: 'daily', from: '22:00', to: '06:00' }, 'to: the range must end after it starts'],
    [{ type: 'daily', from: '08:00', to: '08:00' }, 'to: the range must end after it starts'],
    [{ type: 'daily', from: '08:00', to: '24:00' }, 'to: invalid hour of day 24'],
    [{ type: 'daily', from: '08:60', to: '09:00' }, 'from: invalid minute 60'],
    [{ type: 'daily', from: '08:00:60', to: '09:00' }, 'from: invalid second 60'],
    [{ type: 'daily', from: '08:00', to: '9' }, 'to: expected a time of day'],
    [{ type: 'cron', expression: '0 0 25 * * ?' }, 'expression: '],
    [
      { type: 'cron', expression: '0 0 12 * * ?', tz: 'Asia/Nowhere' },
      'tz: unknown time zone "Asia/Nowhere"',
    ],
    [{ type: 'holiday', dates: [], when: 1 }, 'when: unknown property of a holiday calendar'],
    [{ type: 'fortnightly' }, 'type: expected one of holiday, annual, weekly, monthly, daily, cron'],
    [[], 'expected a calendar object'],
    [{ type: 'holiday', dates: [], base: 'x' }, 'base: expected a calendar object'],
    [{ type: 'holiday', dates: '2026-12-05' }, 'dates: expected a list'],
  ])('refuses %j', (value, message) => {
    expect(refusal(value)).toContain(message);
  });

  it(`refuses bases nested more than ${CALENDAR_MAX_DEPTH} deep, and accepts ${CALENDAR_MAX_DEPTH}`, () => {
    const chain = (depth: number): unknown =>
      depth === 1 ? { type: 'weekly', exclude: [] } : { type: 'weekly', exclude: [], base: chain(depth - 1) };
    expect(() => parseCalendar(chain(CALENDAR_MAX_DEPTH))).not.toThrow();
    expect(refusal(chain(CALENDAR_MAX_DEPTH + 1))).toContain(`nest more than ${CALENDAR_MAX_DEPTH}`);
  });

  it('refuses more entries than the schema allows', () => {
    const dates = Array.from({ length: 1001 }, () => '2026-01-01');
    expect(refusal({ type: 'holiday', dates })).toContain('dates: at most 1000 entries');
  });
});

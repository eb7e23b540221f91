import { describe, expect, it } from 'vitest';
import { parseCron } from '../cron/index.js';
import {
  BusinessDayRuleError,
  businessDayRuleProblem,
  findRuleFire,
  nextRuleFireAfter,
  nextRuleFireTimes,
  parseCalendar,
  ruleFiresAt,
} from './index.js';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString().replace('.000Z', 'Z'));
const at = (text: string) => Date.parse(text);

/** Bangkok's December 2026: weekends, 7 and 10 December, 31 December off. */
const thaiBank = parseCalendar({
  type: 'weekly',
  exclude: ['SAT', 'SUN'],
  base: { type: 'holiday', dates: ['2026-12-07', '2026-12-10', '2026-12-31'] },
});

describe('nth business day', () => {
  it('fires on the 3rd and on the last business day of each month, at the cron time', () => {
    const from = new Date('2026-11-30T17:00:00Z'); // 1 December 00:00 in Bangkok
    const third = nextRuleFireTimes('0 0 9 * * ?', from, 'Asia/Bangkok', 2, thaiBank, { rule: 'nth', n: 3 });
    // 1, 2, 3 December (Tue–Thu); January 2027: 1 (Fri), 4, 5.
    expect(iso(third.fireTimes)).toEqual(['2026-12-03T02:00:00Z', '2027-01-05T02:00:00Z']);
    const last = nextRuleFireTimes('0 0 9 * * ?', from, 'Asia/Bangkok', 2, thaiBank, { rule: 'nth', n: -1 });
    // 31 December is a holiday: the 30th; January's last weekday is Friday the 29th.
    expect(iso(last.fireTimes)).toEqual(['2026-12-30T02:00:00Z', '2027-01-29T02:00:00Z']);
    expect(last.capped).toBe(false);
  });

  it('counts business days per time of day: a calendar in another zone can make them differ', () => {
    // 1 December in Los Angeles: 08:30 Bangkok that day is still 30 November there, 17:30 is not.
    const holiday = parseCalendar({ type: 'holiday', dates: ['2026-12-01'], tz: 'America/Los_Angeles' });
    const fires = nextRuleFireTimes(
      '0 30 8,17 * * ?',
      new Date('2026-11-30T17:00:00Z'),
      'Asia/Bangkok',
      2,
      holiday,
      {
        rule: 'nth',
        n: 1,
      },
    );
    expect(iso(fires.fireTimes)).toEqual(['2026-12-01T01:30:00Z', '2026-12-02T10:30:00Z']);
  });

  it('fires only on the n-th day (ruleFiresAt, the firing pass check)', () => {
    const cron = parseCron('0 0 9 * * ?');
    const rule = { rule: 'nth', n: 3 } as const;
    expect(ruleFiresAt(cron, at('2026-12-03T02:00:00Z'), 'Asia/Bangkok', thaiBank, rule)).toBe(true);
    expect(ruleFiresAt(cron, at('2026-12-04T02:00:00Z'), 'Asia/Bangkok', thaiBank, rule)).toBe(false);
    expect(ruleFiresAt(cron, at('2026-12-03T02:00:01Z'), 'Asia/Bangkok', thaiBank, rule)).toBe(false);
  });

  it('refuses a cron whose day fields are not * or ?', () => {
    const cron = parseCron('0 0 9 ? * MON-FRI');
    expect(businessDayRuleProblem({ rule: 'nth', n: 1 }, cron)).toBe(
      'nth=1 needs * or ? in the day-of-month and day-of-week fields (got ? and MON-FRI)',
    );
    expect(businessDayRuleProblem({ rule: 'shift', to: 'next' }, cron)).toBeUndefined();
    expect(businessDayRuleProblem({ rule: 'nth', n: -2 }, parseCron('0 0 9 * * ?'))).toBeUndefined();
    expect(() => nextRuleFireAfter(cron, 0, 'UTC', thaiBank, { rule: 'nth', n: 1 })).toThrow(
      BusinessDayRuleError,
    );
  });
});

describe('shift to the next or previous business day', () => {
  it('moves a Friday report over a long weekend, and back', () => {
    // Friday 4 December is a holiday, Monday 7 December too.
    const calendar = parseCalendar({
      type: 'weekly',
      exclude: ['SAT', 'SUN'],
      base: { type: 'holiday', dates: ['2026-12-04', '2026-12-07'] },
    });
    const from = new Date('2026-11-30T00:00:00Z');
    const next = nextRuleFireTimes('0 0 9 ? * FRI', from, 'Asia/Bangkok', 2, calendar, {
      rule: 'shift',
      to: 'next',
    });
    expect(iso(next.fireTimes)).toEqual(['2026-12-08T02:00:00Z', '2026-12-11T02:00:00Z']);
    const previous = nextRuleFireTimes('0 0 9 ? * FRI', from, 'Asia/Bangkok', 2, calendar, {
      rule: 'shift',
      to: 'previous',
    });
    expect(iso(previous.fireTimes)).toEqual(['2026-12-03T02:00:00Z', '2026-12-11T02:00:00Z']);
  });

  it('fires once where shifted fires land on one instant', () => {
    const weekdays = parseCalendar({ type: 'weekly', exclude: ['SAT', 'SUN'] });
    // Friday 4, Saturday 5, Sunday 6 and Monday 7 December at 09:00: Saturday's and Sunday's land on Monday's.
    const fires = nextRuleFireTimes(
      '0 0 9 * * ?',
      new Date('2026-12-04T00:00:00Z'),
      'Asia/Bangkok',
      3,
      weekdays,
      {
        rule: 'shift',
        to: 'next',
      },
    );
    expect(iso(fires.fireTimes)).toEqual([
      '2026-12-04T02:00:00Z',
      '2026-12-07T02:00:00Z',
      '2026-12-08T02:00:00Z',
    ]);
  });

  it('keeps the wall time over a daylight-saving change (Berlin)', () => {
    const calendar = parseCalendar({
      type: 'weekly',
      exclude: ['SAT', 'SUN'],
      base: { type: 'holiday', dates: ['2026-03-27'] },
    });
    // Friday 27 March 09:00 CET (08:00Z) moves over the change (Sunday 29th) to Monday 30 March 09:00 CEST (07:00Z).
    const fires = nextRuleFireTimes(
      '0 0 9 ? * FRI',
      new Date('2026-03-26T00:00:00Z'),
      'Europe/Berlin',
      1,
      calendar,
      {
        rule: 'shift',
        to: 'next',
      },
    );
    expect(iso(fires.fireTimes)).toEqual(['2026-03-30T07:00:00Z']);
  });
});

describe('the bound', () => {
  it('answers at once for a calendar that excludes everything', () => {
    const never = parseCalendar({
      type: 'weekly',
      exclude: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
    });
    const cron = parseCron('0 * * * * ?');
    expect(
      nextRuleFireAfter(cron, at('2026-01-01T00:00:00Z'), 'UTC', never, { rule: 'nth', n: 1 }),
    ).toBeUndefined();
    expect(
      nextRuleFireAfter(cron, at('2026-01-01T00:00:00Z'), 'UTC', never, { rule: 'shift', to: 'next' }),
    ).toBeUndefined();
  });

  it('stops at MAX_CALENDAR_CANDIDATES when nothing fires for long, and says where to go on', () => {
    const dates = Array.from(
      { length: 1000 },
      (_, day) => new Date(at('2026-01-01T00:00:00Z') + day * 86_400_000),
    );
    const holidays = parseCalendar({
      type: 'holiday',
      dates: dates.map((date) => date.toISOString().slice(0, 10)),
    });
    const everyMinute = parseCron('0 * * * * ?');
    for (const rule of [{ rule: 'nth', n: 1 } as const, { rule: 'shift', to: 'next' } as const]) {
      const found = findRuleFire(everyMinute, at('2026-01-10T00:00:00Z'), 'UTC', holidays, rule);
      expect(found.kind).toBe('capped');
      // 1 ms before the start of a month the search did not reach: never a fire time.
      if (found.kind === 'capped')
        expect(new Date(found.resumeAfter + 1).toISOString()).toMatch(/-01T00:00:00.000Z$/);
    }
    // A daily cron goes on month after month: the holidays end on 26 September 2028, so the first
    // business day of that month is the 27th.
    const daily = nextRuleFireTimes('0 0 9 * * ?', new Date('2026-01-10T00:00:00Z'), 'UTC', 1, holidays, {
      rule: 'nth',
      n: 1,
    });
    expect(iso(daily.fireTimes)).toEqual(['2028-09-27T09:00:00Z']);
  });
});

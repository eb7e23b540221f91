import type { BusinessDayRule, CalendarDefinition } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { nextRuleFireTimes, parseCalendar, ruleFiresAt } from './index.js';
import { parseCron } from '../cron/index.js';
import { cronFiresBetween, instantOf, oracleRuleFires } from './business-day-test-support.js';

/*
 * The business-day rules against a brute-force reading of their definition (business-day-test-support):
 * seeded random cases — zones with and without daylight saving, months of 28 to 31 days, holidays in
 * runs (long weekends), weekly, daily, annual, monthly and chained calendars, nth 1 … 23 and −1 … −23,
 * shift next and previous — each compared over three whole months and from random instants inside.
 * LIS_BUSINESS_DAY_SEED repeats another seed.
 */

const SEED = Number(process.env.LIS_BUSINESS_DAY_SEED ?? 34);
const CASES = 140;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ['Asia/Bangkok', 'Europe/Berlin', 'America/New_York'];
/** Every day field `*` or `?`: for nth and shift alike. */
const DAILY = [
  '0 0 9 * * ?',
  '0 30 8,17 * * ?',
  '0 30 2 * * ?',
  '0 30 1 * * ?',
  '0 0 0 * * ?',
  '0 0 */6 * * ?',
  '0 45 23 ? * *',
  '0 0 12 * 2,3,10,11 ?',
  '0 15 2,3 * * ?',
];
/** Days restricted: shift only. */
const RESTRICTED = [
  '0 0 9 ? * MON-FRI',
  '0 0 9 1 * ?',
  '0 0 9 L * ?',
  '0 30 2 ? * SUN',
  '0 0 18 ? * 6L',
  '0 0 9 15W * ?',
  '0 0 10 ? * 2#1',
];
const NTHS = [1, 2, 3, 5, 23, -1, -2, -3, -23];

type Pick = <T>(list: readonly T[]) => T;

function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** A random calendar around the months [year-month, +3): holidays in runs, weekly, daily, chains. */
function randomCalendar(next: () => number, pick: Pick, year: number, month: number): CalendarDefinition {
  const kind = pick(['holiday', 'holiday', 'weekly', 'daily', 'annual', 'monthly', 'chain', 'chain', 'all']);
  const holidays = (): string[] => {
    const dates = new Set<string>();
    for (let run = 0; run < 3 + Math.floor(next() * 6); run++) {
      const start = Math.floor(next() * 110) - 10;
      const length = 1 + Math.floor(next() * (next() < 0.2 ? 12 : 4));
      for (let day = 0; day < length; day++) dates.add(isoDate(year, month, 1 + start + day));
    }
    // Often the last days of a month, to move the last business day.
    if (next() < 0.5) dates.add(isoDate(year, month + 1 + Math.floor(next() * 2), 0));
    return [...dates].sort();
  };
  const tz = next() < 0.2 ? { tz: pick(['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) } : {};
  switch (kind) {
    case 'holiday':
      return { type: 'holiday', dates: holidays(), ...tz };
    case 'weekly':
      return { type: 'weekly', exclude: next() < 0.7 ? ['SAT', 'SUN'] : ['FRI', 'MON'], ...tz };
    case 'daily':
      return next() < 0.5
        ? { type: 'daily', from: pick(['08:00', '09:00', '02:00']), to: pick(['17:30', '12:00']), ...tz }
        : { type: 'daily', from: '06:00', to: pick(['22:00', '18:00:30']), invert: true, ...tz };
    case 'annual':
      return {
        type: 'annual',
        days: [`${String(month).padStart(2, '0')}-0${1 + Math.floor(next() * 9)}`, '12-25', '01-01', '03-31'],
      };
    case 'monthly':
      return { type: 'monthly', exclude: [1, 15, 28, 29, 30, 31].filter(() => next() < 0.5) };
    case 'chain':
      return {
        type: 'weekly',
        exclude: ['SAT', 'SUN'],
        base:
          next() < 0.7
            ? { type: 'holiday', dates: holidays(), ...tz }
            : { type: 'daily', from: '08:00', to: '08:59' },
      };
    default: {
      // Every day of the searched span excluded: the bounded search finds nothing, and never spins.
      const dates: string[] = [];
      for (let day = -70; day < 170; day++) dates.push(isoDate(year, month, 1 + day));
      return { type: 'holiday', dates };
    }
  }
}

interface Case {
  name: string;
  zone: string;
  expression: string;
  calendar: CalendarDefinition;
  rule: BusinessDayRule;
  year: number;
  month: number;
}

function cases(): Case[] {
  const next = random(SEED);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)] as (typeof list)[number];
  const out: Case[] = [];
  for (let index = 0; index < CASES; index++) {
    const zone = pick(ZONES);
    const year = pick([2024, 2026, 2027]);
    // Often the months of daylight-saving changes (March, October, November) and February.
    const month = next() < 0.6 ? pick([2, 3, 10, 11]) : 1 + Math.floor(next() * 12);
    const rule: BusinessDayRule =
      next() < 0.5
        ? { rule: 'nth', n: pick(NTHS) }
        : { rule: 'shift', to: next() < 0.5 ? 'next' : 'previous' };
    // A shift of a cron firing every day mostly lands on that day's own fire: shifts get more days-restricted.
    const expression = rule.rule === 'nth' || next() < 0.25 ? pick(DAILY) : pick(RESTRICTED);
    const calendar = randomCalendar(next, pick, year, month);
    const what = rule.rule === 'nth' ? `nth=${rule.n}` : `shift=${rule.to}`;
    out.push({
      name: `${index} ${zone} ${year}-${month} ${what} "${expression}" ${calendar.type}`,
      zone,
      expression,
      calendar,
      rule,
      year,
      month,
    });
  }
  return out;
}

function run(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, day) =>
    new Date(Date.parse(from) + day * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Edges random cases seldom reach, compared with the definition in the same way. */
const HAND_PICKED: Case[] = [
  // Shifted onto a spring-forward day whose 02:30 does not exist: on to the day after (once).
  ...['Europe/Berlin', 'America/New_York'].map((zone): Case => ({
    name: `shift=next onto the spring-forward day in ${zone}`,
    zone,
    expression: '0 30 2 * * ?',
    calendar: {
      type: 'holiday',
      dates: zone === 'Europe/Berlin' ? ['2026-03-28', '2026-03-30'] : ['2026-03-07', '2026-03-09'],
    },
    rule: { rule: 'shift', to: 'next' },
    year: 2026,
    month: 3,
  })),
  {
    name: 'shift=previous onto the spring-forward day (Berlin, 02:15 and 03:15)',
    zone: 'Europe/Berlin',
    expression: '0 15 2,3 ? * MON',
    calendar: { type: 'holiday', dates: ['2026-03-30'] },
    rule: { rule: 'shift', to: 'previous' },
    year: 2026,
    month: 3,
  },
  {
    name: 'shift=next from 31 January over all of February into March (two months on)',
    zone: 'Asia/Bangkok',
    expression: '0 0 9 31 1 ?',
    calendar: { type: 'holiday', dates: run('2027-01-31', 29) },
    rule: { rule: 'shift', to: 'next' },
    year: 2027,
    month: 1,
  },
  {
    name: 'shift=previous from 1 March over all of February into January (two months back)',
    zone: 'America/New_York',
    expression: '0 0 9 1 3 ?',
    calendar: { type: 'holiday', dates: run('2027-02-01', 29) },
    rule: { rule: 'shift', to: 'previous' },
    year: 2027,
    month: 1,
  },
  ...[31, 32].flatMap((days): Case[] => [
    {
      name: `shift=next over ${days} excluded days (${days > 31 ? 'too far: dropped' : 'the farthest'})`,
      zone: 'Europe/Berlin',
      expression: '0 0 9 1 5 ?',
      calendar: { type: 'holiday', dates: run('2026-05-01', days) },
      rule: { rule: 'shift', to: 'next' },
      year: 2026,
      month: 5,
    },
    {
      name: `shift=previous over ${days} excluded days (${days > 31 ? 'too far: dropped' : 'the farthest'})`,
      zone: 'Asia/Bangkok',
      expression: '0 0 9 30 6 ?',
      calendar: { type: 'holiday', dates: run(days > 31 ? '2026-05-30' : '2026-05-31', days) },
      rule: { rule: 'shift', to: 'previous' },
      year: 2026,
      month: 5,
    },
  ]),
  {
    name: 'nth=-1 across the fall-back overlap (New York, 01:30 fires once)',
    zone: 'America/New_York',
    expression: '0 30 1 * * ?',
    calendar: { type: 'holiday', dates: ['2026-11-30', '2026-10-31'] },
    rule: { rule: 'nth', n: -1 },
    year: 2026,
    month: 10,
  },
];

const monthStart = (year: number, month: number, zone: string) => {
  const date = isoDate(year, month, 1);
  const at = instantOf(date, '00:00:00', zone);
  if (at === undefined) throw new Error(`no midnight on ${date} in ${zone}`);
  return at;
};

/** What the cases covered (checked last, so the comparison cannot go vacuous unnoticed). */
const seen = { withFires: 0, nthWithFires: 0, shiftMoved: 0, emptyOrCapped: 0 };

describe(`business-day rules against the definition (seed ${SEED})`, () => {
  it.each([...HAND_PICKED, ...cases()].map((c) => [c.name, c]))('%s', (_name, c) => {
    const calendar = parseCalendar(c.calendar);
    const from = monthStart(c.year, c.month, c.zone) - 1;
    const to = monthStart(c.year, c.month + 3, c.zone) - 1;
    // Enough cron fire times on either side for every shift landing in (from, to].
    const expected = oracleRuleFires(
      c.expression,
      monthStart(c.year, c.month - 2, c.zone) - 1,
      monthStart(c.year, c.month + 5, c.zone),
      c.zone,
      calendar,
      c.rule,
    ).filter((at) => at > from && at <= to);
    const found = nextRuleFireTimes(
      c.expression,
      new Date(from),
      c.zone,
      expected.length + 1,
      calendar,
      c.rule,
    );
    // A search may stop at the bound (a wall time the calendar excludes on every day) only after the
    // expected fires: the list below must still be complete.
    const within = found.fireTimes.map((date) => date.getTime()).filter((at) => at <= to);
    expect(within.map((at) => new Date(at).toISOString())).toEqual(
      expected.map((at) => new Date(at).toISOString()),
    );
    const cronFires = new Set(cronFiresBetween(c.expression, from, to, c.zone));
    if (expected.length > 0) seen.withFires += 1;
    else seen.emptyOrCapped += 1;
    if (c.rule.rule === 'nth' && expected.length > 0) seen.nthWithFires += 1;
    if (c.rule.rule === 'shift' && expected.some((at) => !cronFires.has(at))) seen.shiftMoved += 1;
    // From instants inside the months too (a search starts mid-month), and each fire is one.
    const expression = parseCron(c.expression);
    for (const after of [from + (to - from) / 3, from + ((to - from) * 2) / 3].map(Math.floor)) {
      const first = nextRuleFireTimes(expression, new Date(after), c.zone, 1, calendar, c.rule).fireTimes[0];
      const want = expected.find((at) => at > after);
      if (want !== undefined) expect(first?.toISOString()).toBe(new Date(want).toISOString());
    }
    // The firing pass's check: true exactly at the rule's fire times.
    const fires = new Set(expected);
    for (const at of new Set([...expected, ...cronFires]))
      expect(ruleFiresAt(expression, at, c.zone, calendar, c.rule)).toBe(fires.has(at));
  });

  it('covered fires, nth months and moved fires', () => {
    expect(seen.withFires).toBeGreaterThan(CASES * 0.6);
    expect(seen.nthWithFires).toBeGreaterThan(CASES * 0.25);
    expect(seen.shiftMoved).toBeGreaterThan(CASES * 0.08);
    expect(seen.emptyOrCapped).toBeGreaterThan(0);
  });
});

/**
 * The cases LIS's calendars are checked with against real Quartz 2.3.2 (issue 34): hand-picked edges and
 * a seeded random set. A case is what `lis cron next --calendar` takes; Quartz's answer is added by
 * run-quartz.ts.
 */

export interface CalendarCase {
  id: string;
  expr: string;
  tz: string;
  from: string;
  count: number;
  calendar: Record<string, unknown>;
}

const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Bangkok',
  'UTC',
  'Australia/Sydney',
  'America/Santiago',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
];
const DST_ZONES = ['Europe/Berlin', 'America/New_York'];
const TRIGGERS = [
  '0 0 9 * * ?',
  '0 30 2 * * ?',
  '0 0 * * * ?',
  '0 */15 * * * ?',
  '0 0 0 * * ?',
  '0 0 12 L * ?',
  '0 0 8 ? * MON-FRI',
  '0 0 1 29 2 ?',
  '0 0 10 31 * ?',
  '0 0 3 ? * 1#1',
  '15 45 23 * * ?',
  '0 0 0/6 * * ?',
  '0 0 9 15W * ?',
  '0 0 9 LW * ?',
  '0 0/30 1-3 * * ?',
  '0 59 23 L * ?',
  '*/20 * 2 * * ?',
  '0 0 2 ? * SUN',
  '0 5 0 1 * ?',
  '59 59 23 * * ?',
];
const CRON_CALENDARS = [
  '* * 0-7 ? * *',
  '* 0-29 * * * ?',
  '0 0 12 * * ?',
  '* * 2 * * ?',
  '* * * ? * SAT,SUN',
  '0-29 * * * * ?',
  '* * 9-17 ? * MON-FRI',
  '* * * 1 * ?',
];

/** mulberry32: a small seeded generator, so that a seed gives the same cases everywhere. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function randomCases(seed: number, count: number): CalendarCase[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const cases: CalendarCase[] = [];
  for (let index = 0; index < count; index++) {
    const tz = next() < 0.5 ? pick(DST_ZONES) : pick(ZONES);
    // Often near a daylight-saving change (March, April, October, November), sometimes with milliseconds.
    const month = next() < 0.6 ? pick([3, 4, 10, 11]) : int(1, 12);
    const fromMs = Date.UTC(
      int(2024, 2030),
      month - 1,
      int(1, 28),
      int(0, 23),
      pick([0, 0, 30, 59]),
      pick([0, 0, 59]),
      next() < 0.2 ? int(1, 999) : 0,
    );
    const depth = pick([1, 1, 2, 2, 3]);
    const calendar = randomCalendar(depth, fromMs, { next, pick, int });
    cases.push({
      id: `random-${seed}-${index}`,
      expr: pick(TRIGGERS),
      tz,
      from: new Date(fromMs).toISOString(),
      count: int(1, 12),
      calendar,
    });
  }
  return cases;
}

interface Dice {
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  int: (low: number, high: number) => number;
}

function randomCalendar(depth: number, fromMs: number, dice: Dice): Record<string, unknown> {
  const { next, pick } = dice;
  const calendar: Record<string, unknown> = randomLink(fromMs, dice);
  if (next() < 0.35) calendar.tz = pick(ZONES);
  if (depth > 1) calendar.base = randomCalendar(depth - 1, fromMs, dice);
  return calendar;
}

function randomLink(fromMs: number, { next, pick, int }: Dice): Record<string, unknown> {
  switch (pick(['holiday', 'holiday', 'annual', 'weekly', 'monthly', 'daily', 'daily', 'cron'])) {
    case 'holiday': {
      const dates = Array.from({ length: int(1, 20) }, () => isoDay(fromMs + int(-5, 60) * 86_400_000));
      return { type: 'holiday', dates: [...new Set(dates)] };
    }
    case 'annual': {
      const days = Array.from({ length: int(1, 8) }, () =>
        pick([
          '02-29',
          '12-31',
          '01-31',
          '03-31',
          '02-28',
          '03-01',
          '10-25',
          '11-02',
          '03-29',
          `${pad(int(1, 12))}-${pad(int(1, 28))}`,
        ]),
      );
      return { type: 'annual', days: [...new Set(days)] };
    }
    case 'weekly': {
      const size = next() < 0.05 ? 7 : int(0, 5);
      return { type: 'weekly', exclude: [...WEEKDAYS].sort(() => next() - 0.5).slice(0, size) };
    }
    case 'monthly': {
      const days = Array.from({ length: int(0, 10) }, () => pick([29, 30, 31, 1, int(1, 31)]));
      return { type: 'monthly', exclude: [...new Set(days)] };
    }
    case 'daily': {
      const times = [randomTime({ next, pick, int }), randomTime({ next, pick, int })].sort(
        (a, b) => a[0] - b[0],
      );
      const [from, to] = times as [[number, string], [number, string]];
      if (from[0] === to[0])
        return { type: 'daily', from: '00:00', to: '23:59:59.999', invert: next() < 0.5 };
      return { type: 'daily', from: from[1], to: to[1], invert: next() < 0.4 };
    }
    default:
      return { type: 'cron', expression: pick(CRON_CALENDARS) };
  }
}

/** A time of day with its milliseconds since midnight: whole hours, minutes, seconds, milliseconds, midnight. */
function randomTime({ next, pick, int }: Dice): [number, string] {
  const hour = pick([0, 1, 2, 3, 8, 9, 12, 17, 22, 23, int(0, 23)]);
  const minute = pick([0, 0, 30, 59, int(0, 59)]);
  const kind = next();
  if (kind < 0.5) return [(hour * 60 + minute) * 60_000, `${pad(hour)}:${pad(minute)}`];
  const second = pick([0, 59, int(0, 59)]);
  const base = ((hour * 60 + minute) * 60 + second) * 1000;
  if (kind < 0.8) return [base, `${pad(hour)}:${pad(minute)}:${pad(second)}`];
  const millis = pick([1, 500, 999, int(0, 999)]);
  return [base + millis, `${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(millis, 3)}`];
}

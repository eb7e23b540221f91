import { describe, expect, it } from 'vitest';
import { parseCron } from '../cron/index.js';
import { nextFireAfter } from '../cron/next-fire.js';
import { TimeZoneRules } from '../cron/time-zone.js';
import { isTimeIncluded, nextIncludedFireTimes, parseCalendar, type Calendar } from './index.js';

/** CronTriggerImpl's loop with no skipping at all: every candidate is tested. */
function plainWalk(
  expression: string,
  from: string,
  zone: string,
  count: number,
  calendar: Calendar,
): string[] {
  const parsed = parseCron(expression);
  const rules = TimeZoneRules.of(zone);
  const found: string[] = [];
  let previous = Date.parse(from);
  while (found.length < count) {
    let candidate = nextFireAfter(parsed, previous, rules);
    while (candidate !== undefined && !isTimeIncluded(calendar, candidate, zone))
      candidate = nextFireAfter(parsed, candidate, rules);
    if (candidate === undefined) break;
    found.push(new Date(candidate).toISOString());
    previous = candidate;
  }
  return found;
}

/** Days before the 2026 daylight-saving changes of each zone (UTC), and one ordinary day. */
const STARTS: [string, string[]][] = [
  ['Europe/Berlin', ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z']],
  ['America/New_York', ['2026-03-07T00:00:00Z', '2026-10-31T00:00:00Z']],
  ['Australia/Lord_Howe', ['2026-04-04T00:00:00Z', '2026-10-03T00:00:00Z']],
  ['America/Santiago', ['2026-04-04T00:00:00Z', '2026-09-05T00:00:00Z']],
  ['Asia/Bangkok', ['2026-12-03T00:00:00Z']],
];
const TRIGGERS = ['0 */10 * * * ?', '0 0 * * * ?', '*/30 * 0-3 * * ?', '0 15 1-3 * * ?', '0 */20 * * * ?'];
const CALENDARS: unknown[] = [
  { type: 'daily', from: '00:00:00.001', to: '01:59:59' },
  { type: 'daily', from: '01:00', to: '03:00:00.500' },
  { type: 'daily', from: '02:30', to: '23:00', invert: true },
  { type: 'daily', from: '00:00', to: '02:15', invert: true },
  { type: 'daily', from: '01:00', to: '03:10' },
  { type: 'daily', from: '02:00', to: '05:00', invert: true },
  { type: 'daily', from: '01:00', to: '03:00', invert: true },
  { type: 'weekly', exclude: ['SAT', 'SUN'] },
  {
    type: 'holiday',
    dates: ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04', '2026-09-06'],
  },
  { type: 'weekly', exclude: ['MON'], tz: 'UTC', base: { type: 'daily', from: '03:00', to: '23:59:59.999' } },
];

describe('skipping excluded stretches changes no fire time', () => {
  for (const [zone, starts] of STARTS) {
    it.each(CALENDARS.map((definition) => [JSON.stringify(definition), definition]))(
      `${zone}: %s`,
      (_name, definition) => {
        const calendar = parseCalendar(definition);
        const differences: string[] = [];
        for (const from of starts)
          for (const expression of TRIGGERS) {
            const skipped = nextIncludedFireTimes(
              expression,
              new Date(from),
              zone,
              15,
              calendar,
            ).fireTimes.map((date) => date.toISOString());
            const walked = plainWalk(expression, from, zone, 15, calendar);
            if (JSON.stringify(skipped) !== JSON.stringify(walked))
              differences.push(`${expression} from ${from}`);
          }
        expect(differences).toEqual([]);
      },
    );
  }
});

import { describe, expect, it } from 'vitest';
import { excludedIntervals, isTimeIncluded, parseCalendar, type ExcludedInterval } from './index.js';

const at = (text: string) => Date.parse(text);
const inside = (intervals: readonly ExcludedInterval[], time: number) =>
  intervals.some(({ from, to }) => time >= from && time < to);

/** Every 22 minutes and 13 seconds across the window, and 1 ms either side of every interval's ends. */
function samples(
  intervals: readonly ExcludedInterval[],
  fromMs: number,
  toMs: number,
  wholeSeconds: boolean,
): number[] {
  const times: number[] = [];
  for (let time = fromMs; time < toMs; time += 1_333_000) times.push(time);
  for (const { from, to } of intervals) times.push(from - 1, from, to - 1, to);
  return times
    .map((time) => (wholeSeconds ? Math.floor(time / 1000) * 1000 : time))
    .filter((time) => time >= fromMs && time < toMs);
}

/** The sampled instants where the intervals and isTimeIncluded disagree. */
function disagreements(
  times: number[],
  intervals: readonly ExcludedInterval[],
  included: (time: number) => boolean,
): string[] {
  return times
    .filter((time) => inside(intervals, time) === included(time))
    .map((time) => new Date(time).toISOString());
}

describe('excludedIntervals agrees with isTimeIncluded', () => {
  const windows: [string, string, string][] = [
    ['Europe/Berlin', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'],
    ['America/New_York', '2026-10-20T00:00:00Z', '2026-11-10T00:00:00Z'],
    ['Asia/Bangkok', '2028-02-01T00:00:00Z', '2028-03-05T00:00:00Z'],
  ];
  const calendars: [string, unknown][] = [
    [
      'holiday in its own zone',
      { type: 'holiday', dates: ['2026-03-29', '2026-11-01', '2028-02-29'], tz: 'Asia/Bangkok' },
    ],
    ['annual 02-29 and the 31st', { type: 'annual', days: ['02-29', '03-31', '10-31'] }],
    [
      'weekend over a monthly',
      { type: 'weekly', exclude: ['SAT', 'SUN'], base: { type: 'monthly', exclude: [1, 29, 30, 31] } },
    ],
    ['daily with milliseconds', { type: 'daily', from: '01:30', to: '02:30:00.250' }],
    ['inverted daily in UTC', { type: 'daily', from: '08:00', to: '17:00', invert: true, tz: 'UTC' }],
    ['daily to the end of the day', { type: 'daily', from: '00:00', to: '23:59:59.999' }],
  ];
  for (const [zone, from, to] of windows) {
    it.each(calendars)(`%s, shown in ${zone} from ${from}`, (_name, definition) => {
      const calendar = parseCalendar(definition);
      const intervals = excludedIntervals(calendar, at(from), at(to), zone);
      expect(
        disagreements(samples(intervals, at(from), at(to), false), intervals, (time) =>
          isTimeIncluded(calendar, time, zone),
        ),
      ).toEqual([]);
    });
  }

  it.each([
    ['* * 0-7 ? * *', 'Europe/Berlin', '2026-03-27T00:00:00Z', '2026-03-31T00:00:00Z'],
    ['* * * ? * SAT,SUN', 'Asia/Bangkok', '2026-12-01T00:00:00Z', '2026-12-15T00:00:00Z'],
    ['0-29 * 12 * * ?', 'UTC', '2026-12-01T00:00:00Z', '2026-12-03T00:00:00Z'],
    ['* 15 9-10 * * ?', 'America/New_York', '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z'],
  ])('cron calendar "%s" in %s, at whole seconds', (expression, zone, from, to) => {
    const calendar = parseCalendar({ type: 'cron', expression });
    const intervals = excludedIntervals(calendar, at(from), at(to), zone);
    expect(intervals.length).toBeGreaterThan(0);
    expect(
      disagreements(samples(intervals, at(from), at(to), true), intervals, (time) =>
        isTimeIncluded(calendar, time, zone),
      ),
    ).toEqual([]);
  });

  it('lists whole days as one interval each, merged when adjacent', () => {
    const calendar = parseCalendar({ type: 'holiday', dates: ['2026-12-05', '2026-12-06', '2026-12-10'] });
    expect(
      excludedIntervals(calendar, at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), 'Asia/Bangkok'),
    ).toEqual([
      { from: at('2026-12-04T17:00:00Z'), to: at('2026-12-06T17:00:00Z') },
      { from: at('2026-12-09T17:00:00Z'), to: at('2026-12-10T17:00:00Z') },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { expectedFires, timesOfDay } from './expected-fires.js';
import { ExpectedFiresCache } from './expected-fires-cache.js';
import { dayBoundaries, dayOf } from './report-days.js';

const TRIGGERS = [
  '0 0 8,12,16 * * ?',
  '0 0/30 9-17 * * ? | 0 0 12 * * ? | 0 30 9 * * ?',
  '0 0/15 * * * ?',
  '0 0 12 * * ?',
  'not a cron | 0 0 10 * * ?',
  '',
  '0 30 2 * * ?',
];

describe('expected fires kept across requests (issue 19)', () => {
  // Berlin's spring-forward day (23 h, 02:30 does not exist) and an ordinary Bangkok day.
  for (const [zone, noon] of [
    ['Europe/Berlin', '2026-03-29T10:00:00Z'],
    ['Asia/Bangkok', '2026-11-21T05:00:00Z'],
  ] as const) {
    it(`answers as expectedFires computed afresh, at every now and start (${zone})`, () => {
      const cache = new ExpectedFiresCache();
      const [dayStart, dayEnd] = dayBoundaries(dayOf(Date.parse(noon), zone), 1, zone) as [number, number];
      const nows = [dayStart, dayStart + 1, Date.parse(noon), Date.parse(noon) + 7 * 3_600_000, dayEnd - 1];
      const starts = [dayStart, dayStart + 9 * 3_600_000 + 1, dayStart + 12 * 3_600_000];
      for (const trigger of TRIGGERS)
        for (const from of starts)
          for (const now of nows) {
            const fresh = expectedFires(trigger, { dayStart: from, dayEnd, now }, zone);
            expect(cache.get(trigger, { from, dayEnd, now }, zone)).toEqual({
              dueCount: fresh.due.length,
              dayCount: fresh.dayCount,
              invalid: fresh.invalid,
              text: timesOfDay(fresh.due, zone),
            });
          }
    });
  }

  it('starts afresh on another day', () => {
    const cache = new ExpectedFiresCache();
    const zone = 'UTC';
    for (const iso of ['2026-11-21T12:00:00Z', '2026-11-22T12:00:00Z']) {
      const now = Date.parse(iso);
      const [dayStart, dayEnd] = dayBoundaries(dayOf(now, zone), 1, zone) as [number, number];
      expect(cache.get('0 0 8,18 * * ?', { from: dayStart, dayEnd, now }, zone)).toEqual({
        dueCount: 1,
        dayCount: 2,
        invalid: [],
        text: '08:00',
      });
    }
  });

  it('keeps no more fire times than its limit, and answers alike past it', () => {
    const zone = 'UTC';
    const now = Date.parse('2026-11-21T12:00:00Z');
    const [dayStart, dayEnd] = dayBoundaries(dayOf(now, zone), 1, zone) as [number, number];
    const cache = new ExpectedFiresCache(100);
    const window = { from: dayStart, dayEnd, now };
    const fresh = (trigger: string) => expectedFires(trigger, { dayStart, dayEnd, now }, zone);
    // 96 fires a day: kept; another 96 would pass 100: computed, not kept.
    for (const trigger of ['0 0/15 * * * ?', '0 5/15 * * * ?', '0 0/15 * * * ?']) {
      const expected = fresh(trigger);
      expect(cache.get(trigger, window, zone)).toMatchObject({
        dueCount: expected.due.length,
        dayCount: expected.dayCount,
        text: timesOfDay(expected.due, zone),
      });
    }
    expect(cache.keptFireCount).toBe(96);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CronSyntaxError, nextFireTime } from '../cron/index.js';
import { FireTimeCache } from './fire-time-cache.js';

interface QuartzCase {
  expr: string;
  start: string;
  tz: string;
  valid: boolean;
}

const fixture = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'test',
  'fixtures',
  'quartz-cron-cases.jsonl',
);
const cases = fs
  .readFileSync(fixture, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as QuartzCase)
  .filter((c) => c.valid);

const engine = (expression: string, zone: string, after: number) =>
  nextFireTime(expression, new Date(after), zone)?.getTime() ?? null;

describe('FireTimeCache', () => {
  it('answers what the cron engine answers, walking each Quartz fixture 40 fire times (chains rebuilt on the way)', () => {
    const cache = new FireTimeCache();
    for (const c of cases) {
      let time: number | null = Date.parse(c.start);
      for (let i = 0; i < 40 && time !== null; i += 1) {
        const cached = cache.next(c.expr, c.tz, time);
        expect(cached, `${c.expr} ${c.tz} after ${time}`).toBe(engine(c.expr, c.tz, time));
        time = cached;
      }
    }
    expect(cache.hits).toBeGreaterThan(cache.misses);
  });

  it('answers an instant that is not a fire time (a misfire looks from now) like the engine', () => {
    const cache = new FireTimeCache();
    const expression = '0 30 2 * * ?';
    const zone = 'America/New_York';
    // Around the spring-forward of 2026-03-08: 02:30 does not exist that day.
    const start = Date.parse('2026-03-06T00:00:00Z');
    for (let after = start; after < start + 4 * 86_400_000; after += 1_234_567) {
      cache.next(expression, zone, start); // a chain from elsewhere must not answer for `after`
      expect(cache.next(expression, zone, after)).toBe(engine(expression, zone, after));
    }
  });

  it('answers null once a one-shot expression has fired, and keeps zones and expressions apart', () => {
    const cache = new FireTimeCache();
    const once = '0 0 12 1 1 ? 2030';
    const at = Date.parse('2030-01-01T12:00:00Z');
    expect(cache.next(once, 'UTC', at - 5_000)).toBe(at);
    expect(cache.next(once, 'UTC', at)).toBeNull();
    expect(cache.next(once, 'UTC', at)).toBeNull();
    expect(cache.next(once, 'Asia/Bangkok', at - 5_000)).toBe(engine(once, 'Asia/Bangkok', at - 5_000));
    expect(cache.next('0 0 13 1 1 ? 2030', 'UTC', at)).toBe(at + 3_600_000);
  });

  it('throws for an invalid expression, as the engine does, and caches nothing for it', () => {
    const cache = new FireTimeCache();
    expect(() => cache.next('not cron', 'UTC', 0)).toThrow(CronSyntaxError);
    expect(() => cache.next('not cron', 'UTC', 0)).toThrow(CronSyntaxError);
  });
});

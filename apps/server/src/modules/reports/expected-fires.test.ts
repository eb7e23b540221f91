import { describe, expect, it } from 'vitest';
import { expectedFires, LISTED_TIMES_MAX, timesOfDay } from './expected-fires.js';
import { dayBoundaries, dayOf } from './report-days.js';

const BANGKOK = 'Asia/Bangkok';
/** 10:00 on 21-11-2026 in Bangkok (UTC+7). */
const NOW = Date.parse('2026-11-21T03:00:00Z');

function today(now: number, zone: string) {
  const [dayStart, dayEnd] = dayBoundaries(dayOf(now, zone), 1, zone) as [number, number];
  return { dayStart, dayEnd, now };
}

const bangkok = (iso: string) => Date.parse(`${iso}+07:00`);

describe('expected fires of a day (fixed clock, hand-computed)', () => {
  it("takes the zone's midnight to midnight", () => {
    expect(today(NOW, BANGKOK)).toEqual({
      dayStart: Date.parse('2026-11-20T17:00:00Z'),
      dayEnd: Date.parse('2026-11-21T17:00:00Z'),
      now: NOW,
    });
  });

  it('counts the fires due until now and those of the whole day', () => {
    const fires = expectedFires('0 0 8,12,16 * * ?', today(NOW, BANGKOK), BANGKOK);
    expect(fires.due).toEqual([bangkok('2026-11-21T08:00:00')]);
    expect(fires.dayCount).toBe(3);
    expect(fires.invalid).toEqual([]);
  });

  it('adds up several triggers (a fire exactly now is due; the same second twice is two fires)', () => {
    const fires = expectedFires(
      '0 0/30 9-17 * * ? | 0 0 12 * * ? | 0 30 9 * * ?',
      today(NOW, BANGKOK),
      BANGKOK,
    );
    // 09:00, 09:30 (twice: two triggers) and 10:00 (= now) so far; 9:00–17:30 every 30 min = 18, +2.
    expect(fires.due).toEqual([
      bangkok('2026-11-21T09:00:00'),
      bangkok('2026-11-21T09:30:00'),
      bangkok('2026-11-21T09:30:00'),
      bangkok('2026-11-21T10:00:00'),
    ]);
    expect(fires.dayCount).toBe(20);
  });

  it('reports an invalid expression and still counts the valid ones', () => {
    const fires = expectedFires('not a cron|0 15 10 ? * SAT', today(NOW, BANGKOK), BANGKOK);
    expect(fires.invalid).toEqual(['not a cron']);
    // 21-11-2026 is a Saturday: 10:15 is later today.
    expect(fires.due).toEqual([]);
    expect(fires.dayCount).toBe(1);
  });

  it('knows days a trigger does not fire, and the last day of the month', () => {
    expect(expectedFires('0 0 8 ? * MON-FRI', today(NOW, BANGKOK), BANGKOK).dayCount).toBe(0);
    const lastDay = Date.parse('2026-11-30T05:00:00Z');
    expect(expectedFires('0 0 6 L * ?', today(lastDay, BANGKOK), BANGKOK).due).toEqual([
      bangkok('2026-11-30T06:00:00'),
    ]);
  });

  it('follows daylight saving: an hourly trigger fires 23 times on the spring-forward day', () => {
    const zone = 'Europe/Berlin';
    const evening = Date.parse('2026-03-29T21:00:00Z'); // 23:00 CEST
    const fires = expectedFires('0 0 * * * ?', today(evening, zone), zone);
    expect(fires.dayCount).toBe(23);
    expect(fires.due).toHaveLength(23);
  });

  it('counts a per-second trigger in full (86,400 fires a day)', () => {
    const fires = expectedFires('* * * * * ?', today(NOW, BANGKOK), BANGKOK);
    expect(fires.dayCount).toBe(86_400);
    expect(fires.due).toHaveLength(10 * 3600 + 1);
  });
});

describe('times of day', () => {
  it('lists a few times, with seconds only when needed', () => {
    expect(timesOfDay([], BANGKOK)).toBe('');
    expect(timesOfDay([bangkok('2026-11-21T08:00:00'), bangkok('2026-11-21T12:00:00')], BANGKOK)).toBe(
      '08:00, 12:00',
    );
    expect(timesOfDay([bangkok('2026-11-21T08:00:00'), bangkok('2026-11-21T08:00:05')], BANGKOK)).toBe(
      '08:00:00, 08:00:05',
    );
  });

  it('shows first - last past the listing limit', () => {
    const times = Array.from({ length: LISTED_TIMES_MAX + 1 }, (_, i) =>
      bangkok(`2026-11-21T${String(i + 1).padStart(2, '0')}:00:00`),
    );
    expect(timesOfDay(times, BANGKOK)).toBe('01:00 - 13:00');
    expect(timesOfDay(times.slice(1), BANGKOK).split(', ')).toHaveLength(LISTED_TIMES_MAX);
  });

  it('reads the same instants alike however often, in each zone (wall clocks kept per second)', () => {
    const at = bangkok('2026-11-21T08:00:59');
    for (let round = 0; round < 3; round++) {
      expect(timesOfDay([at + 999, at + 1000], BANGKOK)).toBe('08:00:59, 08:01:00');
      expect(timesOfDay([at + 999, at + 1000], 'Europe/Berlin')).toBe('02:00:59, 02:01:00');
      expect(timesOfDay([at - 1], BANGKOK)).toBe('08:00:58');
    }
    // Berlin's autumn fall-back: 02:30 comes twice, an hour apart.
    const first = Date.parse('2026-10-25T00:30:00Z');
    expect(timesOfDay([first, first + 3_600_000], 'Europe/Berlin')).toBe('02:30, 02:30');
  });
});

import { CronSyntaxError, parseCron } from '../../engine/cron/index.js';
import { TimeZoneRules } from '../../engine/cron/time-zone.js';
import { nextTriggerFire, triggerFiresAt } from '../../engine/scheduler/trigger-calendar.js';
import type { TriggerCalendar } from '../../engine/scheduler/trigger-calendar.repository.js';
import { wallClock, type WallClock } from '../../platform/wall-clock.js';

/** The most fire times counted for one trigger in one day (a per-second trigger has 86,400). */
export const MAX_FIRES_PER_TRIGGER_DAY = 100_000;
/** Up to this many times are listed one by one; more are shown as `first - last`. */
export const LISTED_TIMES_MAX = 12;

export interface ExpectedFires {
  /** Fire times (epoch ms) of every trigger from the day's start up to and including `now`, in order. */
  due: number[];
  /** Fire times of the whole day. */
  dayCount: number;
  /** The day's fire times themselves, in order, when asked for (`listMax`; the first ones of each trigger). */
  day: number[];
  /** Expressions that are not valid Quartz. */
  invalid: string[];
}

/**
 * The fire times of a job's triggers (`cron_trigger`: Quartz expressions joined by `|`, one trigger
 * each) in `[dayStart, dayEnd)`, computed in `timeZone` by the scheduler's own cron engine. Two
 * triggers firing at the same second are two fires, as they are two runs. `listMax` (default none):
 * how many of the day's fire times to list in `day` (the day timeline draws them, issue 31).
 * `calendars`: each trigger's business calendar, in the order of the non-blank expressions (issue 34):
 * a time it excludes is not expected — a day it excludes expects nothing; with a business-day rule,
 * the rule's fire times are expected (an nth rule: one day a month); `'unreadable'`: nothing.
 */
export function expectedFires(
  cronTrigger: string,
  window: { dayStart: number; dayEnd: number; now: number },
  timeZone: string,
  listMax = 0,
  calendars: readonly TriggerCalendar[] = [],
): ExpectedFires {
  const due: number[] = [];
  const day: number[] = [];
  const invalid: string[] = [];
  let dayCount = 0;
  let position = -1;
  const zone = TimeZoneRules.of(timeZone);
  for (const expression of cronTrigger.split('|').map((part) => part.trim())) {
    if (!expression) continue;
    position += 1;
    const calendar = calendars[position];
    if (calendar === 'unreadable') continue;
    let parsed;
    try {
      parsed = parseCron(expression);
    } catch (error) {
      if (error instanceof CronSyntaxError) {
        invalid.push(expression);
        continue;
      }
      throw error;
    }
    let previous = window.dayStart - 1;
    for (let counted = 0; counted < MAX_FIRES_PER_TRIGGER_DAY;) {
      const next = nextTriggerFire(parsed, zone, timeZone, calendar?.calendar, previous, calendar?.rule);
      if (next === null || next >= window.dayEnd) break;
      previous = next;
      // Where a capped calendar search resumes: not a fire (nextTriggerFire).
      if (calendar && !triggerFiresAt(parsed, zone, timeZone, calendar.calendar, next, calendar.rule))
        continue;
      counted += 1;
      dayCount += 1;
      if (next <= window.now) due.push(next);
      if (counted <= listMax) day.push(next);
    }
  }
  due.sort((a, b) => a - b);
  day.sort((a, b) => a - b);
  return { due, dayCount, day: day.slice(0, listMax), invalid };
}

/** Wall clocks already worked out, per zone and whole second (emptied past WALL_CLOCKS_KEPT). */
const wallClocks = new Map<string, Map<number, WallClock>>();
const WALL_CLOCKS_KEPT = 200_000;
let wallClocksCount = 0;

/**
 * `wallClock` of the instant's whole second, remembered (issue 19): a day's runs start at far fewer
 * distinct seconds than there are runs, and `formatToParts` costs ~10 µs — 100,000 runs of the day
 * spent about a second in it. The fields shown stop at the second, so the second decides them.
 */
function wallClockOfSecond(at: number, timeZone: string): WallClock {
  const second = Math.floor(at / 1000);
  let zone = wallClocks.get(timeZone);
  if (!zone) wallClocks.set(timeZone, (zone = new Map()));
  let wall = zone.get(second);
  if (!wall) {
    if (wallClocksCount >= WALL_CLOCKS_KEPT) {
      wallClocks.clear();
      wallClocks.set(timeZone, (zone = new Map()));
      wallClocksCount = 0;
    }
    wall = wallClock(second * 1000, timeZone);
    zone.set(second, wall);
    wallClocksCount++;
  }
  return wall;
}

/**
 * Times of day in a zone: `08:00, 12:00` (seconds only when one of them has some), or
 * `first - last` past LISTED_TIMES_MAX; '' for none. `times` must be in order.
 */
export function timesOfDay(times: readonly number[], timeZone: string): string {
  if (times.length === 0) return '';
  const walls = times.map((at) => wallClockOfSecond(at, timeZone));
  const withSeconds = walls.some((wall) => wall.second !== '00');
  if (walls.length <= LISTED_TIMES_MAX) return walls.map((wall) => wallText(wall, withSeconds)).join(', ');
  return spanText(walls[0] as WallClock, walls[walls.length - 1] as WallClock, withSeconds);
}

/**
 * What `timesOfDay` shows for more than LISTED_TIMES_MAX times, from the first, the last, and whether
 * any of them has seconds — all a caller that counted the times elsewhere (in SQL) needs.
 */
export function timeSpanOfDay(first: number, last: number, withSeconds: boolean, timeZone: string): string {
  return spanText(wallClockOfSecond(first, timeZone), wallClockOfSecond(last, timeZone), withSeconds);
}

const wallText = (wall: WallClock, withSeconds: boolean) =>
  withSeconds ? `${wall.hour}:${wall.minute}:${wall.second}` : `${wall.hour}:${wall.minute}`;

const spanText = (first: WallClock, last: WallClock, withSeconds: boolean) =>
  `${wallText(first, withSeconds)} - ${wallText(last, withSeconds)}`;

import type { TriggerCalendar } from '../../engine/scheduler/trigger-calendar.repository.js';
import { expectedFires, timesOfDay } from './expected-fires.js';
import { calendarsKey } from './report-calendars.js';

/** A trigger's fires of one day from one start, computed once: what is due is a prefix of them. */
interface DayFires {
  /** Every fire time in `[from, dayEnd)`, in order (expectedFires with `now` at the day's end). */
  all: number[];
  invalid: string[];
  /** The last `timesOfDay` text made, and for how many due fires. */
  textCount: number;
  text: string;
}

/** Keys kept before the cache is emptied (a job list has a few thousand distinct triggers at most). */
const MAX_ENTRIES = 20_000;
/**
 * Fire times kept in all (~16 MB): past it a day's fires are computed for the request and not kept
 * (jobs created today each start counting at their own instant, so per-second triggers could add up).
 */
const MAX_KEPT_FIRES = 2_000_000;

/** Expected fires in the shape the Expected Run Job report shows them. */
export interface ExpectedFiresText {
  /** How many fires are due by `now`. */
  dueCount: number;
  dayCount: number;
  invalid: string[];
  /** `timesOfDay(due)`. */
  text: string;
}

/**
 * Expected fires per (trigger, day, start) kept across requests (issue 19): a day's fire times depend
 * only on the expression, the window and the zone, so they are computed once per day and start and
 * each request takes the prefix due by its `now` — the same answer as `expectedFires` computed afresh.
 * One cache per process or reader thread; it is emptied when the day changes.
 */
export class ExpectedFiresCache {
  private readonly entries = new Map<string, DayFires>();
  private day = '';
  private keptFires = 0;

  /** `maxKeptFires`: fire times kept in all before a day's fires are no longer kept. */
  constructor(private readonly maxKeptFires = MAX_KEPT_FIRES) {}

  /**
   * The fires of `cronTrigger` in `[from, dayEnd)` due by `now`, with the whole day's count; with the
   * triggers' calendars (issue 34), which are part of the key (a changed definition is another key).
   */
  get(
    cronTrigger: string,
    window: { from: number; dayEnd: number; now: number },
    timeZone: string,
    calendars: readonly TriggerCalendar[] = [],
  ): ExpectedFiresText {
    const day = `${timeZone}\u0000${window.dayEnd}`;
    if (day !== this.day || this.entries.size >= MAX_ENTRIES) {
      this.entries.clear();
      this.keptFires = 0;
      this.day = day;
    }
    const key = `${window.from}\u0000${cronTrigger}\u0000${calendarsKey(calendars)}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const fires = expectedFires(
        cronTrigger,
        { dayStart: window.from, dayEnd: window.dayEnd, now: window.dayEnd },
        timeZone,
        0,
        calendars,
      );
      entry = { all: fires.due, invalid: fires.invalid, textCount: -1, text: '' };
      if (this.keptFires + entry.all.length <= this.maxKeptFires) {
        this.entries.set(key, entry);
        this.keptFires += entry.all.length;
      }
    }
    const count = dueCount(entry.all, window.now);
    if (entry.textCount !== count) {
      entry.text = timesOfDay(entry.all.slice(0, count), timeZone);
      entry.textCount = count;
    }
    return { dueCount: count, dayCount: entry.all.length, invalid: entry.invalid, text: entry.text };
  }

  /** Fire times kept now (for tests). */
  get keptFireCount(): number {
    return this.keptFires;
  }
}

/** How many of the ordered `times` are at or before `now`. */
function dueCount(times: readonly number[], now: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) <= now) low = middle + 1;
    else high = middle;
  }
  return low;
}

import type { MisfirePolicy } from '../../db/schema.js';
import { fireTimeCache, type KeyedCalendar } from './fire-time-cache.js';

/** At most this many missed times are recorded per misfire (a trigger every second, down a day). */
export const MAX_RECORDED_MISSES = 1000;

/**
 * At most this many capped calendar searches (each MAX_CALENDAR_CANDIDATES fire times: up to ~0.5 s
 * with a cron calendar, tested second by second) one trigger walks through in one pass before its due
 * times are known; past it the trigger moves to where the search stopped and the next pass goes on (a
 * calendar excluding nearly everything, after a long outage, never holds a pass up for long).
 */
export const MAX_RESUMES_PER_PASS = 2;

export interface DueTrigger {
  expression: string;
  timeZone: string;
  nextFireAt: number;
  misfirePolicy: MisfirePolicy;
  /**
   * The trigger's business calendar (issue 34): its excluded times are never fired; with a
   * business-day rule, only the rule's fire times are.
   */
  calendar?: KeyedCalendar | undefined;
  /**
   * When maintenance held the due time `first` (issue 34: the trigger was held by a window, or a
   * window held between `first` and now): the instant it stopped holding (≤ now); else undefined.
   * The misfire policy then decides for the fire times before that instant, however late they are.
   */
  held?: ((first: number) => number | undefined) | undefined;
}

export interface DueTimes {
  /** The fire times to fire now, oldest first (each ≤ now). */
  fireTimes: number[];
  /** Fire times skipped by the misfire policy (recorded in missed_fires). */
  missedTimes: number[];
  /** The trigger's next fire time, strictly after the last handled one; null when it never fires again. */
  nextFireAt: number | null;
  misfired: boolean;
  /** Misfired because maintenance held the first due time (DueTrigger.held). */
  maintenance?: boolean;
  /**
   * How often the calendar kept the trigger from firing in this pass: a due time it excludes (planned
   * before the calendar changed, or where a capped search resumed), and the move to a next fire time
   * past cron fire times it excludes (counted once, however many).
   */
  calendarSkips: number;
}

function after(trigger: DueTrigger, time: number): number | null {
  return fireTimeCache.next(trigger.expression, trigger.timeZone, time, trigger.calendar);
}

/** Whether the trigger fires at a due time: its calendar includes it (and its rule fires at it). */
function included(trigger: DueTrigger, time: number): boolean {
  return fireTimeCache.firesAt(trigger.expression, trigger.timeZone, time, trigger.calendar);
}

/** 1 when the next fire time after `time` with the calendar passes over a cron fire time without it. */
function skipsPast(trigger: DueTrigger, time: number, next: number | null): number {
  if (!trigger.calendar) return 0;
  const plain = fireTimeCache.next(trigger.expression, trigger.timeZone, time);
  return plain !== null && (next === null || plain < next) ? 1 : 0;
}

/**
 * The included due times of a trigger from `first` up to `now`, at most `limit`; the last time walked
 * (included, or where a capped search resumed), the trigger's next time after it, and the calendar's
 * skips on the way (excluded due times, moves past excluded fire times).
 */
function dueTimesUpTo(trigger: DueTrigger, first: number, now: number, limit: number) {
  const times: number[] = [];
  let last = first;
  let skips = 0;
  let time: number | null = first;
  while (time !== null && time <= now && times.length < limit) {
    if (included(trigger, time)) times.push(time);
    else skips += 1;
    last = time;
    time = after(trigger, time);
    skips += skipsPast(trigger, last, time);
  }
  return { times, last, next: time, skips };
}

/**
 * What a due trigger fires now. On time (its first included due time is at most `thresholdMs` old):
 * every due time, in order — a loop that fell a few seconds behind catches up without a gap.
 * Misfired (older than the threshold, Quartz's misfire): `fire_once_now` fires the first missed time
 * once, `do_nothing` fires nothing; either way the trigger moves to the first time after now and the
 * skipped times are reported. A time the trigger's calendar excludes is never fired nor missed. A
 * due time maintenance held (`held`) is a misfire whatever its age (`released`, and
 * docs/maintenance-windows.md); held and then late past the threshold, it is an outage's misfire.
 */
export function dueTimes(trigger: DueTrigger, now: number, thresholdMs: number): DueTimes {
  // The first due time the calendar includes (next_fire_at may be one it excludes: planned with an
  // earlier definition, or where a capped search resumes).
  let first: number | null = trigger.nextFireAt;
  let calendarSkips = 0;
  for (let resumes = 0; first !== null && first <= now && !included(trigger, first); resumes++) {
    if (resumes >= MAX_RESUMES_PER_PASS)
      return { fireTimes: [], missedTimes: [], nextFireAt: first, misfired: false, calendarSkips };
    calendarSkips += 1;
    first = after(trigger, first);
  }
  if (first === null || first > now)
    return { fireTimes: [], missedTimes: [], nextFireAt: first, misfired: false, calendarSkips };
  const releasedAt = trigger.held?.(first);
  const maintenance = releasedAt !== undefined && first < releasedAt;
  // Released within the threshold: the held times follow the policy, the later ones are ordinary.
  if (maintenance && now - releasedAt <= thresholdMs)
    return released(trigger, first, releasedAt, now, calendarSkips);
  const misfired = now - first > thresholdMs || maintenance;
  if (!misfired) {
    // Within the threshold: at most threshold / 1 s fire times, so the loop stays short.
    const due = dueTimesUpTo(trigger, first, now, Number.MAX_SAFE_INTEGER);
    calendarSkips += due.skips;
    return { fireTimes: due.times, missedTimes: [], nextFireAt: due.next, misfired, calendarSkips };
  }
  const missed = dueTimesUpTo(trigger, first, now, MAX_RECORDED_MISSES + 1).times;
  const fireOnce = trigger.misfirePolicy === 'fire_once_now';
  // Jump straight past now: walking a long outage fire by fire would take too long.
  const nextFireAt = after(trigger, now);
  return {
    fireTimes: fireOnce ? [first] : [],
    missedTimes: (fireOnce ? missed.slice(1) : missed).slice(0, MAX_RECORDED_MISSES),
    nextFireAt,
    misfired,
    ...(maintenance ? { maintenance } : {}),
    calendarSkips: calendarSkips + skipsPast(trigger, now, nextFireAt),
  };
}

/**
 * A due trigger that maintenance held until `releasedAt` (≤ now, within the threshold): its misfire
 * policy decides for the fire times before that instant, as after an outage ending then; the times
 * from it on are ordinary fires. `do_nothing` fires none of the held times and goes on from the first
 * time at or after `releasedAt` (a pass fires it when it is due: an hourly job after a window ending on
 * the hour fires at that hour). `fire_once_now` makes one run: that ordinary fire when it is due by now,
 * else the first held time; the other held times are recorded missed.
 */
function released(
  trigger: DueTrigger,
  first: number,
  releasedAt: number,
  now: number,
  calendarSkips: number,
): DueTimes {
  const held = dueTimesUpTo(trigger, first, releasedAt - 1, MAX_RECORDED_MISSES + 1);
  // The first time at or after the end (past a walk cut at its limit: a jump, as after an outage).
  const ordinary = held.next !== null && held.next < releasedAt ? after(trigger, releasedAt - 1) : held.next;
  const common = { misfired: true, maintenance: true, calendarSkips: calendarSkips + held.skips };
  const missed = (times: number[]) => times.slice(0, MAX_RECORDED_MISSES);
  if (trigger.misfirePolicy !== 'fire_once_now')
    return { ...common, fireTimes: [], missedTimes: missed(held.times), nextFireAt: ordinary };
  if (ordinary !== null && ordinary <= now && included(trigger, ordinary))
    return {
      ...common,
      fireTimes: [ordinary],
      missedTimes: missed(held.times),
      nextFireAt: after(trigger, ordinary),
    };
  return { ...common, fireTimes: [first], missedTimes: missed(held.times.slice(1)), nextFireAt: ordinary };
}

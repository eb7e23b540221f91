import type { MisfirePolicy } from '../../db/schema.js';
import { fireTimeCache } from './fire-time-cache.js';

/** At most this many missed times are recorded per misfire (a trigger every second, down a day). */
export const MAX_RECORDED_MISSES = 1000;

export interface DueTrigger {
  expression: string;
  timeZone: string;
  nextFireAt: number;
  misfirePolicy: MisfirePolicy;
}

export interface DueTimes {
  /** The fire times to fire now, oldest first (each ≤ now). */
  fireTimes: number[];
  /** Fire times skipped by the misfire policy (recorded in missed_fires). */
  missedTimes: number[];
  /** The trigger's next fire time, strictly after the last handled one; null when it never fires again. */
  nextFireAt: number | null;
  misfired: boolean;
}

function after(trigger: DueTrigger, time: number): number | null {
  return fireTimeCache.next(trigger.expression, trigger.timeZone, time);
}

/** The due times of a trigger from its next fire time up to `now`, at most `limit`. */
function dueTimesUpTo(trigger: DueTrigger, now: number, limit: number): number[] {
  const times: number[] = [];
  let time: number | null = trigger.nextFireAt;
  while (time !== null && time <= now && times.length < limit) {
    times.push(time);
    time = after(trigger, time);
  }
  return times;
}

/**
 * What a due trigger fires now. On time (its next fire is at most `thresholdMs` old): every due
 * time, in order — a loop that fell a few seconds behind catches up without a gap. Misfired (older
 * than the threshold, Quartz's misfire): `fire_once_now` fires the first missed time once,
 * `do_nothing` fires nothing; either way the trigger moves to the first time after now and the
 * skipped times are reported.
 */
export function dueTimes(trigger: DueTrigger, now: number, thresholdMs: number): DueTimes {
  const misfired = now - trigger.nextFireAt > thresholdMs;
  if (!misfired) {
    // Within the threshold: at most threshold / 1 s fire times, so the loop stays short.
    const fireTimes = dueTimesUpTo(trigger, now, Number.MAX_SAFE_INTEGER);
    const last = fireTimes[fireTimes.length - 1] ?? trigger.nextFireAt;
    return { fireTimes, missedTimes: [], nextFireAt: after(trigger, last), misfired };
  }
  const missed = dueTimesUpTo(trigger, now, MAX_RECORDED_MISSES + 1);
  const fireOnce = trigger.misfirePolicy === 'fire_once_now';
  return {
    fireTimes: fireOnce ? [trigger.nextFireAt] : [],
    missedTimes: (fireOnce ? missed.slice(1) : missed).slice(0, MAX_RECORDED_MISSES),
    // Jump straight past now: walking a long outage fire by fire would take too long.
    nextFireAt: after(trigger, now),
    misfired,
  };
}

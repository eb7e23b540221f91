import type { ExpectationDayState } from '../../db/schema.js';

/** The run that brought a day's expected files: its step 1 end, its number and its files counted. */
export interface Arrival {
  arrivedAt: number;
  jobInstanceNo: string;
  files: number;
}

export interface OpenDay {
  state: ExpectationDayState;
  deadlineAt: number;
  warnAt: number;
}

/** A state change of a day, and the alert it raises (none for ON_TIME). */
export interface DayTransition {
  from: ExpectationDayState;
  to: ExpectationDayState;
  raises: 'LATE' | 'MISSING' | 'RECOVERED' | undefined;
}

const change = (from: ExpectationDayState, to: ExpectationDayState): DayTransition => ({
  from,
  to,
  raises: to === 'ON_TIME' ? undefined : (to as DayTransition['raises']),
});

/**
 * What a day becomes at `now` (the database's clock), given the arrival found (if any); undefined
 * when it stays as it is. decided once, by whichever node's conditional UPDATE wins:
 *
 *   PENDING  → ON_TIME    the files arrived by the deadline (even when seen later: by their time)
 *   PENDING  → RECOVERED  they arrived after the deadline, before any node saw it pass (nodes down)
 *   PENDING  → MISSING    the deadline passed without them (a missed warning is not raised late)
 *   PENDING  → LATE       the warning time passed without them (warn_at before deadline_at)
 *   LATE     → RECOVERED  they arrived after the warning was raised (it is resolved)
 *   LATE     → MISSING    the deadline passed without them
 *   MISSING  → RECOVERED  they arrived after all
 *
 * ON_TIME and RECOVERED are final.
 */
export function nextDayState(
  day: OpenDay,
  arrival: Arrival | undefined,
  now: number,
): DayTransition | undefined {
  switch (day.state) {
    case 'PENDING':
      if (arrival) return change('PENDING', arrival.arrivedAt <= day.deadlineAt ? 'ON_TIME' : 'RECOVERED');
      if (now >= day.deadlineAt) return change('PENDING', 'MISSING');
      if (day.warnAt < day.deadlineAt && now >= day.warnAt) return change('PENDING', 'LATE');
      return undefined;
    case 'LATE':
      if (arrival) return change('LATE', 'RECOVERED');
      if (now >= day.deadlineAt) return change('LATE', 'MISSING');
      return undefined;
    case 'MISSING':
      return arrival ? change('MISSING', 'RECOVERED') : undefined;
    default:
      return undefined;
  }
}

/**
 * When this day next needs a look without news of an arrival (epoch ms): its warning time or its
 * deadline, whichever comes next after `now`; undefined when only an arrival can change it.
 */
export function nextDueAt(day: OpenDay, now: number): number | undefined {
  if (day.state === 'PENDING' && day.warnAt < day.deadlineAt && day.warnAt > now) return day.warnAt;
  if ((day.state === 'PENDING' || day.state === 'LATE') && day.deadlineAt > now) return day.deadlineAt;
  return undefined;
}

/** Whether a time-driven change may be due at `now` (then the arrival is checked whatever the signal said). */
export function timeDue(day: OpenDay, now: number): boolean {
  if (day.state === 'PENDING')
    return now >= day.deadlineAt || (day.warnAt < day.deadlineAt && now >= day.warnAt);
  return day.state === 'LATE' && now >= day.deadlineAt;
}

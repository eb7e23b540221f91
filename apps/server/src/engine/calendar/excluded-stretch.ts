import { CalendarClock } from './calendar-time.js';
import { calendarZone, type Calendar } from './calendar-model.js';
import { dailyBounds, excludedByLink } from './is-time-included.js';

/**
 * The end of the stretch of time, starting at an excluded instant, that the calendar provably excludes
 * as a whole: an instant `end` ≥ `epochMs` such that every instant in [epochMs, end] is excluded.
 * Returns `epochMs` itself when it can promise no more.
 *
 * A date-based calendar (holiday, annual, weekly, monthly) that excludes an instant excludes every
 * instant of the same local date; a daily calendar excludes the rest of its range (or, inverted, the
 * time up to the range, or after it up to 23:59:59.999). The stretch never leaves the instant's local
 * date, and when the calendar's zone changes its offset inside it, the change must not leave that date
 * either (a fall-back across midnight would), so that every instant of the stretch has that date.
 * A cron calendar promises nothing: its instants are tested one by one.
 */
export function excludedStretchEnd(calendar: Calendar, epochMs: number, triggerTimeZone: string): number {
  let end = epochMs;
  for (let link: Calendar | undefined = calendar; link; link = link.base) {
    if (link.kind === 'cron' || !excludedByLink(link, epochMs, triggerTimeZone)) continue;
    const clock = CalendarClock.of(calendarZone(link, triggerTimeZone));
    const candidate = linkStretchEnd(link, clock, epochMs);
    if (candidate > end && staysOnOneDate(clock, epochMs, candidate)) end = candidate;
  }
  return end;
}

function staysOnOneDate(clock: CalendarClock, fromMs: number, toMs: number): boolean {
  const day = clock.dayOf(fromMs);
  if (clock.dayOf(toMs) !== day) return false;
  const change = clock.firstChangeIn(fromMs, toMs);
  return change === undefined || (clock.dayOf(change.at - 1) === day && clock.dayOf(change.at) === day);
}

function linkStretchEnd(link: Calendar, clock: CalendarClock, epochMs: number): number {
  switch (link.kind) {
    case 'holiday':
    case 'annual':
    case 'weekly':
    case 'monthly':
      return clock.endOfDay(epochMs);
    case 'daily': {
      const { dayStart, rangeStart, rangeEnd, dayEnd } = dailyBounds(link, clock, epochMs);
      if (!link.invert) {
        // Midnight is excluded too: with a range from 00:00:00.001 (or 00:00) it joins the range.
        const from = epochMs === dayStart && rangeStart <= dayStart + 1 ? rangeStart : epochMs;
        return from >= rangeStart && from <= rangeEnd ? rangeEnd : epochMs;
      }
      if (epochMs < rangeStart) return rangeStart - 1;
      return epochMs > rangeEnd ? dayEnd : epochMs;
    }
    case 'cron':
      return epochMs;
  }
}

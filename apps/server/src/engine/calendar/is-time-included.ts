import { dayOfWeekOfDayNumber, civilFromDays } from '../cron/gregorian-date.js';
import { nextFireAfter } from '../cron/next-fire.js';
import { CalendarClock, MS_PER_DAY, MS_PER_SECOND } from './calendar-time.js';
import { calendarZone, type Calendar, type DailyCalendar, type HolidayCalendar } from './calendar-model.js';

/**
 * True when the calendar — and every base calendar under it — includes the instant, exactly as the
 * isTimeIncluded of Quartz 2.3.2's calendars decides it. A calendar without its own zone judges in
 * `triggerTimeZone` (in Quartz: the JVM's default zone, which LIS's reference sets to the trigger's).
 */
export function isTimeIncluded(calendar: Calendar, epochMs: number, triggerTimeZone: string): boolean {
  for (let link: Calendar | undefined = calendar; link; link = link.base) {
    if (excludedByLink(link, epochMs, triggerTimeZone)) return false;
  }
  return true;
}

/** Whether this one calendar (its base aside) excludes the instant. */
export function excludedByLink(link: Calendar, epochMs: number, triggerTimeZone: string): boolean {
  const clock = CalendarClock.of(calendarZone(link, triggerTimeZone));
  switch (link.kind) {
    case 'holiday':
      // HolidayCalendar keeps the start of each excluded day and looks up the start of the instant's day.
      return holidayStarts(link, clock).has(clock.startOfDay(epochMs));
    case 'annual': {
      const date = civilFromDays(clock.dayOf(epochMs));
      return link.monthDays.has(date.month * 100 + date.day);
    }
    case 'weekly':
      return link.weekdays.has(dayOfWeekOfDayNumber(clock.dayOf(epochMs)));
    case 'monthly':
      return link.monthDays.has(civilFromDays(clock.dayOf(epochMs)).day);
    case 'daily':
      return !dailyIncludes(link, clock, epochMs);
    case 'cron': {
      // CronExpression.isSatisfiedBy: the second (milliseconds set to 0) is the one after the second before it.
      const second = clock.wholeSecondOf(epochMs);
      return nextFireAfter(link.expression, second - MS_PER_SECOND, clock.zone) === second;
    }
  }
}

/** The four instants a DailyCalendar compares with, for the local date of `epochMs`. */
export function dailyBounds(
  link: DailyCalendar,
  clock: CalendarClock,
  epochMs: number,
): { dayStart: number; rangeStart: number; rangeEnd: number; dayEnd: number } {
  const day = clock.dayOf(epochMs);
  return {
    dayStart: clock.at(day, 0),
    rangeStart: clock.at(day, link.fromMs),
    rangeEnd: clock.at(day, link.toMs),
    dayEnd: clock.at(day, MS_PER_DAY - 1),
  };
}

/**
 * DailyCalendar.isTimeIncluded: both ends of the range are excluded, and so (not inverted) are local
 * midnight and 23:59:59.999 themselves; inverted, exactly the range with its ends is included.
 */
function dailyIncludes(link: DailyCalendar, clock: CalendarClock, epochMs: number): boolean {
  const { dayStart, rangeStart, rangeEnd, dayEnd } = dailyBounds(link, clock, epochMs);
  if (link.invert) return epochMs >= rangeStart && epochMs <= rangeEnd;
  return (epochMs > dayStart && epochMs < rangeStart) || (epochMs > rangeEnd && epochMs < dayEnd);
}

const holidayCache = new WeakMap<HolidayCalendar, Map<string, ReadonlySet<number>>>();

/** The instants of 00:00 of each excluded date in the clock's zone (as addExcludedDate stores them). */
function holidayStarts(link: HolidayCalendar, clock: CalendarClock): ReadonlySet<number> {
  let byZone = holidayCache.get(link);
  if (!byZone) {
    byZone = new Map();
    holidayCache.set(link, byZone);
  }
  let starts = byZone.get(clock.zone.timeZone);
  if (!starts) {
    starts = new Set(link.days.map((day) => clock.startOfDay(clock.at(day, 0))));
    byZone.set(clock.zone.timeZone, starts);
  }
  return starts;
}

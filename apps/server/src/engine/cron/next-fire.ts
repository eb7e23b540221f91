import type { CronExpression } from './cron-expression.js';
import { LAST_YEAR } from './cron-fields.js';
import { MS_PER_SECOND } from './gregorian-date.js';
import { LenientCalendar } from './lenient-calendar.js';
import { moveToMatchingDay } from './next-fire-day.js';
import type { TimeZoneRules } from './time-zone.js';

/** A guard against a bug looping for ever; a real search needs at most a few thousand steps. */
const MAX_SEARCH_STEPS = 200_000;

/**
 * The first instant strictly after `afterMs` (epoch milliseconds) at which the expression fires in
 * the zone, or undefined when it never fires again (after the year 2099).
 *
 * This follows Quartz 2.3.2's CronExpression.getTimeAfter step by step, on a calendar that behaves
 * like the lenient java.util.GregorianCalendar it uses, so that fire times are Quartz's in every case,
 * daylight-saving changes included: a wall time in a spring-forward gap moves forward by the gap, and a
 * wall time in a fall-back overlap is read as the later instant (standard time). Each step jumps to the
 * next allowed second, minute, hour, day, month or year, never scanning second by second.
 */
export function nextFireAfter(
  expression: CronExpression,
  afterMs: number,
  zone: TimeZoneRules,
): number | undefined {
  const { seconds, minutes, hours, months, years } = expression;
  // Quartz looks from one second after the given time, with milliseconds dropped.
  const searchStart = Math.floor(afterMs / MS_PER_SECOND) * MS_PER_SECOND + MS_PER_SECOND;
  const calendar = new LenientCalendar(zone, searchStart);
  // Quartz then sets the milliseconds to 0, which makes the calendar re-read its wall time.
  calendar.set('second', calendar.get('second'));

  for (let step = 0; step < MAX_SEARCH_STEPS; step++) {
    if (calendar.get('year') > LAST_YEAR) return undefined;

    // Second.
    let second = calendar.get('second');
    let minute = calendar.get('minute');
    const nextSecond = seconds.atOrAfter(second);
    if (nextSecond !== undefined) {
      second = nextSecond;
    } else {
      second = seconds.first;
      calendar.set('minute', minute + 1);
    }
    calendar.set('second', second);

    // Minute.
    minute = calendar.get('minute');
    let hour = calendar.get('hour');
    const nextMinute = minutes.atOrAfter(minute);
    if (nextMinute !== minute) {
      if (nextMinute === undefined) hour++;
      calendar.set('second', 0);
      calendar.set('minute', nextMinute ?? minutes.first);
      setHourSkippingGap(calendar, hour);
      continue;
    }
    calendar.set('minute', minute);

    // Hour.
    hour = calendar.get('hour');
    let day = calendar.get('day');
    const nextHour = hours.atOrAfter(hour);
    if (nextHour !== hour) {
      if (nextHour === undefined) day++;
      calendar.set('second', 0);
      calendar.set('minute', 0);
      calendar.set('day', day);
      setHourSkippingGap(calendar, nextHour ?? hours.first);
      continue;
    }
    calendar.set('hour', hour);

    // Day (day-of-month or day-of-week rule).
    const matchedDay = moveToMatchingDay(calendar, expression.dayRule, searchStart, { second, minute, hour });
    if (matchedDay === undefined) continue;
    calendar.set('day', matchedDay);

    // Month.
    let month = calendar.get('month');
    let year = calendar.get('year');
    if (year > LAST_YEAR) return undefined;
    const nextMonth = months.atOrAfter(month);
    if (nextMonth !== month) {
      if (nextMonth === undefined) year++;
      month = nextMonth ?? months.first;
      resetToStartOfMonth(calendar, month, year);
      continue;
    }
    calendar.set('month', month);

    // Year.
    year = calendar.get('year');
    const nextYear = years.atOrAfter(year);
    if (nextYear === undefined) return undefined;
    if (nextYear !== year) {
      resetToStartOfMonth(calendar, 1, nextYear);
      continue;
    }
    calendar.set('year', year);
    return calendar.time();
  }
  throw new Error(`No fire time found for "${expression.text}" after ${MAX_SEARCH_STEPS} steps`);
}

function resetToStartOfMonth(calendar: LenientCalendar, month: number, year: number): void {
  calendar.set('second', 0);
  calendar.set('minute', 0);
  calendar.set('hour', 0);
  calendar.set('day', 1);
  calendar.set('month', month);
  calendar.set('year', year);
}

/** Quartz's setCalendarHour: when the hour does not exist (spring-forward gap), take the next one. */
function setHourSkippingGap(calendar: LenientCalendar, hour: number): void {
  calendar.set('hour', hour);
  if (calendar.get('hour') !== hour && hour !== 24) calendar.set('hour', hour + 1);
}

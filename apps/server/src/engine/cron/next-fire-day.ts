import type { CronDayRule } from './cron-expression.js';
import { lastDayOfMonth } from './gregorian-date.js';
import { LenientCalendar } from './lenient-calendar.js';

const SUNDAY = 1;
const SATURDAY = 7;

export interface TimeOfDay {
  readonly second: number;
  readonly minute: number;
  readonly hour: number;
}

/**
 * The day step of Quartz's getTimeAfter. Returns the calendar's day when it satisfies the rule;
 * otherwise moves the calendar (to midnight of a later day, possibly in a later month) and returns
 * undefined so that the search starts over from the seconds.
 */
export function moveToMatchingDay(
  calendar: LenientCalendar,
  rule: CronDayRule,
  searchStart: number,
  time: TimeOfDay,
): number | undefined {
  const day = calendar.get('day');
  const month = calendar.get('month');
  const year = calendar.get('year');
  const monthLength = lastDayOfMonth(month, year);

  switch (rule.kind) {
    case 'daysOfMonth': {
      const next = rule.days.atOrAfter(day);
      if (next === day) return day;
      if (next !== undefined && next <= monthLength) return moveToMidnight(calendar, next, month);
      return moveToMidnight(calendar, rule.days.first, month + 1);
    }
    case 'lastDayOfMonth': {
      const target = monthLength - rule.offset;
      if (rule.nearestWeekday) {
        const weekday = nearestWeekdayOnOrAfterStart(calendar, target, month, year, time, searchStart);
        return weekday === undefined
          ? moveToMidnight(calendar, 1, month + 1)
          : keepOrMove(calendar, day, weekday, month);
      }
      if (day <= target) return keepOrMove(calendar, day, target, month);
      // Quartz moves past December with add(YEAR, 1) and January.
      if (month === 12) {
        calendar.addYears(1);
        return moveToMidnight(calendar, 1, 1);
      }
      return moveToMidnight(calendar, 1, month + 1);
    }
    case 'nearestWeekday': {
      const weekday = nearestWeekdayOnOrAfterStart(calendar, rule.day, month, year, time, searchStart);
      return weekday === undefined
        ? moveToMidnight(calendar, rule.day, month + 1)
        : keepOrMove(calendar, day, weekday, month);
    }
    case 'daysOfWeek': {
      const current = calendar.dayOfWeek();
      const wanted = rule.days.atOrAfter(current) ?? rule.days.first;
      const daysToAdd = daysUntil(current, wanted);
      if (day + daysToAdd > monthLength) return moveToMidnight(calendar, 1, month + 1);
      return daysToAdd > 0 ? moveToMidnight(calendar, day + daysToAdd, month) : day;
    }
    case 'lastDayOfWeekInMonth': {
      let daysToAdd = daysUntil(calendar.dayOfWeek(), rule.dayOfWeek);
      if (day + daysToAdd > monthLength) return moveToMidnight(calendar, 1, month + 1);
      while (day + daysToAdd + 7 <= monthLength) daysToAdd += 7;
      return daysToAdd > 0 ? moveToMidnight(calendar, day + daysToAdd, month) : day;
    }
    case 'nthDayOfWeekInMonth': {
      const shift = daysUntil(calendar.dayOfWeek(), rule.dayOfWeek);
      const shiftedDay = day + shift;
      const weekOfMonth = Math.ceil(shiftedDay / 7);
      const weeksToAdd = rule.nth - weekOfMonth;
      const target = shiftedDay + weeksToAdd * 7;
      if (weeksToAdd < 0 || target > monthLength) return moveToMidnight(calendar, 1, month + 1);
      return weeksToAdd > 0 || shift > 0 ? moveToMidnight(calendar, target, month) : day;
    }
  }
}

/** Days from one day of the week to the next occurrence of another (0 when the same). */
function daysUntil(current: number, wanted: number): number {
  if (current < wanted) return wanted - current;
  if (current > wanted) return wanted + 7 - current;
  return 0;
}

function keepOrMove(
  calendar: LenientCalendar,
  day: number,
  target: number,
  month: number,
): number | undefined {
  return target === day ? day : moveToMidnight(calendar, target, month);
}

/** Sets midnight of a day; day and month may overflow (lenient calendar). Returns undefined: search again. */
function moveToMidnight(calendar: LenientCalendar, day: number, month: number): undefined {
  calendar.set('second', 0);
  calendar.set('minute', 0);
  calendar.set('hour', 0);
  calendar.set('day', day);
  calendar.set('month', month);
  return undefined;
}

/**
 * The weekday (Monday–Friday) nearest to a day of the month, without leaving the month, as Quartz
 * computes it for `W`; undefined when that day at the current time of day is before the search start
 * (the rule then moves on to the next month).
 */
function nearestWeekdayOnOrAfterStart(
  calendar: LenientCalendar,
  day: number,
  month: number,
  year: number,
  time: TimeOfDay,
  searchStart: number,
): number | undefined {
  const probe = new LenientCalendar(calendar.zone, 0);
  probe.set('second', 0);
  probe.set('minute', 0);
  probe.set('hour', 0);
  probe.set('day', day);
  probe.set('month', month);
  probe.set('year', year);
  const monthLength = lastDayOfMonth(month, year);
  const dayOfWeek = probe.dayOfWeek();
  let weekday = day;
  if (dayOfWeek === SATURDAY && day === 1) weekday += 2;
  else if (dayOfWeek === SATURDAY) weekday -= 1;
  else if (dayOfWeek === SUNDAY && day === monthLength) weekday -= 2;
  else if (dayOfWeek === SUNDAY) weekday += 1;
  probe.set('second', time.second);
  probe.set('minute', time.minute);
  probe.set('hour', time.hour);
  probe.set('day', weekday);
  probe.set('month', month);
  return probe.time() < searchStart ? undefined : weekday;
}

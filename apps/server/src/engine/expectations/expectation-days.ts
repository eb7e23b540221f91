import { civilFromDays, daysFromCivil, MS_PER_DAY, MS_PER_MINUTE } from '../cron/gregorian-date.js';
import { TimeZoneRules } from '../cron/time-zone.js';

/*
 * The days of expectations (issue 35) in the job's zone (LIS_TIMEZONE): a business day is named
 * `yyyy-mm-dd`; its deadline is the expectation's HH:MM on it, resolved as Quartz resolves a wall time
 * (a time in a spring-forward gap moves forward, one in a fall-back overlap is the later instant).
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The day number (days since 1970-01-01) of a `yyyy-mm-dd`. */
function dayNumberOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return daysFromCivil(year, month, date);
}

function dayText(dayNumber: number): string {
  const civil = civilFromDays(dayNumber);
  return `${pad(civil.year, 4)}-${pad(civil.month)}-${pad(civil.day)}`;
}

/** The `yyyy-mm-dd` of an instant in a zone. */
export function dayOfInstant(at: number, timeZone: string): string {
  const wall = at + TimeZoneRules.of(timeZone).offsetAt(at);
  return dayText(Math.floor(wall / MS_PER_DAY));
}

/** The day `offset` days after `day`. */
export function addDays(day: string, offset: number): string {
  return dayText(dayNumberOf(day) + offset);
}

/** Days from `from` to `to` inclusive (0 when `to` is before `from`). */
export function daysFromTo(from: string, to: string): number {
  return Math.max(0, dayNumberOf(to) - dayNumberOf(from) + 1);
}

/** The instant of `HH:MM` (minutes after midnight) on `day` in a zone. */
export function instantOnDay(day: string, minuteOfDay: number, timeZone: string): number {
  return TimeZoneRules.of(timeZone).wallTimeToInstant(
    dayNumberOf(day) * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE,
  );
}

/** The first instant of `day` in a zone. */
export function dayStart(day: string, timeZone: string): number {
  return instantOnDay(day, 0, timeZone);
}

/** `HH:MM` as minutes after midnight; undefined when it is not a time of day. */
export function minuteOfDay(deadline: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(deadline);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/**
 * A business day's deadline and warning time (epoch ms): the expectation's HH:MM on the day, and
 * `warnBeforeMinutes` earlier (the same instant when 0: no LATE warning).
 */
export function deadlineOf(
  day: string,
  deadline: string,
  warnBeforeMinutes: number,
  timeZone: string,
): { deadlineAt: number; warnAt: number } {
  const minutes = minuteOfDay(deadline);
  if (minutes === undefined) throw new RangeError(`not an HH:MM deadline: ${deadline}`);
  const deadlineAt = instantOnDay(day, minutes, timeZone);
  return { deadlineAt, warnAt: deadlineAt - warnBeforeMinutes * MS_PER_MINUTE };
}

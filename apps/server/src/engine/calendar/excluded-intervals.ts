import { nextFireAfter } from '../cron/next-fire.js';
import { CalendarClock, MS_PER_DAY, MS_PER_SECOND } from './calendar-time.js';
import { calendarZone, type Calendar, type CronCalendar, type DailyCalendar } from './calendar-model.js';
import { excludedByLink } from './is-time-included.js';

/** A stretch of excluded time, [from, to) in epoch milliseconds. */
export interface ExcludedInterval {
  readonly from: number;
  readonly to: number;
}

/** A cron calendar's matches are listed one by one up to this many per calendar and call. */
export const MAX_CRON_CALENDAR_MATCHES = 20_000;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * What the calendar (with its bases) excludes in [fromMs, toMs), as sorted, merged half-open intervals —
 * for the month view of the console. Exact to the millisecond for the date-based calendars (whole local
 * days) and daily ones (their range, with Quartz's quirks: a non-inverted range also excludes local
 * midnight and 23:59:59.999, both ends included). A cron calendar's matching seconds are listed, a
 * whole minute, hour or day at once when the expression matches all of it; up to
 * MAX_CRON_CALENDAR_MATCHES of them (a calendar matching single seconds all month is cut there). On a
 * fall-back day, the first pass of a repeated hour that a cron calendar excludes is not listed.
 */
export function excludedIntervals(
  calendar: Calendar,
  fromMs: number,
  toMs: number,
  triggerTimeZone: string,
): ExcludedInterval[] {
  const intervals: ExcludedInterval[] = [];
  for (let link: Calendar | undefined = calendar; link; link = link.base) {
    const clock = CalendarClock.of(calendarZone(link, triggerTimeZone));
    if (link.kind === 'cron') cronIntervals(link, clock, fromMs, toMs, intervals);
    else dayIntervals(link, clock, fromMs, toMs, intervals);
  }
  return merge(intervals, fromMs, toMs);
}

function dayIntervals(
  link: Exclude<Calendar, CronCalendar>,
  clock: CalendarClock,
  fromMs: number,
  toMs: number,
  into: ExcludedInterval[],
): void {
  for (let day = clock.dayOf(fromMs); day <= clock.dayOf(toMs - 1); day++) {
    const start = clock.at(day, 0);
    const next = clock.at(day + 1, 0);
    if (link.kind === 'daily') {
      into.push(...dailyWindows(link, clock, day, start, next));
    } else if (excludedByLink(link, clock.at(day, MS_PER_DAY / 2), clock.zone.timeZone)) {
      // A date-based calendar judges every instant of a local date alike: noon stands for the day.
      into.push({ from: start, to: next });
    }
  }
}

function dailyWindows(
  link: DailyCalendar,
  clock: CalendarClock,
  day: number,
  start: number,
  next: number,
): ExcludedInterval[] {
  const rangeStart = clock.at(day, link.fromMs);
  const rangeEnd = clock.at(day, link.toMs);
  if (link.invert)
    return [
      { from: start, to: rangeStart },
      { from: rangeEnd + 1, to: next },
    ];
  const dayEnd = clock.at(day, MS_PER_DAY - 1);
  return [
    { from: start, to: start + 1 },
    { from: rangeStart, to: rangeEnd + 1 },
    { from: dayEnd, to: next },
  ];
}

function cronIntervals(
  link: CronCalendar,
  clock: CalendarClock,
  fromMs: number,
  toMs: number,
  into: ExcludedInterval[],
): void {
  const { seconds, minutes, hours } = link.expression;
  const everySecond = seconds.values.length === 60;
  const everyMinute = everySecond && minutes.values.length === 60;
  const everyHour = everyMinute && hours.values.length === 24;
  let match = nextFireAfter(link.expression, fromMs - MS_PER_SECOND, clock.zone);
  for (let listed = 0; match !== undefined && match < toMs && listed < MAX_CRON_CALENDAR_MATCHES; listed++) {
    const msOfDay = match + clock.zone.offsetAt(match) - clock.dayOf(match) * MS_PER_DAY;
    let to = match + MS_PER_SECOND;
    if (everyHour && msOfDay === 0) to = clock.at(clock.dayOf(match) + 1, 0);
    else if (everyMinute && msOfDay % HOUR === 0) to = match + HOUR;
    else if (everySecond && msOfDay % MINUTE === 0) to = match + MINUTE;
    into.push({ from: match, to });
    match = nextFireAfter(link.expression, to - MS_PER_SECOND, clock.zone);
  }
}

function merge(intervals: ExcludedInterval[], fromMs: number, toMs: number): ExcludedInterval[] {
  const sorted = intervals
    .map(({ from, to }) => ({ from: Math.max(from, fromMs), to: Math.min(to, toMs) }))
    .filter(({ from, to }) => from < to)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.from <= last.to) last.to = Math.max(last.to, interval.to);
    else merged.push({ ...interval });
  }
  return merged;
}

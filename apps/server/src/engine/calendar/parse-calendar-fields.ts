import { WEEKDAYS } from '@lis/contracts';
import { daysFromCivil, lastDayOfMonth } from '../cron/gregorian-date.js';
import { CalendarDefinitionError } from './calendar-errors.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;
/** HH:MM, HH:MM:SS or HH:MM:SS.mmm — the fraction is a decimal fraction of a second (.5 is 500 ms). */
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** A yyyy-mm-dd date that is a real day (proleptic Gregorian), as a day number. */
export function readDate(value: unknown, path: string): number {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match)
    throw new CalendarDefinitionError(path, `expected a date yyyy-mm-dd (got ${JSON.stringify(value)})`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > lastDayOfMonth(month, year))
    throw new CalendarDefinitionError(path, `${String(value)} is not a day`);
  return daysFromCivil(year, month, day);
}

/** An mm-dd month-day that some year has (02-29 is one: leap years), as month * 100 + day. */
export function readMonthDay(value: unknown, path: string): number {
  const match = typeof value === 'string' ? MONTH_DAY.exec(value) : null;
  if (!match)
    throw new CalendarDefinitionError(path, `expected a month-day mm-dd (got ${JSON.stringify(value)})`);
  const [month, day] = [Number(match[1]), Number(match[2])];
  // 2000 is a leap year: 02-29 is a day of it.
  if (month < 1 || month > 12 || day < 1 || day > lastDayOfMonth(month, 2000))
    throw new CalendarDefinitionError(path, `${String(value)} is not a day of any year`);
  return month * 100 + day;
}

/** Weekday names, each once, as java.util.Calendar's numbers (1 = SUN … 7 = SAT). */
export function readWeekdays(items: readonly unknown[], path: string): ReadonlySet<number> {
  const days = new Set<number>();
  items.forEach((item, index) => {
    const number = WEEKDAYS.indexOf(item as (typeof WEEKDAYS)[number]) + 1;
    if (number === 0)
      throw new CalendarDefinitionError(
        `${path}[${index}]`,
        `expected one of ${WEEKDAYS.join(', ')} (got ${JSON.stringify(item)})`,
      );
    if (days.has(number))
      throw new CalendarDefinitionError(`${path}[${index}]`, `${String(item)} is listed twice`);
    days.add(number);
  });
  return days;
}

/** Days of the month 1–31, each once. */
export function readMonthDays(items: readonly unknown[], path: string): ReadonlySet<number> {
  const days = new Set<number>();
  items.forEach((item, index) => {
    if (typeof item !== 'number' || !Number.isInteger(item) || item < 1 || item > 31)
      throw new CalendarDefinitionError(
        `${path}[${index}]`,
        `expected a day of the month from 1 to 31 (got ${JSON.stringify(item)})`,
      );
    if (days.has(item)) throw new CalendarDefinitionError(`${path}[${index}]`, `${item} is listed twice`);
    days.add(item);
  });
  return days;
}

/**
 * A DailyCalendar time of day, as milliseconds since midnight. Quartz refuses an hour above 23, a
 * minute or second above 59 (so 24:00 is refused: end a range at 23:59:59.999).
 */
export function readDailyTime(value: unknown, path: string): number {
  const match = typeof value === 'string' ? TIME_OF_DAY.exec(value) : null;
  if (!match)
    throw new CalendarDefinitionError(
      path,
      `expected a time of day HH:MM, HH:MM:SS or HH:MM:SS.mmm (got ${JSON.stringify(value)})`,
    );
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  const millis = Number((match[4] ?? '').padEnd(3, '0'));
  if (hour > 23)
    throw new CalendarDefinitionError(
      path,
      `invalid hour of day ${hour} (0–23; end a range at 23:59:59.999)`,
    );
  if (minute > 59) throw new CalendarDefinitionError(path, `invalid minute ${minute} (0–59)`);
  if (second > 59) throw new CalendarDefinitionError(path, `invalid second ${second} (0–59)`);
  return ((hour * 60 + minute) * 60 + second) * 1000 + millis;
}

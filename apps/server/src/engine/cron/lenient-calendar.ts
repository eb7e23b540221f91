import {
  civilFromDays,
  dayOfWeekOfDayNumber,
  daysFromCivil,
  floorDiv,
  floorMod,
  lastDayOfMonth,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  MS_PER_SECOND,
} from './gregorian-date.js';
import type { TimeZoneRules } from './time-zone.js';

export type CalendarField = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/**
 * A wall-clock calendar in a time zone that behaves like a lenient java.util.GregorianCalendar,
 * as Quartz's CronExpression uses one: `set` only records a field (any value, e.g. minute 60 or
 * day 32); the next `get` normalises all fields together, turns the wall time into an instant
 * (gap and overlap rules of {@link TimeZoneRules.wallTimeToInstant}) and reads the fields back
 * from that instant. Month is 1–12 here (Java's is 0–11); milliseconds are always 0.
 */
export class LenientCalendar {
  private fields: Record<CalendarField, number> = {
    year: 1970,
    month: 1,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
  };
  private instant = 0;
  private dayNumber = 0;
  private pending = false;

  constructor(
    readonly zone: TimeZoneRules,
    epochMs: number,
  ) {
    this.setInstant(epochMs);
  }

  /** Moves the calendar to an instant, dropping milliseconds. */
  setInstant(epochMs: number): void {
    this.instant = floorDiv(epochMs, MS_PER_SECOND) * MS_PER_SECOND;
    const wall = this.instant + this.zone.offsetAt(this.instant);
    this.dayNumber = floorDiv(wall, MS_PER_DAY);
    const date = civilFromDays(this.dayNumber);
    const msOfDay = wall - this.dayNumber * MS_PER_DAY;
    this.fields = {
      year: date.year,
      month: date.month,
      day: date.day,
      hour: Math.floor(msOfDay / MS_PER_HOUR),
      minute: Math.floor((msOfDay % MS_PER_HOUR) / MS_PER_MINUTE),
      second: Math.floor((msOfDay % MS_PER_MINUTE) / MS_PER_SECOND),
    };
    this.pending = false;
  }

  set(field: CalendarField, value: number): void {
    this.fields[field] = value;
    this.pending = true;
  }

  get(field: CalendarField): number {
    this.complete();
    return this.fields[field];
  }

  /** 1 = Sunday … 7 = Saturday. */
  dayOfWeek(): number {
    this.complete();
    return dayOfWeekOfDayNumber(this.dayNumber);
  }

  /** Like Calendar.add(YEAR, years): keeps the month and pins the day to the month's length. */
  addYears(years: number): void {
    this.complete();
    this.fields.year += years;
    const monthLength = lastDayOfMonth(this.fields.month, this.fields.year);
    if (this.fields.day > monthLength) this.fields.day = monthLength;
    this.pending = true;
  }

  /** The instant, in epoch milliseconds. */
  time(): number {
    this.complete();
    return this.instant;
  }

  private complete(): void {
    if (!this.pending) return;
    const { year, month, day, hour, minute, second } = this.fields;
    const monthIndex = month - 1;
    const firstOfMonth = daysFromCivil(year + floorDiv(monthIndex, 12), floorMod(monthIndex, 12) + 1, 1);
    const wall =
      (firstOfMonth + day - 1) * MS_PER_DAY +
      hour * MS_PER_HOUR +
      minute * MS_PER_MINUTE +
      second * MS_PER_SECOND;
    this.setInstant(this.zone.wallTimeToInstant(wall));
  }
}

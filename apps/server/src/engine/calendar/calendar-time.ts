import { MS_PER_DAY, MS_PER_SECOND } from '../cron/gregorian-date.js';
import { LenientCalendar } from '../cron/lenient-calendar.js';
import { TimeZoneRules } from '../cron/time-zone.js';

/**
 * Wall-clock arithmetic at millisecond precision, as Quartz's calendars do it with a lenient
 * java.util.Calendar: a calendar reads the fields of an instant in its zone, sets some of them (the
 * hour, minute, second and millisecond of a range end, or midnight) and turns the wall time back into
 * an instant — a time in a spring-forward gap moves forward by the gap, a time that happens twice in a
 * fall-back overlap is the later instant (TimeZoneRules.wallTimeToInstant).
 */
export class CalendarClock {
  private static readonly byZone = new Map<string, CalendarClock>();

  private constructor(readonly zone: TimeZoneRules) {}

  /** The clock of a zone (cached); throws UnknownTimeZoneError for an unknown name. */
  static of(timeZone: string): CalendarClock {
    let clock = CalendarClock.byZone.get(timeZone);
    if (!clock) {
      clock = new CalendarClock(TimeZoneRules.of(timeZone));
      CalendarClock.byZone.set(timeZone, clock);
    }
    return clock;
  }

  /** The local date of an instant, as a day number (days since 1970-01-01). */
  dayOf(epochMs: number): number {
    return Math.floor((epochMs + this.zone.offsetAt(epochMs)) / MS_PER_DAY);
  }

  /** The instant of a wall time: a local date (day number) and milliseconds since its midnight. */
  at(dayNumber: number, msOfDay: number): number {
    return this.zone.wallTimeToInstant(dayNumber * MS_PER_DAY + msOfDay);
  }

  /** Quartz's getStartOfDayJavaCalendar: 00:00:00.000 of the instant's local date. */
  startOfDay(epochMs: number): number {
    return this.at(this.dayOf(epochMs), 0);
  }

  /** Quartz's getEndOfDayJavaCalendar: 23:59:59.999 of the instant's local date. */
  endOfDay(epochMs: number): number {
    return this.at(this.dayOf(epochMs), MS_PER_DAY - 1);
  }

  /**
   * The first change of the zone's offset in (fromMs, toMs], as the instant from which the new offset
   * applies; undefined when there is none. Looks at 6-hour samples (two changes of a zone within six
   * hours that cancel out would go unseen; tzdb has none since 1970) and pins the first down to the ms.
   */
  firstChangeIn(fromMs: number, toMs: number): { at: number; before: number; after: number } | undefined {
    const before = this.zone.offsetAt(fromMs);
    let low = fromMs;
    let high = fromMs;
    do {
      if (high >= toMs) return undefined;
      low = high;
      high = Math.min(high + SAMPLE_MS, toMs);
    } while (this.zone.offsetAt(high) === before);
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2);
      if (this.zone.offsetAt(middle) === before) low = middle;
      else high = middle;
    }
    return { at: high, before, after: this.zone.offsetAt(high) };
  }

  /**
   * The instant CronExpression.isSatisfiedBy compares with: the instant's wall time with the
   * milliseconds set to 0, resolved again (in a fall-back overlap that is the later instant).
   */
  wholeSecondOf(epochMs: number): number {
    const calendar = new LenientCalendar(this.zone, epochMs);
    calendar.set('second', calendar.get('second'));
    return calendar.time();
  }
}

const SAMPLE_MS = MS_PER_DAY / 4;

export { MS_PER_DAY, MS_PER_SECOND };

import type { CronExpression } from '../cron/index.js';

/**
 * A business calendar checked and ready to use (issue 34): the parsed form of a `CalendarDefinition`
 * (@lis/contracts). Each kind is one of Quartz 2.3.2's `org.quartz.impl.calendar` classes; `timeZone`
 * is the calendar's own zone (undefined: the trigger's, also for a base calendar), `base` the calendar
 * whose exclusions this one adds to (Quartz's base-calendar chain).
 */
export type Calendar =
  HolidayCalendar | AnnualCalendar | WeeklyCalendar | MonthlyCalendar | DailyCalendar | CronCalendar;

interface CalendarCommon {
  readonly timeZone: string | undefined;
  readonly base: Calendar | undefined;
}

/** HolidayCalendar: whole days, as day numbers (days since 1970-01-01) of their yyyy-mm-dd dates. */
export interface HolidayCalendar extends CalendarCommon {
  readonly kind: 'holiday';
  readonly days: readonly number[];
}

/** AnnualCalendar: month-days excluded every year, as month * 100 + day (1231 is 31 December). */
export interface AnnualCalendar extends CalendarCommon {
  readonly kind: 'annual';
  readonly monthDays: ReadonlySet<number>;
}

/** WeeklyCalendar: days of the week, 1 = Sunday … 7 = Saturday (java.util.Calendar's numbers). */
export interface WeeklyCalendar extends CalendarCommon {
  readonly kind: 'weekly';
  readonly weekdays: ReadonlySet<number>;
}

/** MonthlyCalendar: days of the month, 1–31. */
export interface MonthlyCalendar extends CalendarCommon {
  readonly kind: 'monthly';
  readonly monthDays: ReadonlySet<number>;
}

/** DailyCalendar: a range of each day, as milliseconds since local midnight, both ends included. */
export interface DailyCalendar extends CalendarCommon {
  readonly kind: 'daily';
  readonly fromMs: number;
  readonly toMs: number;
  /** true: only the range is included (Quartz's invertTimeRange). */
  readonly invert: boolean;
}

/** CronCalendar: the seconds its expression matches are excluded. */
export interface CronCalendar extends CalendarCommon {
  readonly kind: 'cron';
  readonly expression: CronExpression;
}

/** The zone a calendar judges time in: its own, else the trigger's. */
export function calendarZone(calendar: Calendar, triggerTimeZone: string): string {
  return calendar.timeZone ?? triggerTimeZone;
}

/** The calendar and its bases, outermost first. */
export function calendarChain(calendar: Calendar): Calendar[] {
  const chain: Calendar[] = [];
  for (let current: Calendar | undefined = calendar; current; current = current.base) chain.push(current);
  return chain;
}

/**
 * True when a calendar of the chain excludes every instant: a weekly calendar of all seven days or a
 * monthly one of all 31 (Quartz's `excludeAll`). Such a trigger never fires.
 */
export function excludesEverything(calendar: Calendar): boolean {
  return calendarChain(calendar).some(
    (link) =>
      (link.kind === 'weekly' && link.weekdays.size === 7) ||
      (link.kind === 'monthly' && link.monthDays.size === 31),
  );
}

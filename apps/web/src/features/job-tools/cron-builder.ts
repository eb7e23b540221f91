/*
 * The cron builder of the Select Cron trigger modal: a few common schedules turned into Quartz
 * expressions (seconds first; `?` in the day field that is not used; day-of-week 1-7 = SUN-SAT, written
 * here by name so that the expression reads the same in every tool).
 */

export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Minute steps that divide the hour, so "every N minutes" is true across the hour too. */
export const MINUTE_INTERVALS = [1, 2, 3, 5, 10, 15, 20, 30] as const;

export const SCHEDULE_KINDS = ['everyMinutes', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** Everything the builder form holds; each kind reads the fields it needs. */
export interface CronSchedule {
  kind: ScheduleKind;
  /** everyMinutes: one of MINUTE_INTERVALS. */
  intervalMinutes: number;
  /** hourly, daily, weekly, monthly: 0-59. */
  minute: number;
  /** daily, weekly, monthly: 0-23. */
  hour: number;
  /** weekly: at least one day. */
  weekdays: readonly Weekday[];
  /** monthly: 1-31, or the last day of the month. */
  dayOfMonth: number | 'last';
}

export const DEFAULT_SCHEDULE: CronSchedule = {
  kind: 'daily',
  intervalMinutes: 5,
  minute: 0,
  hour: 8,
  weekdays: ['MON'],
  dayOfMonth: 1,
};

const isIntegerIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * The Quartz expression of a schedule, or null while the schedule is incomplete or out of range (no
 * weekday chosen, an hour of 24, …).
 */
export function buildCronExpression(schedule: CronSchedule): string | null {
  const { kind, minute, hour } = schedule;
  if (kind === 'everyMinutes') {
    const step = schedule.intervalMinutes;
    if (!(MINUTE_INTERVALS as readonly number[]).includes(step)) return null;
    return step === 1 ? '0 * * * * ?' : `0 0/${step} * * * ?`;
  }
  if (!isIntegerIn(minute, 0, 59)) return null;
  if (kind === 'hourly') return `0 ${minute} * * * ?`;
  if (!isIntegerIn(hour, 0, 23)) return null;
  if (kind === 'daily') return `0 ${minute} ${hour} * * ?`;
  if (kind === 'weekly') {
    const days = WEEKDAYS.filter((day) => schedule.weekdays.includes(day));
    if (days.length === 0) return null;
    return `0 ${minute} ${hour} ? * ${days.join(',')}`;
  }
  const day = schedule.dayOfMonth;
  if (day === 'last') return `0 ${minute} ${hour} L * ?`;
  if (!isIntegerIn(day, 1, 31)) return null;
  return `0 ${minute} ${hour} ${day} * ?`;
}

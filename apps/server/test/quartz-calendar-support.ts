import {
  CalendarDefinitionError,
  nextIncludedFireTimes,
  parseCalendar,
} from '../src/engine/calendar/index.js';

/** A case of tools/quartz-reference and what real Quartz 2.3.2 computed for it. */
export interface QuartzCalendarCase {
  id: string;
  expr: string;
  tz: string;
  from: string;
  count: number;
  calendar: unknown;
  next?: string[];
  error?: string;
}

export type CaseAnswer = { next: string[]; capped: boolean } | { error: 'refused' };

/** LIS's answer to a case (`lis cron next --calendar`'s computation), in the form Quartz's is compared in. */
export function lisAnswer(entry: QuartzCalendarCase): CaseAnswer {
  let calendar;
  try {
    calendar = parseCalendar(entry.calendar);
  } catch (error) {
    if (error instanceof CalendarDefinitionError) return { error: 'refused' };
    throw error;
  }
  const result = nextIncludedFireTimes(entry.expr, new Date(entry.from), entry.tz, entry.count, calendar);
  return {
    next: result.fireTimes.map((date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')),
    capped: result.capped,
  };
}

/** Quartz's answer in the same form (the harness reports a refused definition as an error). */
export function quartzAnswer(entry: QuartzCalendarCase): CaseAnswer {
  return entry.error === undefined ? { next: entry.next ?? [], capped: false } : { error: 'refused' };
}

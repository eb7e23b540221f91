import { formatBusinessDayRule } from '@lis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { splitTriggerCalendarEntries } from '../../engine/scheduler/trigger-sync.js';
import { parsedCalendar } from '../../engine/scheduler/trigger-calendar.js';
import type { TriggerCalendar } from '../../engine/scheduler/trigger-calendar.repository.js';
import { resolveCalendarName } from '../calendars/trigger-calendars.js';
import { reportCalendars } from './expected-run-report.repository.js';

/**
 * The calendar of each trigger of a job (issue 34), in the order of its non-blank cron expressions:
 * a report expects no fire its calendar excludes. A name resolves as the scheduler resolves it (the
 * company's own calendar, else the shared one); one that finds none: no calendar (the trigger fires
 * without one); a definition the core refuses, or a rule part that is no rule: `'unreadable'` (the
 * trigger fires nothing). A trigger's business-day rule (`NAME;RULE`) comes with its calendar.
 */
export type JobCalendars = (job: { company_code: string; trigger_calendars: string }) => TriggerCalendar[];

/** Reads the companies' calendars once and answers each job's (JobCalendars). */
export async function jobCalendarsOf(
  db: Kysely<Database>,
  companies: string[] | null,
): Promise<JobCalendars> {
  const rows = await reportCalendars(db, companies);
  return (job) => {
    if (job.trigger_calendars.trim() === '') return [];
    return splitTriggerCalendarEntries(job.trigger_calendars).map((entry) => {
      if (!entry) return 'unreadable';
      const row = entry.name === '' ? undefined : resolveCalendarName(rows, job.company_code, entry.name);
      if (!row) return undefined;
      const { calendar, id } = parsedCalendar(row.definition);
      if (!calendar) return 'unreadable';
      return entry.rule ? { calendar, id, rule: entry.rule } : { calendar, id };
    });
  };
}

/** A key naming the calendars of a job's triggers, for caches of expected fires ('' none). */
export function calendarsKey(calendars: readonly TriggerCalendar[]): string {
  return calendars
    .map((calendar) =>
      calendar === undefined
        ? ''
        : calendar === 'unreadable'
          ? 'x'
          : calendar.rule
            ? `${calendar.id};${formatBusinessDayRule(calendar.rule)}`
            : String(calendar.id),
    )
    .join(',');
}

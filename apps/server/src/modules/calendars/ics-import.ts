import ICAL from 'ical.js';
import { CALENDAR_MAX_ENTRIES } from '@lis/contracts';
import { invalid, unprocessable } from '../../platform/domain-error.js';

/** The largest .ics file the import reads (bank-holiday files are a few kB). */
export const ICS_IMPORT_MAX_BYTES = 1024 * 1024;
/** A recurring all-day event is expanded this many years from its start, at most (RRULE without end). */
export const ICS_RECURRENCE_YEARS = 10;
/** The longest all-day event read (days); a longer one is refused as malformed. */
const MAX_EVENT_DAYS = 366;
const MAX_OCCURRENCES = CALENDAR_MAX_ENTRIES;

export interface IcsHoliday {
  /** yyyy-mm-dd */
  date: string;
  summary: string;
}

export interface IcsHolidays {
  /** One entry per excluded day (a multi-day event gives one per day), by date. */
  events: IcsHoliday[];
  /** The distinct days, sorted: the holiday calendar's `dates`. */
  dates: string[];
  /** Timed (and cancelled) events, not read. */
  skipped: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

function refuse(problem: string): never {
  throw invalid('CALENDAR_IMPORT_INVALID', 'calendarImportInvalid', { problem: problem.slice(0, 300) });
}

/** The VCALENDAR components of the file (ical.js answers one jCal object or an array of them). */
function calendarsOf(text: string): ICAL.Component[] {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR\r?\n/i.test(text)) refuse('it does not begin with BEGIN:VCALENDAR');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  const list = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  return list.map((jcal) => {
    const component = new ICAL.Component(jcal as unknown[]);
    if (component.name !== 'vcalendar')
      refuse(`${component.name.toUpperCase()} where VCALENDAR was expected`);
    return component;
  });
}

/** The first day (day number) of each occurrence of an all-day event: its DTSTART, or its RRULE's. */
function occurrences(event: ICAL.Event, start: ICAL.Time): number[] {
  if (!event.isRecurring()) return [dayNumber(start)];
  const last = start.year + ICS_RECURRENCE_YEARS;
  const days: number[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (next.year > last) break;
    days.push(dayNumber(next));
    if (days.length > MAX_OCCURRENCES)
      throw invalid('CALENDAR_INVALID', 'calendarImportTooMany', { max: CALENDAR_MAX_ENTRIES });
  }
  return days;
}

/**
 * The all-day events of an RFC 5545 file (read with Mozilla's ical.js) as holidays: an event whose
 * DTSTART is a DATE excludes its days — from DTSTART up to its DTEND (exclusive; absent: one day, or
 * its DURATION); an RRULE is expanded for ICS_RECURRENCE_YEARS from its start (EXDATE and RDATE
 * honoured by ical.js). Timed and cancelled events are skipped and counted. A file that does not
 * parse is refused (CALENDAR_IMPORT_INVALID with ical.js's message); one without an all-day event is
 * refused too (CALENDAR_IMPORT_EMPTY).
 */
export function readIcsHolidays(content: Buffer | string): IcsHolidays {
  const text = typeof content === 'string' ? content : content.toString('utf8');
  const events: IcsHoliday[] = [];
  let skipped = 0;
  for (const calendar of calendarsOf(text)) {
    for (const component of calendar.getAllSubcomponents('vevent')) {
      let event: ICAL.Event;
      let start: ICAL.Time | undefined;
      try {
        event = new ICAL.Event(component);
        start = component.hasProperty('dtstart') ? event.startDate : undefined;
      } catch (error) {
        refuse(error instanceof Error ? error.message : String(error));
      }
      if (!start) refuse(`the event ${JSON.stringify(event.summary ?? '')} has no DTSTART`);
      const status = component.getFirstPropertyValue('status');
      if (!start.isDate || (typeof status === 'string' && status.toUpperCase() === 'CANCELLED')) {
        skipped++;
        continue;
      }
      const end =
        component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : undefined;
      const days = end ? dayNumber(end) - dayNumber(start) : 1;
      if (days > MAX_EVENT_DAYS)
        refuse(`the event ${JSON.stringify(event.summary ?? '')} lasts more than ${MAX_EVENT_DAYS} days`);
      const summary = (event.summary ?? '').trim().slice(0, 200);
      for (const first of occurrences(event, start))
        for (let day = 0; day < Math.max(days, 1); day++) events.push({ date: dayOf(first + day), summary });
      if (events.length > MAX_OCCURRENCES)
        throw invalid('CALENDAR_INVALID', 'calendarImportTooMany', { max: CALENDAR_MAX_ENTRIES });
    }
  }
  if (events.length === 0) throw unprocessable('CALENDAR_IMPORT_EMPTY', 'calendarImportEmpty', { skipped });
  events.sort((a, b) => (a.date === b.date ? a.summary.localeCompare(b.summary) : a.date < b.date ? -1 : 1));
  const dates = [...new Set(events.map((event) => event.date))];
  if (dates.length > CALENDAR_MAX_ENTRIES)
    throw invalid('CALENDAR_INVALID', 'calendarImportTooMany', { max: CALENDAR_MAX_ENTRIES });
  return { events, dates, skipped };
}

import fs from 'node:fs';
import { CalendarDefinitionError, parseCalendar, type Calendar } from '../engine/calendar/index.js';

/** A calendar file that cannot be used: unreadable (`unreadable`), or not a valid definition. */
export class CalendarFileError extends Error {
  constructor(
    message: string,
    readonly unreadable: boolean,
  ) {
    super(message);
  }
}

/**
 * Reads `--calendar FILE`: one JSON calendar definition (docs/calendars.md). Throws CalendarFileError
 * with a message naming the file and the place in it, e.g.
 * `--calendar bank.json: base.dates[2]: 2026-02-30 is not a day`.
 */
export function readCalendarFile(file: string): Calendar {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CalendarFileError(`--calendar ${file}: cannot read the file (${reason})`, true);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new CalendarFileError(`--calendar ${file}: not JSON (${(error as Error).message})`, false);
  }
  try {
    return parseCalendar(value);
  } catch (error) {
    if (error instanceof CalendarDefinitionError)
      throw new CalendarFileError(`--calendar ${file}: ${error.message}`, false);
    throw error;
  }
}

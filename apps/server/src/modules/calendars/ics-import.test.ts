import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain-error.js';
import { readIcsHolidays } from './ics-import.js';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/calendars/holidays.ics',
);
const CRLF = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

function refusal(content: string): DomainError {
  try {
    readIcsHolidays(content);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('the file was read');
}

describe('readIcsHolidays (RFC 5545 all-day events, read with ical.js)', () => {
  it('reads all-day, multi-day (DTEND exclusive), one-day and yearly events; skips and counts timed and cancelled ones', () => {
    const read = readIcsHolidays(fs.readFileSync(FIXTURE));
    expect(read.dates).toEqual([
      '2026-01-01',
      '2026-04-13',
      '2026-04-14',
      '2026-04-15',
      '2026-05-01',
      '2026-12-10',
      '2027-12-10',
    ]);
    expect(read.skipped).toBe(3);
    expect(read.events).toContainEqual({ date: '2026-04-14', summary: 'วันสงกรานต์ (Songkran Festival)' });
    expect(read.events).toContainEqual({ date: '2027-12-10', summary: 'Constitution Day' });
    expect(read.events.map((event) => event.date)).not.toContain('2026-04-16');
  });

  it('expands an RRULE without an end for ten years only', () => {
    const read = readIcsHolidays(
      CRLF([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//t//t//EN',
        'BEGIN:VEVENT',
        'UID:a',
        'DTSTART;VALUE=DATE:20260101',
        'RRULE:FREQ=YEARLY',
        'SUMMARY:New Year',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(read.dates[0]).toBe('2026-01-01');
    expect(read.dates.at(-1)).toBe('2036-01-01');
    expect(read.dates).toHaveLength(11);
  });

  it('refuses what is not an iCalendar file, or does not parse, with a clear message', () => {
    expect(refusal('hello, world').code).toBe('CALENDAR_IMPORT_INVALID');
    const broken = refusal(
      CRLF(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'this line has no colon', 'END:VEVENT', 'END:VCALENDAR']),
    );
    expect(broken.code).toBe('CALENDAR_IMPORT_INVALID');
    expect(broken.message).toMatch(/not a valid iCalendar/);
    const unclosed = refusal(CRLF(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'DTSTART;VALUE=DATE:20260101']));
    expect(unclosed.code).toBe('CALENDAR_IMPORT_INVALID');
  });

  it('refuses a file without an all-day event, saying how many timed ones it skipped', () => {
    const error = refusal(
      CRLF([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:x',
        'DTSTART:20260301T090000Z',
        'SUMMARY:timed',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(error.code).toBe('CALENDAR_IMPORT_EMPTY');
    expect(error.params).toMatchObject({ skipped: 1 });
  });
});

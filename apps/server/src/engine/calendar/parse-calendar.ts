import { Value } from '@sinclair/typebox/value';
import { CALENDAR_MAX_DEPTH, CALENDAR_MAX_ENTRIES, CALENDAR_TYPES, CalendarDefinition } from '@lis/contracts';
import { CronSyntaxError, isKnownTimeZone, parseCron } from '../cron/index.js';
import { CalendarDefinitionError } from './calendar-errors.js';
import type { Calendar } from './calendar-model.js';
import {
  readDailyTime,
  readDate,
  readMonthDay,
  readWeekdays,
  readMonthDays,
} from './parse-calendar-fields.js';

const KEYS: Record<(typeof CALENDAR_TYPES)[number], readonly string[]> = {
  holiday: ['dates'],
  annual: ['days'],
  weekly: ['exclude'],
  monthly: ['exclude'],
  daily: ['from', 'to', 'invert'],
  cron: ['expression'],
};

/**
 * Checks a calendar definition (JSON already parsed) and returns the calendar, or throws a
 * CalendarDefinitionError naming the first problem. Beyond the schema it refuses: a date that is no day
 * (2026-02-30), a month-day no year has (04-31), an unknown time zone (Quartz would silently use GMT),
 * bases nested deeper than CALENDAR_MAX_DEPTH, a daily range Quartz refuses (a field out of range, or
 * `from` not before `to`), and a cron expression Quartz would not parse.
 */
export function parseCalendar(value: unknown): Calendar {
  const calendar = readLevel(value, '', 1);
  // Everything the schema says was checked above, with paths; the schema itself has the last word.
  if (!Value.Check(CalendarDefinition, value)) {
    const first = Value.Errors(CalendarDefinition, value).First();
    throw new CalendarDefinitionError(
      first?.path.replace(/^\//, '').replaceAll('/', '.') ?? '',
      first?.message ?? 'not a calendar definition',
    );
  }
  return calendar;
}

function readLevel(value: unknown, prefix: string, depth: number): Calendar {
  const at = (key: string) => `${prefix}${key}`;
  if (depth > CALENDAR_MAX_DEPTH)
    throw new CalendarDefinitionError(
      prefix.replace(/\.$/, ''),
      `bases nest more than ${CALENDAR_MAX_DEPTH} calendars deep`,
    );
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CalendarDefinitionError(
      prefix.replace(/\.$/, ''),
      'expected a calendar object such as {"type":"holiday","dates":["2026-12-05"]}',
    );
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !(CALENDAR_TYPES as readonly string[]).includes(type))
    throw new CalendarDefinitionError(at('type'), `expected one of ${CALENDAR_TYPES.join(', ')}`);
  const kind = type as (typeof CALENDAR_TYPES)[number];
  for (const key of Object.keys(record)) {
    if (!['type', 'tz', 'base', ...KEYS[kind]].includes(key))
      throw new CalendarDefinitionError(
        at(key),
        `unknown property of a ${kind} calendar (allowed: type, ${KEYS[kind].join(', ')}, tz, base)`,
      );
  }
  const timeZone = readTimeZone(record.tz, at('tz'));
  const base = record.base === undefined ? undefined : readLevel(record.base, at('base.'), depth + 1);
  const common = { timeZone, base };
  switch (kind) {
    case 'holiday':
      return {
        kind,
        ...common,
        days: readList(record.dates, at('dates'), CALENDAR_MAX_ENTRIES).map((item, index) =>
          readDate(item, `${at('dates')}[${index}]`),
        ),
      };
    case 'annual':
      return {
        kind,
        ...common,
        monthDays: new Set(
          readList(record.days, at('days'), 366).map((item, index) =>
            readMonthDay(item, `${at('days')}[${index}]`),
          ),
        ),
      };
    case 'weekly':
      return {
        kind,
        ...common,
        weekdays: readWeekdays(readList(record.exclude, at('exclude'), 7), at('exclude')),
      };
    case 'monthly':
      return {
        kind,
        ...common,
        monthDays: readMonthDays(readList(record.exclude, at('exclude'), 31), at('exclude')),
      };
    case 'daily':
      return readDaily(record, at, common);
    case 'cron':
      return { kind, ...common, expression: readCron(record.expression, at('expression')) };
  }
}

function readDaily(
  record: Record<string, unknown>,
  at: (key: string) => string,
  common: Pick<Calendar, 'timeZone' | 'base'>,
): Calendar {
  const fromMs = readDailyTime(record.from, at('from'));
  const toMs = readDailyTime(record.to, at('to'));
  if (record.invert !== undefined && typeof record.invert !== 'boolean')
    throw new CalendarDefinitionError(at('invert'), 'expected true or false');
  if (fromMs >= toMs)
    throw new CalendarDefinitionError(
      at('to'),
      `the range must end after it starts within one day (Quartz refuses ${String(record.from)}–${String(record.to)}); write a night such as 22:00–06:00 as {"from":"06:00","to":"22:00","invert":true}`,
    );
  return { kind: 'daily', ...common, fromMs, toMs, invert: record.invert === true };
}

function readTimeZone(value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_+/-]{1,64}$/.test(value))
    throw new CalendarDefinitionError(path, 'expected an IANA time zone name such as Asia/Bangkok');
  if (!isKnownTimeZone(value))
    throw new CalendarDefinitionError(
      path,
      `unknown time zone "${value}" (expected an IANA name such as Asia/Bangkok)`,
    );
  return value;
}

function readList(value: unknown, path: string, maxItems: number): unknown[] {
  if (!Array.isArray(value)) throw new CalendarDefinitionError(path, 'expected a list');
  if (value.length > maxItems)
    throw new CalendarDefinitionError(path, `at most ${maxItems} entries (got ${value.length})`);
  return value;
}

function readCron(value: unknown, path: string) {
  if (typeof value !== 'string' || value.length < 1 || value.length > 200)
    throw new CalendarDefinitionError(path, 'expected a Quartz cron expression (1–200 characters)');
  try {
    return parseCron(value);
  } catch (error) {
    if (error instanceof CronSyntaxError) throw new CalendarDefinitionError(path, error.message);
    throw error;
  }
}

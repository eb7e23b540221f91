import { TimeZoneRules } from '../../engine/cron/time-zone.js';
import {
  civilFromDays,
  daysFromCivil,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  MS_PER_SECOND,
} from '../../engine/cron/gregorian-date.js';

/** A calendar date and a time of day, as typed in a search (no time zone yet). */
export interface CompactDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/;

/** `yyyymmdd` or `yyyymmddHHMMSS` when it names a real date and time, else undefined. */
export function parseCompactDateTime(text: string): CompactDateTime | undefined {
  const match = COMPACT.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const civil = civilFromDays(daysFromCivil(year, month, day));
  const realDate = month >= 1 && month <= 12 && civil.month === month && civil.day === day && year >= 1;
  if (!realDate || hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}

const isMidnight = (t: CompactDateTime) => t.hour === 0 && t.minute === 0 && t.second === 0;

function instantOf(t: CompactDateTime, timeZone: string, extraDays = 0): number {
  const wall =
    (daysFromCivil(t.year, t.month, t.day) + extraDays) * MS_PER_DAY +
    t.hour * MS_PER_HOUR +
    t.minute * MS_PER_MINUTE +
    t.second * MS_PER_SECOND;
  return TimeZoneRules.of(timeZone).wallTimeToInstant(wall);
}

/** The first instant (epoch ms) a `from` bound lets in. */
export function windowStart(from: CompactDateTime, timeZone: string): number {
  return instantOf(from, timeZone);
}

/**
 * The first instant a `to` bound keeps out: midnight (`yyyymmdd000000`, what the screen sends) keeps
 * the whole of that day; any other time keeps that second.
 */
export function windowEnd(to: CompactDateTime, timeZone: string): number {
  return isMidnight(to) ? instantOf(to, timeZone, 1) : instantOf(to, timeZone) + MS_PER_SECOND;
}

/** The `yyyymmdd` of the day after a date. */
export function nextDay(date: CompactDateTime): string {
  const next = civilFromDays(daysFromCivil(date.year, date.month, date.day) + 1);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(next.year, 4)}${pad(next.month, 2)}${pad(next.day, 2)}`;
}

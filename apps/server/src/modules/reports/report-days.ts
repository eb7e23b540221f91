import { civilFromDays, daysFromCivil } from '../../engine/cron/gregorian-date.js';
import { wallClock } from '../../platform/wall-clock.js';
import { parseCompactDateTime, windowStart, type CompactDateTime } from '../logs/log-dates.js';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A `yyyymmdd` that names a real day, else undefined. */
export function parseReportDate(text: string | undefined): CompactDateTime | undefined {
  if (!text || !/^[0-9]{8}$/.test(text)) return undefined;
  return parseCompactDateTime(text);
}

/** Days from `from` to `to` inclusive (0 or less when reversed). */
export function daysBetween(from: CompactDateTime, to: CompactDateTime): number {
  return daysFromCivil(to.year, to.month, to.day) - daysFromCivil(from.year, from.month, from.day) + 1;
}

/** `yyyy-mm-dd` of the day `offset` days after `from`. */
export function isoDay(from: CompactDateTime, offset: number): string {
  const day = civilFromDays(daysFromCivil(from.year, from.month, from.day) + offset);
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/**
 * The first instant of each of `count` days from `from`, then the first instant after the last one
 * (epoch ms): `count + 1` boundaries. Midnights of the zone, so a daylight-saving day is 23 or 25 h.
 */
export function dayBoundaries(from: CompactDateTime, count: number, timeZone: string): number[] {
  const first = daysFromCivil(from.year, from.month, from.day);
  return Array.from({ length: count + 1 }, (_, offset) => {
    const day = civilFromDays(first + offset);
    return windowStart({ ...day, hour: 0, minute: 0, second: 0 }, timeZone);
  });
}

/** The calendar day of an instant in a zone, at midnight. */
export function dayOf(at: number, timeZone: string): CompactDateTime {
  const wall = wallClock(at, timeZone);
  return { year: +wall.year, month: +wall.month, day: +wall.day, hour: 0, minute: 0, second: 0 };
}

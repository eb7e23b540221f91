import type { CalendarDefinition, CalendarPreviewResponse } from '@lis/contracts';
import { excludedIntervals } from '../../engine/calendar/index.js';
import { civilFromDays, daysFromCivil } from '../../engine/cron/gregorian-date.js';
import { isKnownTimeZone } from '../../engine/cron/index.js';
import { invalid } from '../../platform/domain-error.js';
import { wallClock } from '../../platform/wall-clock.js';
import { windowStart } from '../logs/log-dates.js';
import { parseCalendarDefinition } from './calendar-definition.js';

type Day = CalendarPreviewResponse['days'][number];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * HH:MM:SS of an instant in the zone, with .mmm when it is not a whole second (Quartz's daily range
 * includes both its ends: 08:00–17:00 excludes up to 17:00:00.001); the end of the day is '24:00:00'.
 */
function clockText(at: number, dayEnd: number, zone: string): string {
  if (at >= dayEnd) return '24:00:00';
  const wall = wallClock(at, zone);
  const ms = ((at % 1000) + 1000) % 1000;
  return `${wall.hour}:${wall.minute}:${wall.second}${ms === 0 ? '' : `.${pad(ms, 3)}`}`;
}

/**
 * The excluded days and windows of one month, for the console's month view: each day of `month`
 * (yyyy-mm) at midnights of `zone` (a calendar without its own tz is judged in that zone, as a trigger
 * of that zone would be): `whole` when nothing of it is included, `none` when all of it is, else
 * `partly` with its excluded windows, from (inclusive) to (exclusive), HH:MM:SS in the zone. The
 * stretches are the engine's excludedIntervals (exact to the millisecond; a cron calendar's matches
 * are listed up to its bound).
 */
export function previewMonth(
  definition: CalendarDefinition,
  month: string,
  zone: string,
): CalendarPreviewResponse {
  const calendar = parseCalendarDefinition(definition);
  const [year = NaN, monthNo = NaN] = month.split('-').map(Number);
  if (!(monthNo >= 1 && monthNo <= 12 && year >= 1970 && year <= 2199))
    throw invalid('REQUEST_INVALID', 'calendarPreviewMonthInvalid', { month });
  if (!isKnownTimeZone(zone)) throw invalid('REQUEST_INVALID', 'cronTimeZoneUnknown', { zone });
  const first = daysFromCivil(year, monthNo, 1);
  const next = monthNo === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, monthNo + 1, 1);
  const midnights = Array.from({ length: next - first + 1 }, (_, offset) =>
    windowStart({ ...civilFromDays(first + offset), hour: 0, minute: 0, second: 0 }, zone),
  );
  const intervals = excludedIntervals(calendar, midnights[0] ?? 0, midnights.at(-1) ?? 0, zone);
  const days: Day[] = [];
  for (let offset = 0; offset < next - first; offset++) {
    const civil = civilFromDays(first + offset);
    const dayStart = midnights[offset] ?? 0;
    const dayEnd = midnights[offset + 1] ?? 0;
    const windows = intervals
      .filter((interval) => interval.from < dayEnd && interval.to > dayStart)
      .map((interval) => ({ from: Math.max(interval.from, dayStart), to: Math.min(interval.to, dayEnd) }));
    const whole = windows.length === 1 && windows[0]?.from === dayStart && windows[0].to === dayEnd;
    days.push({
      date: `${pad(civil.year, 4)}-${pad(civil.month)}-${pad(civil.day)}`,
      excluded: whole ? 'whole' : windows.length > 0 ? 'partly' : 'none',
      windows: whole
        ? []
        : windows.map((window) => ({
            from: clockText(window.from, dayEnd, zone),
            to: clockText(window.to, dayEnd, zone),
          })),
    });
  }
  return { time_zone: zone, days };
}

import { MAINTENANCE_ONCE_MAX_DAYS, MaintenanceSchedule } from '@lis/contracts';
import { Value } from '@sinclair/typebox/value';
import { CronSyntaxError, parseCron } from '../../engine/cron/index.js';
import { TimeZoneRules } from '../../engine/cron/time-zone.js';
import { invalid } from '../../platform/domain-error.js';
import type { NamedWindow, WindowTimes } from './maintenance-window.js';

const DAY_MS = 86_400_000;

/** ISO 8601 with a time and an offset or Z: 2026-12-05T22:00+07:00, 2026-12-05T15:00:00.000Z. */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An instant written as ISO 8601 with an offset, every field in range; else undefined. */
export function parseInstant(text: string): number | undefined {
  const match = INSTANT.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, , zone, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  if (zone !== 'Z' && (Number(oh) > 23 || Number(om) > 59)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

const refuse = (problem: string) =>
  invalid('MAINTENANCE_INVALID', 'maintenanceInvalid', { problem: problem.slice(0, 300) });

/**
 * A schedule the checker accepts, parsed; else MAINTENANCE_INVALID naming the field: the contract's
 * schema (also for a stored row or a caller other than a route), real instants with an offset,
 * `from` before `to`, a one-off window at most MAINTENANCE_ONCE_MAX_DAYS long, a valid Quartz cron
 * expression, a known zone (default `defaultTimeZone`, LIS_TIMEZONE).
 */
export function parseSchedule(schedule: unknown, defaultTimeZone: string): WindowTimes {
  if (!Value.Check(MaintenanceSchedule, schedule)) {
    const kind = (schedule as { kind?: unknown } | null)?.kind;
    if (kind !== 'once' && kind !== 'recurring') throw refuse('schedule.kind: must be once or recurring');
    // The union's complaint is the complaint of the variant of its own kind.
    const union = Value.Errors(MaintenanceSchedule, schedule).First();
    const error = union?.errors[kind === 'once' ? 0 : 1]?.First() ?? union;
    throw refuse(`schedule${(error?.path ?? '').replaceAll('/', '.')}: ${error?.message ?? 'not valid'}`);
  }
  if (schedule.kind === 'once') {
    const from = parseInstant(schedule.from);
    if (from === undefined)
      throw refuse(
        `schedule.from: ${schedule.from} is not an ISO 8601 time with an offset (2026-12-05T22:00+07:00)`,
      );
    const to = parseInstant(schedule.to);
    if (to === undefined)
      throw refuse(
        `schedule.to: ${schedule.to} is not an ISO 8601 time with an offset (2026-12-06T06:00+07:00)`,
      );
    if (to <= from) throw refuse('schedule.to: must be after schedule.from');
    if (to - from > MAINTENANCE_ONCE_MAX_DAYS * DAY_MS)
      throw refuse(
        `schedule.to: a one-off window lasts at most ${MAINTENANCE_ONCE_MAX_DAYS} days (got ${Math.ceil((to - from) / DAY_MS)})`,
      );
    return { kind: 'once', from, to };
  }
  let zone: TimeZoneRules;
  try {
    zone = TimeZoneRules.of(schedule.tz ?? defaultTimeZone);
  } catch {
    throw refuse(`schedule.tz: unknown time zone ${schedule.tz ?? defaultTimeZone}`);
  }
  try {
    return {
      kind: 'recurring',
      expression: parseCron(schedule.cron),
      zone,
      durationMs: schedule.duration_minutes * 60_000,
    };
  } catch (error) {
    if (error instanceof CronSyntaxError) throw refuse(`schedule.cron: ${error.message}`);
    throw error;
  }
}

/** The schedule once the checker has accepted it (see parseSchedule). */
export function checkSchedule(schedule: unknown, defaultTimeZone: string): MaintenanceSchedule {
  parseSchedule(schedule, defaultTimeZone);
  return schedule as MaintenanceSchedule;
}

/** A stored window row, as far as its times go. */
export interface StoredWindow {
  company_code: string;
  name: string;
  schedule: string;
}

/** The times of one stored window, or undefined when its schedule no longer parses (it holds nothing). */
export function storedTimes(row: StoredWindow, defaultTimeZone: string): WindowTimes | undefined {
  try {
    return parseSchedule(JSON.parse(row.schedule), defaultTimeZone);
  } catch {
    return undefined;
  }
}

/** Stored windows with their times (those whose schedule no longer parses left out: they hold nothing). */
export function namedWindows(rows: readonly StoredWindow[], defaultTimeZone: string): NamedWindow[] {
  return rows.flatMap((row) => {
    const times = storedTimes(row, defaultTimeZone);
    return times ? [{ companyCode: row.company_code, name: row.name, times }] : [];
  });
}

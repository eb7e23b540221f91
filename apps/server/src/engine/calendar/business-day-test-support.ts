import { BUSINESS_DAY_SHIFT_MAX_DAYS, type BusinessDayRule } from '@lis/contracts';
import { nextFireTimes } from '../cron/index.js';
import type { Calendar } from './calendar-model.js';
import { isTimeIncluded } from './is-time-included.js';

/*
 * A brute-force reading of the business-day rules, for tests only (business-day-oracle.test.ts): every
 * cron fire time of a span, local dates and wall times read with Intl (not the engine's zone code), a
 * wall time on another day found by trying the zone's offsets, and the rule's definition applied
 * naively. Slow and simple on purpose.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Local {
  /** yyyy-mm-dd */
  date: string;
  /** yyyy-mm */
  month: string;
  /** HH:MM:SS */
  wall: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

export function localOf(at: number, timeZone: string): Local {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return { date, month: date.slice(0, 7), wall: `${part('hour')}:${part('minute')}:${part('second')}` };
}

/** Wall time minus UTC at an instant, read from Intl. */
function offsetAt(at: number, timeZone: string): number {
  const local = localOf(at, timeZone);
  return Date.parse(`${local.date}T${local.wall}Z`) - Math.floor(at / 1000) * 1000;
}

function addDays(date: string, days: number): string {
  const at = Date.parse(`${date}T00:00:00Z`) + days * DAY;
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * The instant whose local date and wall time are these: undefined when none (a spring-forward gap),
 * the later one when two (a fall-back overlap).
 */
export function instantOf(date: string, wall: string, timeZone: string): number | undefined {
  const asUtc = Date.parse(`${date}T${wall}Z`);
  let found: number | undefined;
  // The zone's offsets in force within two days of the wall time, each tried.
  const offsets = new Set([-2, -1, 0, 1, 2].map((days) => offsetAt(asUtc + days * DAY, timeZone)));
  for (const offset of offsets) {
    const at = asUtc - offset;
    const local = localOf(at, timeZone);
    if (local.date === date && local.wall === wall && (found === undefined || at > found)) found = at;
  }
  return found;
}

/** Every cron fire time in (fromMs, toMs). */
export function cronFiresBetween(
  expression: string,
  fromMs: number,
  toMs: number,
  timeZone: string,
): number[] {
  const fires: number[] = [];
  let after = new Date(fromMs);
  for (;;) {
    const batch = nextFireTimes(expression, after, timeZone, 500);
    for (const date of batch) {
      if (date.getTime() >= toMs) return fires;
      fires.push(date.getTime());
    }
    const last = batch[batch.length - 1];
    if (!last || batch.length < 500) return fires;
    after = last;
  }
}

/** The rule's fire times of the cron fire times in (fromMs, toMs), by the definition. */
export function oracleRuleFires(
  expression: string,
  fromMs: number,
  toMs: number,
  timeZone: string,
  calendar: Calendar,
  rule: BusinessDayRule,
): number[] {
  const fires = cronFiresBetween(expression, fromMs, toMs, timeZone);
  const included = (at: number) => isTimeIncluded(calendar, at, timeZone);
  const out = new Set<number>();
  if (rule.rule === 'nth') {
    const groups = new Map<string, number[]>();
    for (const at of fires) {
      if (!included(at)) continue;
      const local = localOf(at, timeZone);
      const key = `${local.month} ${local.wall}`;
      groups.set(key, [...(groups.get(key) ?? []), at]);
    }
    for (const list of groups.values()) {
      const at = rule.n > 0 ? list[rule.n - 1] : list[list.length + rule.n];
      if (at !== undefined) out.add(at);
    }
  } else {
    for (const at of fires) {
      if (included(at)) {
        out.add(at);
        continue;
      }
      const local = localOf(at, timeZone);
      for (let days = 1; days <= BUSINESS_DAY_SHIFT_MAX_DAYS; days++) {
        const date = addDays(local.date, rule.to === 'next' ? days : -days);
        const moved = instantOf(date, local.wall, timeZone);
        if (moved !== undefined && included(moved)) {
          out.add(moved);
          break;
        }
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

import { BUSINESS_DAY_SHIFT_MAX_DAYS, type BusinessDayRule } from '@lis/contracts';
import type { CronExpression } from '../cron/index.js';
import { civilFromDays, daysFromCivil } from '../cron/gregorian-date.js';
import { nextFireAfter } from '../cron/next-fire.js';
import { MS_PER_DAY, type CalendarClock } from './calendar-time.js';
import type { Calendar } from './calendar-model.js';
import { CALENDAR_SEARCH_END_MS, MAX_CALENDAR_CANDIDATES } from './calendar-fire-times.js';
import { isTimeIncluded } from './is-time-included.js';

/**
 * The business-day rules' fires one month at a time (issue 34; business-day.ts is the API). A month is
 * a month of the trigger's zone, numbered year × 12 + month − 1. What a month's computation finds is
 * kept (per calendar object, zone, expression and rule), so the scheduler's chain of next fire times
 * walks a month once; each computation tests at most MAX_CALENDAR_CANDIDATES candidates (cron fire
 * times and shifted wall times) — past that the month is `capped` and fires nothing.
 */

/** A trigger with a rule, as the month computations read it. */
export interface RuleContext {
  readonly expression: CronExpression;
  readonly timeZone: string;
  readonly calendar: Calendar;
  readonly rule: BusinessDayRule;
  readonly clock: CalendarClock;
}

export interface MonthFires {
  /** The rule's fire times whose local date is in the month, ascending, distinct. */
  readonly fires: readonly number[];
  /** The computation (or one it needs) stopped at MAX_CALENDAR_CANDIDATES: the month fires nothing. */
  readonly capped: boolean;
  /** Candidates the month's own computation tested (the search's budget counts them). */
  readonly cost: number;
}

/** One cron fire time: the instant, its local date (day number) and its wall time (ms of that day). */
interface CronFire {
  at: number;
  day: number;
  wallMs: number;
}

const MAX_KEPT = 5_000;
const kept = new WeakMap<Calendar, Map<string, MonthFires>>();

function remembered(
  context: RuleContext,
  what: string,
  month: number,
  compute: () => MonthFires,
): MonthFires {
  let byKey = kept.get(context.calendar);
  if (!byKey) kept.set(context.calendar, (byKey = new Map()));
  const rule = context.rule.rule === 'nth' ? `n${context.rule.n}` : `s${context.rule.to}`;
  const key = `${context.timeZone}\u0000${context.expression.text}\u0000${rule}\u0000${what}\u0000${month}`;
  let found = byKey.get(key);
  if (!found) {
    if (byKey.size >= MAX_KEPT) byKey.clear();
    found = compute();
    byKey.set(key, found);
  }
  return found;
}

/** The month (year × 12 + month − 1) of a local date. */
export function monthOfDay(day: number): number {
  const date = civilFromDays(day);
  return date.year * 12 + date.month - 1;
}

/** The day number of the 1st of a month. */
export function firstDayOfMonth(month: number): number {
  return daysFromCivil(Math.floor(month / 12), (month % 12) + 1, 1);
}

/** The wall time of an instant in ms since its local midnight. */
function wallMsOf(clock: CalendarClock, at: number): number {
  return at + clock.zone.offsetAt(at) - clock.dayOf(at) * MS_PER_DAY;
}

/**
 * The cron's fire times whose local date is in the month (before CALENDAR_SEARCH_END_MS), or
 * undefined past `limit` of them. Wall times resolve monotonically (a gap forward, an overlap to its
 * later instant), so every fire time of the month is at or after its 00:00 resolved.
 */
function cronFiresOfMonth(context: RuleContext, month: number, limit: number): CronFire[] | undefined {
  const { clock, expression } = context;
  const end = firstDayOfMonth(month + 1);
  const fires: CronFire[] = [];
  let at = nextFireAfter(expression, clock.at(firstDayOfMonth(month), 0) - 1, clock.zone);
  while (at !== undefined && at < CALENDAR_SEARCH_END_MS) {
    const day = clock.dayOf(at);
    if (day >= end) break;
    if (fires.length >= limit) return undefined;
    fires.push({ at, day, wallMs: wallMsOf(clock, at) });
    at = nextFireAfter(expression, at, clock.zone);
  }
  return fires;
}

const CAPPED: MonthFires = { fires: [], capped: true, cost: MAX_CALENDAR_CANDIDATES };

/**
 * `nth`: per wall time T at which the cron fires in the month, the n-th of its fire times at T (by
 * day, from the month's start; n < 0 from its end) that the calendar includes. The cron's day fields
 * are `*` / `?`, so T fires on every day of the month the zone has it on.
 */
function nthMonth(context: RuleContext, n: number, month: number): MonthFires {
  const fires = cronFiresOfMonth(context, month, MAX_CALENDAR_CANDIDATES);
  if (!fires) return CAPPED;
  const byWallTime = new Map<number, number[]>();
  for (const fire of fires) {
    if (!isTimeIncluded(context.calendar, fire.at, context.timeZone)) continue;
    let list = byWallTime.get(fire.wallMs);
    if (!list) byWallTime.set(fire.wallMs, (list = []));
    list.push(fire.at);
  }
  const chosen: number[] = [];
  for (const list of byWallTime.values()) {
    const at = n > 0 ? list[n - 1] : list[list.length + n];
    if (at !== undefined) chosen.push(at);
  }
  return { fires: chosen.sort((a, b) => a - b), capped: false, cost: fires.length };
}

/**
 * `shift`: where each cron fire time of the month goes — itself when the calendar includes it, else
 * the same wall time on the next (previous) day that has that wall time (not in a spring-forward
 * gap: the cron engine has no fire there either) and on which the calendar includes it, at most
 * BUSINESS_DAY_SHIFT_MAX_DAYS days away; none past that. Sorted, distinct (two fires landing on one
 * instant are one).
 */
function shiftOutsOfMonth(context: RuleContext, to: 'next' | 'previous', month: number): MonthFires {
  const fires = cronFiresOfMonth(context, month, MAX_CALENDAR_CANDIDATES);
  if (!fires) return CAPPED;
  const { calendar, clock, timeZone } = context;
  const step = to === 'next' ? 1 : -1;
  const tested = new Map<string, number | null>();
  let cost = fires.length;
  const landing = (day: number, wallMs: number): number | null => {
    const key = `${day}:${wallMs}`;
    let found = tested.get(key);
    if (found === undefined) {
      cost += 1;
      const at = clock.at(day, wallMs);
      const exists = clock.dayOf(at) === day && wallMsOf(clock, at) === wallMs;
      found = exists && at < CALENDAR_SEARCH_END_MS && isTimeIncluded(calendar, at, timeZone) ? at : null;
      tested.set(key, found);
    }
    return found;
  };
  const outs = new Set<number>();
  for (const fire of fires) {
    if (isTimeIncluded(calendar, fire.at, timeZone)) {
      outs.add(fire.at);
      continue;
    }
    for (let days = 1; days <= BUSINESS_DAY_SHIFT_MAX_DAYS; days++) {
      const at = landing(fire.day + step * days, fire.wallMs);
      if (at !== null) {
        outs.add(at);
        break;
      }
    }
    if (cost > MAX_CALENDAR_CANDIDATES) return CAPPED;
  }
  return { fires: [...outs].sort((a, b) => a - b), capped: false, cost };
}

/**
 * The rule's fire times in a month. A shift lands at most BUSINESS_DAY_SHIFT_MAX_DAYS (31) days away,
 * so a month's fires come from the cron fire times of that month and the two before it (`next`) or
 * after it (`previous`).
 */
export function ruleFiresOfMonth(context: RuleContext, month: number): MonthFires {
  const { rule } = context;
  if (rule.rule === 'nth') return remembered(context, 'nth', month, () => nthMonth(context, rule.n, month));
  const outs = (of: number) => remembered(context, 'outs', of, () => shiftOutsOfMonth(context, rule.to, of));
  return remembered(context, 'in', month, () => {
    const own = outs(month);
    const sources =
      rule.to === 'next' ? [outs(month - 2), outs(month - 1), own] : [own, outs(month + 1), outs(month + 2)];
    if (sources.some((source) => source.capped)) return { ...CAPPED, cost: own.cost };
    const first = firstDayOfMonth(month);
    const end = firstDayOfMonth(month + 1);
    const fires = new Set<number>();
    for (const source of sources)
      for (const at of source.fires) {
        const day = context.clock.dayOf(at);
        if (day >= first && day < end) fires.add(at);
      }
    return { fires: [...fires].sort((a, b) => a - b), capped: false, cost: own.cost };
  });
}

import type { BusinessDayRule } from '@lis/contracts';
import { parseCron, type CronExpression } from '../cron/index.js';
import { nextFireAfter } from '../cron/next-fire.js';
import { TimeZoneRules } from '../cron/time-zone.js';
import { CalendarClock } from './calendar-time.js';
import { excludesEverything, type Calendar } from './calendar-model.js';
import {
  CALENDAR_SEARCH_END_MS,
  MAX_CALENDAR_CANDIDATES,
  type CalendarSearchResult,
} from './calendar-fire-times.js';
import { firstDayOfMonth, monthOfDay, ruleFiresOfMonth, type RuleContext } from './business-day-months.js';

/*
 * Business-day rules (issue 34, a LIS extension beyond Quartz; docs/calendars.md). A trigger's rule
 * reads its calendar as the definition of a business day: for a wall time of day T at which the cron
 * fires, a day is a business day when the calendar includes T on that day.
 *
 * - nth=n: per month of the trigger's zone and per wall time T of the cron, the n-th day (n < 0: from
 *   the month's end) whose fire time at T the calendar includes fires at T; no other day does.
 * - shift=next|previous: a cron fire time the calendar includes fires; an excluded one moves to the
 *   same wall time on the next (previous) day on which that wall time exists and the calendar includes
 *   it, at most BUSINESS_DAY_SHIFT_MAX_DAYS away (else it is dropped); fires landing on one instant are
 *   one fire.
 *
 * Everything is built on the cron engine's own fire times, so daylight-saving changes resolve as they
 * do without a rule (a wall time in a spring-forward gap does not fire that day; one in a fall-back
 * overlap fires once, at its later instant).
 */

/** Why the rule cannot go with the expression (nth needs `*` or `?` in both day fields); undefined: it can. */
export function businessDayRuleProblem(
  rule: BusinessDayRule,
  expression: CronExpression,
): string | undefined {
  if (rule.rule !== 'nth') return undefined;
  const free = (text: string) => text === '*' || text === '?';
  const { dayOfMonth, dayOfWeek } = expression.fields;
  if (free(dayOfMonth.text) && free(dayOfWeek.text)) return undefined;
  return `nth=${rule.n} needs * or ? in the day-of-month and day-of-week fields (got ${dayOfMonth.text} and ${dayOfWeek.text})`;
}

/** A rule that cannot go with its expression (businessDayRuleProblem). */
export class BusinessDayRuleError extends Error {
  override readonly name = 'BusinessDayRuleError';
}

/** One search's answer: a fire time, none left, or the bound — and where a later search may go on. */
export type RuleSearch =
  | { readonly kind: 'fire'; readonly at: number }
  | { readonly kind: 'none' }
  /**
   * MAX_CALENDAR_CANDIDATES candidates tested, or a month whose computation stopped there: no fire in
   * (after, resumeAfter]; resumeAfter is 1 ms before the start of a month, never a fire time.
   */
  | { readonly kind: 'capped'; readonly resumeAfter: number };

function contextOf(
  expression: CronExpression,
  timeZone: string,
  calendar: Calendar,
  rule: BusinessDayRule,
  zone: TimeZoneRules,
): RuleContext {
  const problem = businessDayRuleProblem(rule, expression);
  if (problem) throw new BusinessDayRuleError(problem);
  return { expression, timeZone, calendar, rule, clock: CalendarClock.of(zone.timeZone) };
}

function firstAfter(sorted: readonly number[], afterMs: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? Infinity) <= afterMs) low = middle + 1;
    else high = middle;
  }
  return sorted[low];
}

/**
 * The first fire time of the rule strictly after `afterMs`, month by month from the month of
 * `afterMs`. Bounded: once the months searched have tested MAX_CALENDAR_CANDIDATES candidates without
 * a fire (or a month's own computation reaches that many), the answer is `capped`; nothing is searched
 * from CALENDAR_SEARCH_END_MS on. Throws BusinessDayRuleError for nth on a day-restricted expression.
 */
export function findRuleFire(
  expression: CronExpression,
  afterMs: number,
  timeZone: string,
  calendar: Calendar,
  rule: BusinessDayRule,
  zone: TimeZoneRules = TimeZoneRules.of(timeZone),
): RuleSearch {
  const context = contextOf(expression, timeZone, calendar, rule, zone);
  if (excludesEverything(calendar)) return { kind: 'none' };
  const { clock } = context;
  let tested = 0;
  for (let month = monthOfDay(clock.dayOf(afterMs)); ; month++) {
    if (clock.at(firstDayOfMonth(month), 0) >= CALENDAR_SEARCH_END_MS) return { kind: 'none' };
    const found = ruleFiresOfMonth(context, month);
    tested += found.cost;
    const at = found.capped ? undefined : firstAfter(found.fires, afterMs);
    if (at !== undefined) return { kind: 'fire', at };
    const monthEnd = clock.at(firstDayOfMonth(month + 1), 0) - 1;
    if (found.capped || tested >= MAX_CALENDAR_CANDIDATES) return { kind: 'capped', resumeAfter: monthEnd };
    // The fires of the next month come from cron fire times of that month on (shift=next: of the two
    // months before it too); none left: the rule fires no more.
    const sourcesFrom = firstDayOfMonth(rule.rule === 'shift' && rule.to === 'next' ? month - 1 : month + 1);
    if (nextFireAfter(expression, clock.at(sourcesFrom, 0) - 1, zone) === undefined) return { kind: 'none' };
  }
}

/** findRuleFire as a time, undefined for none, 'capped' at the bound (as nextIncludedFireAfter). */
export function nextRuleFireAfter(
  expression: CronExpression,
  afterMs: number,
  timeZone: string,
  calendar: Calendar,
  rule: BusinessDayRule,
  zone: TimeZoneRules = TimeZoneRules.of(timeZone),
): number | undefined | 'capped' {
  const found = findRuleFire(expression, afterMs, timeZone, calendar, rule, zone);
  return found.kind === 'fire' ? found.at : found.kind === 'none' ? undefined : 'capped';
}

/** Whether the rule fires at exactly `atMs` (false in a month whose computation stopped at the bound). */
export function ruleFiresAt(
  expression: CronExpression,
  atMs: number,
  timeZone: string,
  calendar: Calendar,
  rule: BusinessDayRule,
  zone: TimeZoneRules = TimeZoneRules.of(timeZone),
): boolean {
  const context = contextOf(expression, timeZone, calendar, rule, zone);
  if (excludesEverything(calendar)) return false;
  const found = ruleFiresOfMonth(context, monthOfDay(context.clock.dayOf(atMs)));
  return !found.capped && firstAfter(found.fires, atMs - 1) === atMs;
}

/**
 * The next `count` fire times of the rule strictly after `after`, each searched from the previous
 * one (as nextIncludedFireTimes); `capped` when a search stopped at the bound.
 */
export function nextRuleFireTimes(
  expression: CronExpression | string,
  after: Date,
  timeZone: string,
  count: number,
  calendar: Calendar,
  rule: BusinessDayRule,
): CalendarSearchResult {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0 (got ${count})`);
  const parsed = typeof expression === 'string' ? parseCron(expression) : expression;
  const zone = TimeZoneRules.of(timeZone);
  let previous = after.getTime();
  if (Number.isNaN(previous)) throw new RangeError('after is not a valid date');
  const fireTimes: Date[] = [];
  while (fireTimes.length < count) {
    const found = findRuleFire(parsed, previous, timeZone, calendar, rule, zone);
    if (found.kind === 'capped') return { fireTimes, capped: true };
    if (found.kind === 'none') break;
    fireTimes.push(new Date(found.at));
    previous = found.at;
  }
  return { fireTimes, capped: false };
}

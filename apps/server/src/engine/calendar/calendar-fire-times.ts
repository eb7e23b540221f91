import { parseCron, type CronExpression } from '../cron/index.js';
import { nextFireAfter } from '../cron/next-fire.js';
import { TimeZoneRules } from '../cron/time-zone.js';
import { CalendarClock, MS_PER_DAY } from './calendar-time.js';
import { excludesEverything, type Calendar } from './calendar-model.js';
import { excludedStretchEnd } from './excluded-stretch.js';
import { isTimeIncluded } from './is-time-included.js';

/**
 * The bound of the search for one included fire time: at most this many candidate fire times are
 * tested against the calendar (after the skips below). Quartz has no such cap in
 * CronTriggerImpl.triggered (only its cron expressions stop after a last year); LIS caps it so that no
 * caller — the scheduler above all — spins on a trigger whose calendar excludes (almost) every fire.
 */
export const MAX_CALENDAR_CANDIDATES = 50_000;

/**
 * The search with a calendar tests no candidate from this instant on, 2099-12-31T00:00:00Z: the cron
 * engine computes no time after 2099 in a zone (Quartz: after the current year + 100), and 2100 begins
 * in no zone before it, so a cron calendar is never asked about a time the engine cannot judge.
 */
export const CALENDAR_SEARCH_END_MS = Date.UTC(2099, 11, 31);

export interface CalendarSearchResult {
  readonly fireTimes: Date[];
  /** True when a search stopped at MAX_CALENDAR_CANDIDATES (a later fire time might exist). */
  readonly capped: boolean;
}

/**
 * The next `count` fire times strictly after `after` that the calendar includes, each searched from the
 * previous one, as Quartz 2.3.2's CronTriggerImpl computes them (computeFirstFireTime, triggered): take
 * the cron's next fire time; while the calendar excludes it, take the cron's next one after it.
 *
 * A candidate that the calendar excludes together with a whole stretch after it (the rest of an
 * excluded day, the rest of a daily range: excludedStretchEnd) lets the search go on from the end of the
 * stretch — every candidate it passes over is excluded, so the result is the same — unless the
 * trigger's zone changes its offset near the stretch or the expression uses W (whose next fire time in
 * Quartz depends on where the search starts); there it steps candidate by candidate.
 */
export function nextIncludedFireTimes(
  expression: CronExpression | string,
  after: Date,
  timeZone: string,
  count: number,
  calendar: Calendar | undefined,
): CalendarSearchResult {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0 (got ${count})`);
  const parsed = typeof expression === 'string' ? parseCron(expression) : expression;
  const zone = TimeZoneRules.of(timeZone);
  let previous = after.getTime();
  if (Number.isNaN(previous)) throw new RangeError('after is not a valid date');
  const fireTimes: Date[] = [];
  while (fireTimes.length < count) {
    const found = nextIncludedFireAfter(parsed, previous, timeZone, calendar, zone);
    if (found === 'capped') return { fireTimes, capped: true };
    if (found === undefined) break;
    fireTimes.push(new Date(found));
    previous = found;
  }
  return { fireTimes, capped: false };
}

/** Like nextIncludedFireTimes, the fire times alone. */
export function nextFireTimesWithCalendar(
  expression: CronExpression | string,
  after: Date,
  timeZone: string,
  count: number,
  calendar: Calendar | undefined,
): Date[] {
  return nextIncludedFireTimes(expression, after, timeZone, count, calendar).fireTimes;
}

/** The first included fire time after `afterMs`; undefined when none is left, 'capped' at the bound. */
export function nextIncludedFireAfter(
  expression: CronExpression,
  afterMs: number,
  timeZone: string,
  calendar: Calendar | undefined,
  zone: TimeZoneRules = TimeZoneRules.of(timeZone),
): number | undefined | 'capped' {
  if (calendar && excludesEverything(calendar)) return undefined;
  let candidate = nextFireAfter(expression, afterMs, zone);
  if (!calendar) return candidate;
  const skips = mayJump(expression);
  const clock = CalendarClock.of(timeZone);
  for (let tested = 1; candidate !== undefined && candidate < CALENDAR_SEARCH_END_MS; tested++) {
    if (isTimeIncluded(calendar, candidate, timeZone)) return candidate;
    if (tested >= MAX_CALENDAR_CANDIDATES) return 'capped';
    const from = skips
      ? safeJumpEnd(clock, candidate, excludedStretchEnd(calendar, candidate, timeZone))
      : candidate;
    candidate = nextFireAfter(expression, from, zone);
  }
  return undefined;
}

/**
 * Where the search may go on from, given that [candidate, end] is excluded. Quartz's next fire time
 * after an instant is "the first matching wall time after the instant's wall time" only for an instant
 * whose wall time resolves back to it, and only when no fire time resolved forward out of a
 * spring-forward gap lies beyond it: so the search never restarts in the gap's first hour after the
 * change ([change, change + gap)) or in the first pass of a fall-back overlap
 * ([change − overlap, change)); it restarts just before them instead (or not at all).
 */
function safeJumpEnd(clock: CalendarClock, candidate: number, end: number): number {
  if (end <= candidate) return candidate;
  const change = clock.firstChangeIn(end - MS_PER_DAY, end + MS_PER_DAY);
  if (!change) return end;
  const shift = change.after - change.before;
  const unsafeFrom = shift > 0 ? change.at : change.at + shift;
  const unsafeTo = shift > 0 ? change.at + shift : change.at;
  if (end < unsafeFrom || end >= unsafeTo) return end;
  return Math.max(candidate, unsafeFrom - 1);
}

/** W (nearest weekday) makes Quartz's next fire time depend on the search start: no skipping then. */
function mayJump(expression: CronExpression): boolean {
  const rule = expression.dayRule;
  return rule.kind !== 'nearestWeekday' && !(rule.kind === 'lastDayOfMonth' && rule.nearestWeekday);
}

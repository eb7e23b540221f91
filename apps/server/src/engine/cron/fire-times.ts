import type { CronExpression } from './cron-expression.js';
import { parseCron } from './cron-parser.js';
import { nextFireAfter } from './next-fire.js';
import { TimeZoneRules } from './time-zone.js';

/**
 * The next `count` fire times strictly after `after`, in order, computed in the IANA zone `timeZone`
 * exactly as Quartz 2.3.2 computes them (each from the previous one). Fewer are returned when the
 * expression stops firing (no fire after the year 2099). Throws CronSyntaxError for an invalid
 * expression, UnknownTimeZoneError for an unknown zone, RangeError for a bad date or count.
 */
export function nextFireTimes(
  expression: CronExpression | string,
  after: Date,
  timeZone: string,
  count: number,
): Date[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0 (got ${count})`);
  const parsed = typeof expression === 'string' ? parseCron(expression) : expression;
  const zone = TimeZoneRules.of(timeZone);
  let previous = after.getTime();
  if (Number.isNaN(previous)) throw new RangeError('after is not a valid date');
  const fireTimes: Date[] = [];
  while (fireTimes.length < count) {
    const next = nextFireAfter(parsed, previous, zone);
    if (next === undefined) break;
    fireTimes.push(new Date(next));
    previous = next;
  }
  return fireTimes;
}

/** The first fire time strictly after `after`, or undefined when the expression never fires again. */
export function nextFireTime(
  expression: CronExpression | string,
  after: Date,
  timeZone: string,
): Date | undefined {
  return nextFireTimes(expression, after, timeZone, 1)[0];
}

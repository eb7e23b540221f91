import { formatBusinessDayRule, type BusinessDayRule } from '@lis/contracts';
import { isTimeIncluded, type Calendar } from '../calendar/index.js';
import { parseCron, type CronExpression } from '../cron/index.js';
import { TimeZoneRules } from '../cron/time-zone.js';
import { nextTriggerFire, triggerFiresAt } from './trigger-calendar.js';

/**
 * A trigger's calendar as the cache keys it: the parsed calendar, the number of its definition, and
 * the trigger's business-day rule (issue 34) when it has one.
 */
export interface KeyedCalendar {
  readonly calendar: Calendar;
  readonly id: number;
  readonly rule?: BusinessDayRule | undefined;
}

function calendarKey(calendar: KeyedCalendar | undefined): string {
  if (!calendar) return '';
  return calendar.rule ? `${calendar.id};${formatBusinessDayRule(calendar.rule)}` : String(calendar.id);
}

/** Fire times computed ahead per (expression, zone) when a chain has to be (re)built. */
const AHEAD = 32;
/** Distinct (expression, zone) pairs kept; past it the cache starts afresh (no unbounded growth). */
const MAX_ENTRIES = 20_000;

interface Chain {
  expression: CronExpression;
  zone: TimeZoneRules;
  timeZone: string;
  calendar: Calendar | undefined;
  rule: BusinessDayRule | undefined;
  /** A start instant, then each element the next fire time after the previous one (ascending). */
  times: number[];
  /** The expression fires no more after the last element. */
  ended: boolean;
}

function firstIndexAtOrAfter(times: readonly number[], value: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The next fire times of the scheduler's hot path, computed ahead (DESIGN §3, issue 19). A firing
 * pass asks "the fire time after this fire time" for every trigger it fires; thousands of triggers
 * share a handful of expressions (`0 0 * * * ?`), so each (expression, zone) keeps a chain of its
 * next fire times, each computed from the previous one exactly as `nextFireTime` would. An answer is
 * only ever read for an instant that *is* an element of the chain (its successor is by definition
 * the next fire time after it), so the cache returns what the cron engine returns, daylight-saving
 * changes included. Nothing can go stale: a trigger whose expression, zone or calendar definition is
 * edited looks up another key, and a time past the chain rebuilds it from that time. A chain with a
 * calendar holds the times it includes (and, after a capped search, where the search resumes); with a
 * business-day rule too, the rule's fire times (a fixed set, so "the next after an element" holds).
 */
export class FireTimeCache {
  private readonly chains = new Map<string, Chain>();
  private readonly parsed = new Map<string, CronExpression>();
  /** Lookups answered from a chain / computed by the cron engine (for the benchmark's profile). */
  hits = 0;
  misses = 0;

  /**
   * The first fire time strictly after `after`, or null when the expression never fires again. With a
   * calendar: the trigger's next fire time with it (nextTriggerFire: the next time it includes, or
   * where a capped search resumes), keyed by the calendar's definition and the rule too.
   */
  next(expression: string, timeZone: string, after: number, calendar?: KeyedCalendar): number | null {
    const key = `${timeZone}\u0000${expression}\u0000${calendarKey(calendar)}`;
    let chain = this.chains.get(key);
    if (chain) {
      const at = firstIndexAtOrAfter(chain.times, after);
      if (chain.times[at] === after) {
        if (at + 1 < chain.times.length) {
          this.hits += 1;
          return chain.times[at + 1] ?? null;
        }
        if (chain.ended) {
          this.hits += 1;
          return null;
        }
      }
    } else {
      if (this.chains.size >= MAX_ENTRIES) this.chains.clear();
      chain = {
        expression: parseCron(expression),
        zone: TimeZoneRules.of(timeZone),
        timeZone,
        calendar: calendar?.calendar,
        rule: calendar?.rule,
        times: [],
        ended: false,
      };
      this.chains.set(key, chain);
    }
    this.misses += 1;
    this.rebuild(chain, after);
    return chain.times[1] ?? null;
  }

  private rebuild(chain: Chain, from: number): void {
    const times = [from];
    let previous = from;
    chain.ended = false;
    while (times.length <= AHEAD) {
      const { expression, zone, timeZone, calendar, rule } = chain;
      const next = nextTriggerFire(expression, zone, timeZone, calendar, previous, rule);
      if (next === null) {
        chain.ended = true;
        break;
      }
      times.push(next);
      previous = next;
      // Where a capped calendar search resumes: each further one may cost another capped search, so
      // the chain stops here (it is built on when a trigger gets this far).
      if (calendar && !triggerFiresAt(expression, zone, timeZone, calendar, next, rule)) break;
    }
    chain.times = times;
  }

  /**
   * Whether a trigger with this calendar (and rule) fires at `at`, a time `next` answered or one
   * planned earlier (triggerFiresAt): its calendar includes it, and its rule fires at it.
   */
  firesAt(expression: string, timeZone: string, at: number, calendar?: KeyedCalendar): boolean {
    if (!calendar) return true;
    if (!calendar.rule) return isTimeIncluded(calendar.calendar, at, timeZone);
    let parsed = this.parsed.get(expression);
    if (!parsed) {
      if (this.parsed.size >= MAX_ENTRIES) this.parsed.clear();
      parsed = parseCron(expression);
      this.parsed.set(expression, parsed);
    }
    return triggerFiresAt(parsed, TimeZoneRules.of(timeZone), timeZone, calendar.calendar, at, calendar.rule);
  }
}

/** One per process: the chains depend only on (expression, zone, calendar, time), never on a database. */
export const fireTimeCache = new FireTimeCache();

import crypto from 'node:crypto';
import { parseBusinessDayRule, type BusinessDayRule } from '@lis/contracts';
import type { WriteScope } from '../../db/write-transaction.js';
import {
  businessDayRuleProblem,
  excludesEverything,
  findRuleFire,
  isTimeIncluded,
  MAX_CALENDAR_CANDIDATES,
  nextIncludedFireAfter,
  parseCalendar,
  ruleFiresAt,
  type Calendar,
} from '../calendar/index.js';
import type { CronExpression } from '../cron/index.js';
import { nextFireAfter } from '../cron/next-fire.js';
import { TimeZoneRules } from '../cron/time-zone.js';

/** A named calendar as the scheduler reads it: its key, its definition's JSON text and its version. */
export interface StoredCalendar {
  /** The calendar's company, or `*` for a shared one. */
  companyCode: string;
  name: string;
  /** The CalendarDefinition JSON, as stored. */
  definition: string;
}

/**
 * How a company's trigger finds the calendar it names (issue 34): the company's own calendar of that
 * name, else the shared one (company `*`). modules/calendars implements it (its repository); the
 * composition root hands it to whoever re-plans triggers. Read in the caller's transaction.
 */
export interface TriggerCalendarResolver {
  resolveTriggerCalendars(
    scope: WriteScope,
    companyCode: string,
    names: readonly string[],
  ): Promise<ReadonlyMap<string, StoredCalendar>>;
}

/** The digest kept with a trigger's plan: a different definition is a different version. */
export function calendarVersion(definition: string): string {
  return crypto.createHash('sha256').update(definition).digest('base64url').slice(0, 43);
}

/** Distinct definitions kept parsed; past it the cache starts afresh. */
const MAX_PARSED = 2_000;
const parsed = new Map<string, { calendar: Calendar | undefined; id: number }>();
let nextId = 1;

/**
 * A stored definition parsed, cached by its text (never stale: another text is another entry), with
 * a number that names it in the fire-time cache. `calendar` undefined: the core refuses the
 * definition (a trigger never fires by a calendar it cannot read).
 */
export function parsedCalendar(definition: string): { calendar: Calendar | undefined; id: number } {
  let entry = parsed.get(definition);
  if (!entry) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    let calendar: Calendar | undefined;
    try {
      calendar = parseCalendar(JSON.parse(definition));
    } catch {
      calendar = undefined;
    }
    entry = { calendar, id: nextId++ };
    parsed.set(definition, entry);
  }
  return entry;
}

/**
 * Where a search whose calendar excluded MAX_CALENDAR_CANDIDATES fire times in a row (`'capped'`)
 * goes on: every cron fire time of the MAX_CALENDAR_CANDIDATES − 1 seconds after `after` was excluded
 * (the candidates are distinct whole seconds), so the search resumes at the first fire time after
 * `after` + this span — a time the scheduler fires only if the calendar includes it.
 */
export const CAPPED_RESUME_SPAN_MS = (MAX_CALENDAR_CANDIDATES - 1) * 1000;

/**
 * A trigger's business-day rule as stored (`triggers.calendar_rule`, the text form): none, the rule,
 * or `'unreadable'` (a text that is no rule: the trigger fires nothing, as for an unreadable calendar).
 */
export function storedRule(text: string | null): BusinessDayRule | 'unreadable' | undefined {
  if (text === null || text === '') return undefined;
  return parseBusinessDayRule(text) ?? 'unreadable';
}

/**
 * A trigger's next fire time after `afterMs` with its calendar, as CronTriggerImpl computes it (the
 * cron's next time the calendar includes); null when there is none. When the bounded search stops at
 * its cap (a calendar excluding nearly everything), the answer is the cron fire time the search
 * resumes from, which the calendar excludes: the scheduler fires nothing for it and searches on from
 * there when it comes due (triggerFiresAt tells the two apart), so it never spins and loses no fire.
 *
 * With a business-day rule (issue 34), the rule's next fire time (business-day.ts); at its bound, the
 * instant the rule's search resumes after (1 ms before a month starts: never a fire time). A rule
 * that cannot go with the expression (nth on a day-restricted cron, refused on save) fires nothing.
 * A rule without a calendar means nothing: the cron's own times.
 */
export function nextTriggerFire(
  expression: CronExpression,
  zone: TimeZoneRules,
  timeZone: string,
  calendar: Calendar | undefined,
  afterMs: number,
  rule?: BusinessDayRule,
): number | null {
  if (!calendar) return nextFireAfter(expression, afterMs, zone) ?? null;
  if (excludesEverything(calendar)) return null;
  if (rule) {
    if (businessDayRuleProblem(rule, expression)) return null;
    const found = findRuleFire(expression, afterMs, timeZone, calendar, rule, zone);
    return found.kind === 'fire' ? found.at : found.kind === 'capped' ? found.resumeAfter : null;
  }
  const found = nextIncludedFireAfter(expression, afterMs, timeZone, calendar, zone);
  if (found === 'capped') return nextFireAfter(expression, afterMs + CAPPED_RESUME_SPAN_MS, zone) ?? null;
  return found ?? null;
}

/**
 * Whether the trigger fires at `atMs`, a time nextTriggerFire answered (or one planned before its
 * calendar or rule changed): its calendar includes it — with a rule, the rule fires at it (an nth
 * rule fires on one included day of the month, not on the others). False where a capped search
 * resumes.
 */
export function triggerFiresAt(
  expression: CronExpression,
  zone: TimeZoneRules,
  timeZone: string,
  calendar: Calendar | undefined,
  atMs: number,
  rule?: BusinessDayRule,
): boolean {
  if (!calendar) return true;
  if (!rule) return isTimeIncluded(calendar, atMs, timeZone);
  if (businessDayRuleProblem(rule, expression)) return false;
  return ruleFiresAt(expression, atMs, timeZone, calendar, rule, zone);
}

/** nextTriggerFire for an expression's text (no cache: predictions and re-plans). */
export function nextTriggerFireOf(
  expression: CronExpression,
  timeZone: string,
  calendar: Calendar | undefined,
  afterMs: number,
  rule?: BusinessDayRule,
): number | null {
  return nextTriggerFire(expression, TimeZoneRules.of(timeZone), timeZone, calendar, afterMs, rule);
}

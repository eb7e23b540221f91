import {
  CalendarName,
  formatBusinessDayRule,
  formatTriggerCalendarEntry,
  parseTriggerCalendarEntry,
  SHARED_CALENDAR_COMPANY,
  TRIGGER_RULE_SEPARATOR,
  type TriggerCalendarEntry,
} from '@lis/contracts';
import { Value } from '@sinclair/typebox/value';
import { businessDayRuleProblem } from '../../engine/calendar/index.js';
import { parseCron } from '../../engine/cron/index.js';
import { invalid } from '../../platform/domain-error.js';
import type { CalendarRepository } from './calendar.repository.js';

/**
 * The calendar a company's trigger means by `name` among `rows`: the company's own, else the shared one
 * (company `*`) — the rule the scheduler's re-plan follows too (CalendarRepository.resolveTriggerCalendars).
 */
export function resolveCalendarName<T extends { company_code: string; name: string }>(
  rows: readonly T[],
  company: string,
  name: string,
): T | undefined {
  return (
    rows.find((row) => row.company_code === company && row.name === name) ??
    rows.find((row) => row.company_code === SHARED_CALENDAR_COMPANY && row.name === name)
  );
}

/** Whether `text` is a calendar name (the contract's CalendarName). */
export function isCalendarName(text: string): boolean {
  return Value.Check(CalendarName, text);
}

/**
 * A job's or chain's `trigger_calendars`: the calendar of each trigger, `|`-joined in the order of its
 * cron list ('' at a position: that trigger has no calendar), each `NAME` or `NAME;RULE` with a
 * business-day rule (issue 34). Entries trimmed, positions kept.
 */
export function splitTriggerCalendars(text: string): string[] {
  const names = text.split('|').map((name) => name.trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names;
}

/** The stored form: `|`-joined, no trailing blanks ('' when no trigger has a calendar). */
export function joinTriggerCalendars(names: readonly string[]): string {
  return splitTriggerCalendars(names.join('|')).join('|');
}

/** The calendar name of an entry (`NAME` or `NAME;RULE`, even when RULE is no rule). */
export function entryCalendarName(entry: string): string {
  const at = entry.indexOf(TRIGGER_RULE_SEPARATOR);
  return (at < 0 ? entry : entry.slice(0, at)).trim();
}

/** The position of every trigger that names `name` (from 0), with a rule or without. */
export function positionsOf(triggerCalendars: string, name: string): number[] {
  const positions: number[] = [];
  splitTriggerCalendars(triggerCalendars).forEach((entry, position) => {
    if (entryCalendarName(entry) === name) positions.push(position);
  });
  return positions;
}

/**
 * Each entry parsed and checked on its own: a rule part that is no rule, a rule without a calendar,
 * or nth on an expression whose day fields are not `*` / `?` — CALENDAR_RULE_INVALID naming the trigger.
 */
function checkedEntries(texts: readonly string[], expressions: readonly string[]): TriggerCalendarEntry[] {
  return texts.map((text, index) => {
    const position = index + 1;
    const entry = parseTriggerCalendarEntry(text);
    if (!entry)
      throw invalid('CALENDAR_RULE_INVALID', 'calendarRuleInvalid', {
        position,
        rule: text.slice(text.indexOf(TRIGGER_RULE_SEPARATOR) + 1, 80).trim(),
      });
    if (!entry.rule) return entry;
    const rule = formatBusinessDayRule(entry.rule);
    if (entry.name === '')
      throw invalid('CALENDAR_RULE_INVALID', 'calendarRuleWithoutCalendar', { position, rule });
    const expression = expressions[index] ?? '';
    let problem: string | undefined;
    try {
      problem = businessDayRuleProblem(entry.rule, parseCron(expression));
    } catch {
      problem = undefined; // an invalid expression is refused as such (CRON_INVALID) or plans as ERROR
    }
    if (problem) {
      const fields = expression.trim().split(/\s+/);
      throw invalid('CALENDAR_RULE_INVALID', 'calendarRuleNthDays', {
        position,
        expression,
        rule,
        dayOfMonth: fields[3] ?? '',
        dayOfWeek: fields[5] ?? '',
      });
    }
    return entry;
  });
}

/**
 * Checks the calendars a job or chain names for its triggers before it is saved: each a calendar of
 * its company or a shared one, no more names than triggers, each rule a rule that fits its trigger's
 * expression. Answers what to store (rules in their canonical text form).
 */
export class TriggerCalendarCheck {
  constructor(private readonly calendars: CalendarRepository) {}

  /**
   * `text` as sent; absent (a client that does not know calendars): the stored entries are kept, those
   * beyond the last trigger dropped (its triggers were removed) — their rules checked against the
   * expressions as saved now. `expressions`: the non-blank cron expressions, one per trigger.
   */
  async resolve(
    company: string,
    text: string | undefined,
    stored: string | undefined,
    expressions: readonly string[],
  ): Promise<string> {
    const triggerCount = expressions.length;
    if (text === undefined) {
      const kept = splitTriggerCalendars(stored ?? '').slice(0, triggerCount);
      checkedEntries(kept, expressions);
      return joinTriggerCalendars(kept);
    }
    const texts = splitTriggerCalendars(text);
    if (texts.length > triggerCount)
      throw invalid('TRIGGER_CALENDARS_TOO_MANY', 'triggerCalendarsTooMany', {
        count: texts.length,
        triggers: triggerCount,
      });
    const entries = checkedEntries(texts, expressions);
    const names = entries.map((entry) => entry.name);
    names.forEach((name, position) => {
      if (name !== '' && !isCalendarName(name))
        throw invalid('CALENDAR_UNKNOWN', 'calendarNameInvalid', {
          name: name.slice(0, 80),
          position: position + 1,
        });
    });
    const known = await this.calendars.visibleNames(
      company,
      names.filter((name) => name !== ''),
    );
    names.forEach((name, position) => {
      if (name !== '' && !known.has(name))
        throw invalid('CALENDAR_UNKNOWN', 'calendarUnknown', { name, position: position + 1, company });
    });
    return joinTriggerCalendars(entries.map(formatTriggerCalendarEntry));
  }
}

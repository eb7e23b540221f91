import {
  BUSINESS_DAY_NTH_MAX,
  parseTriggerCalendarEntry,
  TRIGGER_RULE_SEPARATOR,
  type BusinessDayRule,
  type TriggerCalendarEntry,
} from '@lis/contracts';

/*
 * A job's (`trigger_calendars`) or a chain's (`TriggerCalendars`) calendar per cron trigger (issue 34):
 * entries joined by `|`, aligned with the `|`-joined cron triggers; an empty entry (or '') is none. An
 * entry is the calendar's name, or `NAME;RULE` with its business-day rule (`nth=3`, `shift=next`; the
 * contract's parseTriggerCalendarEntry / formatTriggerCalendarEntry).
 */

export const TRIGGER_CALENDAR_SEPARATOR = '|';

export function splitTriggerCalendars(value: string | undefined): string[] {
  return value ? value.split(TRIGGER_CALENDAR_SEPARATOR).map((name) => name.trim()) : [];
}

/** One entry per trigger (missing ones none, extra ones dropped); '' when no trigger has a calendar. */
export function alignTriggerCalendars(value: string | undefined, triggerCount: number): string {
  const names = splitTriggerCalendars(value);
  const aligned = Array.from({ length: triggerCount }, (_, at) => names[at] ?? '');
  return aligned.some(Boolean) ? aligned.join(TRIGGER_CALENDAR_SEPARATOR) : '';
}

/** An entry's calendar and rule; an entry whose rule part is no rule keeps its name and loses the rule. */
export function triggerEntryOf(entry: string): TriggerCalendarEntry {
  return parseTriggerCalendarEntry(entry) ?? { name: entry.split(TRIGGER_RULE_SEPARATOR)[0]!.trim() };
}

/** What the rule Select offers: none, the n-th business day, the last, the n-th from the end, or a shift. */
export type RuleChoice = 'none' | 'nth' | 'last' | 'fromEnd' | 'next' | 'previous';
export const RULE_CHOICES: readonly RuleChoice[] = ['none', 'nth', 'last', 'fromEnd', 'next', 'previous'];
/** The choices that take a number (1 … 23; from the end 2 … 23, since the 1st from the end is the last). */
export const numberedChoice = (choice: RuleChoice) => choice === 'nth' || choice === 'fromEnd';
export const NTH_MAX = BUSINESS_DAY_NTH_MAX;

/** The Select's choice and number for a rule (none: 'none'). */
export function ruleChoiceOf(rule: BusinessDayRule | undefined): { choice: RuleChoice; n: number } {
  if (!rule) return { choice: 'none', n: 1 };
  if (rule.rule === 'shift') return { choice: rule.to, n: 1 };
  if (rule.n === -1) return { choice: 'last', n: 1 };
  return rule.n > 0 ? { choice: 'nth', n: rule.n } : { choice: 'fromEnd', n: -rule.n };
}

const clampN = (n: number, min: number) => Math.min(NTH_MAX, Math.max(min, Math.round(n) || min));

/** The rule of a choice and its number (none: undefined). */
export function ruleOfChoice(choice: RuleChoice, n: number): BusinessDayRule | undefined {
  switch (choice) {
    case 'none':
      return undefined;
    case 'nth':
      return { rule: 'nth', n: clampN(n, 1) };
    case 'last':
      return { rule: 'nth', n: -1 };
    case 'fromEnd':
      return { rule: 'nth', n: -clampN(n, 2) };
    case 'next':
    case 'previous':
      return { rule: 'shift', to: choice };
  }
}

/**
 * Whether an `nth` rule fits the expression: its day-of-month and day-of-week fields (the 4th and 6th
 * of a Quartz expression) must be `*` or `?` (the server refuses it otherwise, CALENDAR_RULE_INVALID).
 */
export function dayFieldsFree(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  return [fields[3], fields[5]].every((field) => field === '*' || field === '?');
}

import type { TriggerTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { KeyedCalendar } from './fire-time-cache.js';
import { parsedCalendar, storedRule, type StoredCalendar } from './trigger-calendar.js';

/**
 * The calendar a planned trigger is judged by: none (no calendar, or its row is gone — the trigger
 * fires without one, as its re-plan will have it), a parsed one with the trigger's business-day rule
 * if any, or `'unreadable'` (a stored definition the core refuses, or a rule text that is no rule:
 * the trigger fires nothing).
 */
export type TriggerCalendar = KeyedCalendar | 'unreadable' | undefined;

type CalendarOf = Pick<TriggerTable, 'calendar_company' | 'calendar_name' | 'calendar_rule'>;

/** A calendar's key: `{company}|{name}` (company `*`: shared). */
export function calendarKey(companyCode: string, name: string): string {
  return `${companyCode}|${name}`;
}

/**
 * The calendars of a batch of triggers by their keys (the company and name each trigger was planned
 * with), in one query — read in the firing transaction, so a pass judges every due time by the
 * definitions committed when it began.
 */
export async function calendarsByKey(
  scope: WriteScope,
  keys: readonly { companyCode: string; name: string }[],
): Promise<Map<string, StoredCalendar>> {
  const distinct = new Map(keys.map((key) => [calendarKey(key.companyCode, key.name), key]));
  const found = new Map<string, StoredCalendar>();
  if (distinct.size === 0) return found;
  const names = [...new Set([...distinct.values()].map((key) => key.name))];
  const companies = [...new Set([...distinct.values()].map((key) => key.companyCode))];
  const rows = await scope
    .selectFrom('calendars')
    .select(['company_code', 'name', 'definition'])
    .where('name', 'in', names)
    .where('company_code', 'in', companies)
    .execute();
  for (const row of rows) {
    const key = calendarKey(row.company_code, row.name);
    if (distinct.has(key))
      found.set(key, { companyCode: row.company_code, name: row.name, definition: row.definition });
  }
  return found;
}

/**
 * The calendars of these triggers, read in one query (none when no trigger has one): a function
 * that answers each trigger's (TriggerCalendar).
 */
export async function calendarsOfTriggers(
  scope: WriteScope,
  triggers: readonly CalendarOf[],
): Promise<(trigger: CalendarOf) => TriggerCalendar> {
  const keys = triggers.flatMap((t) =>
    t.calendar_company !== null && t.calendar_name !== null
      ? [{ companyCode: t.calendar_company, name: t.calendar_name }]
      : [],
  );
  const stored = keys.length === 0 ? new Map<string, StoredCalendar>() : await calendarsByKey(scope, keys);
  return (trigger) => {
    if (trigger.calendar_company === null || trigger.calendar_name === null) return undefined;
    const row = stored.get(calendarKey(trigger.calendar_company, trigger.calendar_name));
    if (!row) return undefined;
    const { calendar, id } = parsedCalendar(row.definition);
    const rule = storedRule(trigger.calendar_rule);
    if (!calendar || rule === 'unreadable') return 'unreadable';
    return rule ? { calendar, id, rule } : { calendar, id };
  };
}

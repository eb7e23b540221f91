import { CalendarName, SHARED_CALENDAR_COMPANY } from '@lis/contracts';
import { Value } from '@sinclair/typebox/value';
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
 * A job's or chain's `trigger_calendars`: the calendar name of each trigger, `|`-joined in the order
 * of its cron list ('' at a position: that trigger has no calendar). Entries trimmed, positions kept.
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

/** The position of every trigger that names `name` (from 0). */
export function positionsOf(triggerCalendars: string, name: string): number[] {
  const positions: number[] = [];
  splitTriggerCalendars(triggerCalendars).forEach((entry, position) => {
    if (entry === name) positions.push(position);
  });
  return positions;
}

/**
 * Checks the calendars a job or chain names for its triggers before it is saved: each a calendar of
 * its company or a shared one, no more names than triggers. Answers what to store.
 */
export class TriggerCalendarCheck {
  constructor(private readonly calendars: CalendarRepository) {}

  /**
   * `text` as sent; absent (a client that does not know calendars): the stored names are kept, those
   * beyond the last trigger dropped (its triggers were removed).
   */
  async resolve(
    company: string,
    text: string | undefined,
    stored: string | undefined,
    triggerCount: number,
  ): Promise<string> {
    if (text === undefined)
      return joinTriggerCalendars(splitTriggerCalendars(stored ?? '').slice(0, triggerCount));
    const names = splitTriggerCalendars(text);
    if (names.length > triggerCount)
      throw invalid('TRIGGER_CALENDARS_TOO_MANY', 'triggerCalendarsTooMany', {
        count: names.length,
        triggers: triggerCount,
      });
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
    return joinTriggerCalendars(names);
  }
}

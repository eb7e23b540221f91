/*
 * A job's (`trigger_calendars`) or a chain's (`TriggerCalendars`) calendar per cron trigger (issue 34):
 * calendar names joined by `|`, aligned with the `|`-joined cron triggers; an empty name (or '') is none.
 */

export const TRIGGER_CALENDAR_SEPARATOR = '|';

export function splitTriggerCalendars(value: string | undefined): string[] {
  return value ? value.split(TRIGGER_CALENDAR_SEPARATOR).map((name) => name.trim()) : [];
}

/** One name per trigger (missing ones none, extra ones dropped); '' when no trigger has a calendar. */
export function alignTriggerCalendars(value: string | undefined, triggerCount: number): string {
  const names = splitTriggerCalendars(value);
  const aligned = Array.from({ length: triggerCount }, (_, at) => names[at] ?? '');
  return aligned.some(Boolean) ? aligned.join(TRIGGER_CALENDAR_SEPARATOR) : '';
}

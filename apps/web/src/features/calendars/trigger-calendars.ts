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

/**
 * What a save sends: the aligned names; or nothing (the field left out) when no trigger has a
 * calendar and the stored record had none either — so that a server without the field yet (it refuses
 * unknown fields) still saves a job or chain that uses no calendar, while a removed calendar is sent ('').
 */
export function triggerCalendarsToSend(
  value: string | undefined,
  triggerCount: number,
  stored: string | undefined,
): string | undefined {
  const aligned = alignTriggerCalendars(value, triggerCount);
  return aligned === '' && !splitTriggerCalendars(stored).some(Boolean) ? undefined : aligned;
}

/** The public entry of features/calendars: what other features and pages may use. */
export * from './CalendarConfig';
export { useTriggerCalendars, type TriggerCalendarAddon } from './useTriggerCalendars';
export { alignTriggerCalendars } from './trigger-calendars';

/** The public entry of features/calendars: what other features and pages may use. */
export * from './CalendarConfig';

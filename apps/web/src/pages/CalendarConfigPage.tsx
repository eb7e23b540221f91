import { CalendarConfig } from '../features/calendars';

/** Route /calendarconfig (admin and super_admin: the router guards it and the server checks each company). */
export function CalendarConfigPage() {
  return <CalendarConfig />;
}

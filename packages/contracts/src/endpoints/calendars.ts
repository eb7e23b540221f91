import {
  CalendarImportResponse,
  CalendarKey,
  CalendarListQuery,
  CalendarListResponse,
  CalendarPreviewRequest,
  CalendarPreviewResponse,
  CalendarWrite,
  NamedCalendar,
} from '../calendars.js';
import { MessageResponse } from '../common.js';
import type { EndpointTable } from './endpoint.js';

/** Business calendars (issue 34): named per company or shared, previewed by month, imported from .ics. */
export const calendarEndpoints = {
  'GET /v1/calendars': { query: CalendarListQuery, response: CalendarListResponse },
  'POST /v1/calendars': { body: CalendarWrite, response: NamedCalendar },
  'PUT /v1/calendars': { body: CalendarWrite, response: NamedCalendar },
  'DELETE /v1/calendars': { query: CalendarKey, response: MessageResponse },
  'POST /v1/calendars/preview': { body: CalendarPreviewRequest, response: CalendarPreviewResponse },
  'POST /v1/calendars/import': { upload: 'multipart', response: CalendarImportResponse },
} as const satisfies EndpointTable;

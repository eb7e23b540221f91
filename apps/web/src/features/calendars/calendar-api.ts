import type { CalendarDefinition, CalendarWrite } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

/** The query keys: every list of a company, one company's list, a month's preview. */
export const calendarKeys = {
  all: ['calendars'] as const,
  lists: () => ['calendars', 'list'] as const,
  list: (companyCode: string) => ['calendars', 'list', companyCode] as const,
  preview: (companyCode: string, month: string, definition: string) =>
    ['calendars', 'preview', companyCode, month, definition] as const,
};

/** GET /v1/calendars: the company's calendars and the shared ones (`*`). */
export function fetchCalendars(companyCode: string, signal?: AbortSignal) {
  return call('GET /v1/calendars', { query: { company_code: companyCode }, signal });
}

/** POST creates, PUT replaces (by company and name); the server refuses a bad one with its message. */
export function saveCalendar(mode: 'add' | 'edit', body: CalendarWrite) {
  return mode === 'add' ? call('POST /v1/calendars', { body }) : call('PUT /v1/calendars', { body });
}

/** DELETE /v1/calendars: refused (CALENDAR_IN_USE, naming the users) while a trigger uses it. */
export function deleteCalendar(companyCode: string, name: string) {
  return call('DELETE /v1/calendars', { query: { company_code: companyCode, name } });
}

/** POST /v1/calendars/preview: the excluded days and windows of one month (yyyy-mm). */
export function previewCalendar(
  companyCode: string,
  definition: CalendarDefinition,
  month: string,
  signal?: AbortSignal,
) {
  return call('POST /v1/calendars/preview', {
    body: { company_code: companyCode, definition, month },
    signal,
  });
}

export interface CalendarImport {
  company_code: string;
  name: string;
  description: string;
  file: File;
  /** Replace a calendar of that name instead of being refused. */
  replace: boolean;
}

/** POST /v1/calendars/import: an .ics file's all-day events become a holiday calendar. */
export function importCalendar({ company_code, name, description, file, replace }: CalendarImport) {
  const form = new FormData();
  form.append('company_code', company_code);
  form.append('name', name);
  form.append('description', description);
  if (replace) form.append('replace', 'true');
  form.append('file', file, file.name);
  return call('POST /v1/calendars/import', { body: form });
}

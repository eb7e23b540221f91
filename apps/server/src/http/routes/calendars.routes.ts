import {
  CalendarImportResponse,
  CalendarKey,
  CalendarListQuery,
  CalendarListResponse,
  CalendarPreviewRequest,
  CalendarPreviewResponse,
  CalendarWrite,
  MessageResponse,
  NamedCalendar,
} from '@lis/contracts';
import type { FastifyRequest } from 'fastify';
import { ICS_IMPORT_MAX_BYTES } from '../../modules/calendars/ics-import.js';
import { requireCalendarWriter, type CalendarImportInput } from '../../modules/calendars/calendar.service.js';
import { isCalendarName } from '../../modules/calendars/trigger-calendars.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['calendars'];
const FIELD_MAX = 500;

/** The import's form: company_code, name, description, replace and the file (any order). */
async function importForm(
  request: FastifyRequest,
): Promise<{ input: CalendarImportInput; file: Buffer; filename: string }> {
  const noFile = () =>
    new HttpError('CALENDAR_IMPORT_NO_FILE', message(request.language, 'calendarImportNoFile'));
  if (!request.isMultipart()) throw noFile();
  const fields: Record<string, string> = {};
  let file: { content: Buffer; filename: string } | undefined;
  for await (const part of request.parts({
    limits: { fileSize: ICS_IMPORT_MAX_BYTES, files: 1, fields: 8 },
  })) {
    if (part.type === 'file') file = { content: await part.toBuffer(), filename: part.filename };
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, FIELD_MAX);
  }
  const company = fields.company_code?.trim();
  const name = fields.name?.trim();
  if (!file || !company || !name) throw noFile();
  if (!isCalendarName(name))
    throw new HttpError(
      'REQUEST_INVALID',
      message(request.language, 'calendarImportNameInvalid', { name: name.slice(0, 80) }),
    );
  return {
    input: {
      company_code: company,
      name,
      description: fields.description,
      replace: fields.replace?.trim().toLowerCase() === 'true',
    },
    file: file.content,
    filename: file.filename,
  };
}

/**
 * Named business calendars (issue 34): any role of the company lists them (with the shared ones);
 * its admin writes its own, a super_admin the shared ones (`*`) and any company's.
 */
export function calendarRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.calendars;

  app.get(
    '/v1/calendars',
    {
      config: { policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: CalendarListQuery, response: { 200: CalendarListResponse } },
    },
    async (request) => service.list(request.query),
  );

  for (const [method, mode] of [
    ['POST', 'insert'],
    ['PUT', 'update'],
  ] as const) {
    app.route({
      method,
      url: '/v1/calendars',
      config: { policy: { access: 'admin', company: { from: 'body', field: 'company_code' } } },
      schema: { tags, body: CalendarWrite, response: { 200: NamedCalendar } },
      handler: async (request) => {
        const body = request.body;
        const identity = requireIdentity(request);
        requireCalendarWriter(identity, body.company_code);
        request.auditTarget = `${body.company_code}|${body.name}`;
        const saved = await service.save(body, mode, identity.username);
        request.auditDetails = saved.audit;
        return saved.calendar;
      },
    });
  }

  app.delete(
    '/v1/calendars',
    {
      config: { policy: { access: 'admin', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: CalendarKey, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query;
      const identity = requireIdentity(request);
      requireCalendarWriter(identity, query.company_code);
      request.auditTarget = `${query.company_code}|${query.name}`;
      const deleted = await service.delete(query, identity.username);
      request.auditDetails = deleted.audit;
      return { message: message(request.language, 'calendarDeleted', { name: deleted.name }) };
    },
  );

  app.post(
    '/v1/calendars/preview',
    {
      // Reads only: any role of the company may look at a month, not audited.
      config: {
        policy: { access: 'signed-in', company: { from: 'body', field: 'company_code' } },
        audit: false,
      },
      schema: { tags, body: CalendarPreviewRequest, response: { 200: CalendarPreviewResponse } },
    },
    async (request) => service.preview(request.body),
  );

  app.post(
    '/v1/calendars/import',
    {
      // The company is a field of the form: the handler checks the role in it once the form is read.
      config: { policy: { access: 'admin', company: { from: 'body', field: 'company_code' } } },
      schema: { tags, response: { 200: CalendarImportResponse } },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { input, file, filename } = await importForm(request);
      requireCalendarWriter(identity, input.company_code);
      request.auditTarget = `${input.company_code}|${input.name}`;
      const imported = await service.importIcs(input, file, identity.username);
      request.auditDetails = { file: filename.slice(0, 200), ...imported.audit, skipped: imported.skipped };
      return {
        message: message(request.language, 'calendarImported', {
          name: input.name,
          count:
            imported.calendar.definition.type === 'holiday' ? imported.calendar.definition.dates.length : 0,
          skipped: imported.skipped,
        }),
        calendar: imported.calendar,
        events: imported.events,
        skipped: imported.skipped,
      };
    },
  );
}

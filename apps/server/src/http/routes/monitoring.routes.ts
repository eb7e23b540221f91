import type { FastifyRequest } from 'fastify';
import {
  LegacyReportQuery,
  LegacyReportResponse,
  LegacyTaskQuery,
  LegacyTaskResponse,
  StepAttemptsQuery,
  StepAttemptsResponse,
} from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import { parseCompactDateTime, windowEnd, windowStart } from '../../modules/logs/log-dates.js';
import { jobKey } from '../../modules/expectations/expectation.service.js';
import { legacyReport } from '../../modules/monitoring/legacy-report.repository.js';
import { legacyTasks } from '../../modules/monitoring/legacy-task.repository.js';
import { stepAttempts, waitingRetry } from '../../modules/monitoring/step-attempts.repository.js';
import { legacyTaskWorkbook, legacyTaskWorkbookName } from '../../modules/monitoring/legacy-task-workbook.js';
import { paging } from '../../modules/server-config/config-scope.js';
import { message, type Language } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { inReaderLanguage } from '../reader-message.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const signedIn = { policy: { access: 'signed-in' } } as const;
/** The most runs one export writes. */
export const TASK_EXPORT_MAX = 100_000;
export const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The companies a monitoring call covers: those named (each must be one of the caller's: a mistaken
 * filter is refused, not silently dropped), else all of the caller's (null: every company).
 */
export function companiesOf(request: FastifyRequest, named: string[]): string[] | null {
  const visible = visibleCompanies(requireIdentity(request));
  const asked = [...new Set(named.filter(Boolean))];
  for (const company of asked)
    if (visible !== null && !visible.includes(company))
      throw new HttpError('COMPANY_FORBIDDEN', message(request.language, 'companyForbidden', { company }));
  return asked.length > 0 ? asked : visible;
}

function startWindow(query: LegacyTaskQuery, timeZone: string, lang: Language) {
  const parse = (text: string | undefined, field: string) => {
    if (!text) return undefined;
    const parsed = parseCompactDateTime(text);
    if (!parsed) throw new HttpError('DATE_INVALID', message(lang, 'logDateInvalid', { field }));
    return parsed;
  };
  const from = parse(query.job_started_on_from, 'job_started_on_from');
  const to = parse(query.job_started_on_to, 'job_started_on_to');
  const startedFrom = from && windowStart(from, timeZone);
  const startedBefore = to && windowEnd(to, timeZone);
  if (startedFrom !== undefined && startedBefore !== undefined && startedFrom >= startedBefore)
    throw new HttpError(
      'DATE_RANGE_REVERSED',
      message(lang, 'logDateRangeReversed', { from: 'job_started_on_from', to: 'job_started_on_to' }),
    );
  return { startedFrom, startedBefore };
}

/**
 * Monitoring (spec 000 §7): the report (`/v1/legacy/report`, `/v2/legacy/report`) and the task list
 * (`/v1/legacy/task`). Every role reads the jobs of its own companies (spec 000 §6).
 */
export function monitoringRoutes(app: TypedApp, ctx: AppContext): void {
  for (const url of ['/v1/legacy/report', '/v2/legacy/report']) {
    app.get(
      url,
      {
        config: signedIn,
        schema: { querystring: LegacyReportQuery, response: { 200: LegacyReportResponse } },
      },
      async (request, reply) => {
        const query = request.query;
        const codes = companiesOf(request, asList(query.company_code));
        const [stored, expected] = await Promise.all([
          legacyReport(ctx.db, codes),
          ctx.services.expectations.statesOn(codes),
        ]);
        const rows = stored.map((row) => {
          const read = inReaderLanguage(request.language, row);
          // Issue 35: today's file deadline of a job that expects files today.
          const today = expected.get(jobKey(row.companycode, row.legacyid));
          return today ? { ...read, expectation_state: today.state, deadline_at: today.deadline_at } : read;
        });
        const body: LegacyReportResponse = { result_list: rows, total_count: rows.length };
        // Thousands of rows (DESIGN §8): JSON.stringify is several times faster here than the schema's
        // serializer, and reportRow builds each row field by field, so nothing unlisted can go out.
        return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
      },
    );
  }

  // Monitor Detail's earlier attempts of the run's steps (issue 31): every role, its own companies.
  app.get(
    '/v1/legacy/step-attempts',
    {
      config: { policy: { access: 'user', company: { from: 'query', field: 'company_code' } } },
      schema: { querystring: StepAttemptsQuery, response: { 200: StepAttemptsResponse } },
    },
    async (request) => {
      const query = request.query;
      const run = {
        companyCode: query.company_code,
        legacyId: query.legacy_id,
        jobInstanceNo: query.job_instance_no,
      };
      const rows = await stepAttempts(ctx.db.kysely, run);
      const retry = await waitingRetry(ctx.db.kysely, run);
      return { result_list: rows.map((row) => inReaderLanguage(request.language, row)), retry };
    },
  );

  app.get(
    '/v1/legacy/task',
    { config: signedIn, schema: { querystring: LegacyTaskQuery, response: { 200: LegacyTaskResponse } } },
    async (request) => {
      const query = request.query;
      const { rows, total } = await legacyTasks(
        ctx.db.kysely,
        {
          codes: companiesOf(request, asList(query.company_code)),
          states: asList(query.status),
          jobInstanceNo: query.job_instance_no,
          legacyId: query.legacy_id,
          legacyName: query.legacy_name,
          ...startWindow(query, ctx.timeZone, request.language),
        },
        paging(query.page, query.page_size),
      );
      return { result_list: rows.map((row) => inReaderLanguage(request.language, row)), total_count: total };
    },
  );

  app.get(
    '/v1/legacy/task/export',
    { config: signedIn, schema: { querystring: LegacyTaskQuery } },
    async (request, reply) => {
      const query = request.query;
      if (!query.job_started_on_from)
        throw new HttpError('DATE_REQUIRED', message(request.language, 'taskExportDateRequired'));
      const from = query.job_started_on_from;
      const to = query.job_started_on_to || from;
      const filter = {
        codes: companiesOf(request, asList(query.company_code)),
        states: asList(query.status),
        jobInstanceNo: query.job_instance_no,
        legacyId: query.legacy_id,
        legacyName: query.legacy_name,
        ...startWindow({ ...query, job_started_on_to: to }, ctx.timeZone, request.language),
      };
      const rows = [];
      for (let offset = 0; offset < TASK_EXPORT_MAX; offset += 1000) {
        const page = await legacyTasks(ctx.db.kysely, filter, { limit: 1000, offset });
        rows.push(...page.rows.map((row) => inReaderLanguage(request.language, row)));
        if (page.rows.length < 1000) break;
      }
      // No run in the window: 204, which the console shows as the spec's "data not found".
      if (rows.length === 0) return reply.code(204).send();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${legacyTaskWorkbookName(from, to)}"`)
        .send(await legacyTaskWorkbook(rows, ctx.timeZone));
    },
  );
}

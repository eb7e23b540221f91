import type { FastifyRequest } from 'fastify';
import {
  ALL_COMPANIES,
  ApplicationLogQuery,
  ApplicationLogResponse,
  SystemLogQuery,
  SystemLogResponse,
} from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import type { CompanyScope } from '../../modules/logs/logs.repository.js';
import { message, type MessageKey } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { inReaderLanguage } from '../reader-message.js';
import { schemaProblem } from '../validation-message.js';
import { requireIdentity, type RoutePolicy } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';
import { isUncheckedObject } from '../unchecked-input.js';

const tags = ['logs'];

/** Any role reads the logs of its own companies; a named company is checked by the route policy. */
const readerOfQueryCompany: { policy: RoutePolicy } = {
  policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } },
};

/**
 * `company_code=*` (the Application Log form's default) names no single company: it is dropped
 * before the route policy looks, so the search keeps to the caller's own companies.
 */
async function allCompaniesAsNone(request: FastifyRequest): Promise<void> {
  const query = request.query;
  if (isUncheckedObject(query) && query.company_code === ALL_COMPANIES) delete query.company_code;
}

/** The named company (already checked), else every company of the caller (`null` for a `*` user). */
function scopeOf(request: FastifyRequest, named: string | undefined): CompanyScope {
  return named ? [named] : visibleCompanies(requireIdentity(request));
}

const DATE_FIELDS: Record<string, MessageKey> = {
  job_started_on_from: 'logDateInvalid',
  job_started_on_to: 'logDateInvalid',
  transaction_date_from: 'logTransactionDateInvalid',
  transaction_date_to: 'logTransactionDateInvalid',
};

/**
 * The spec's message when a required search field is blank (spec 000 §5), else a message naming
 * what is wrong with the first field the schema refused.
 */
function checkLogQuery(request: FastifyRequest, required: readonly string[] = []): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const blank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');
  if (required.some((field) => blank(query[field])))
    throw new HttpError(
      'SEARCH_CRITERIA_REQUIRED',
      message(request.language, 'applicationLogCriteriaRequired'),
    );
  const error = request.validationError;
  if (!error) return;
  const first = error.validation[0];
  const field = first?.instancePath.replace(/^\//, '') ?? '';
  const dateKey = DATE_FIELDS[field];
  if (dateKey) throw new HttpError('DATE_INVALID', message(request.language, dateKey, { field }));
  if (field === 'page_size')
    throw new HttpError('PAGE_SIZE_INVALID', message(request.language, 'logPageSizeInvalid'));
  throw new HttpError(
    'REQUEST_INVALID',
    message(request.language, 'logSearchInvalid', {
      problem: schemaProblem(request.language, error).slice(0, 300),
    }),
  );
}

/** Spec 000 §7: the System Log and Application Log searches, newest first, a page at a time. */
export function logsRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.logs;

  app.get(
    '/v1/system/log',
    {
      config: readerOfQueryCompany,
      attachValidation: true,
      preValidation: allCompaniesAsNone,
      schema: { tags, querystring: SystemLogQuery, response: { 200: SystemLogResponse } },
    },
    async (request) => {
      checkLogQuery(request);
      const query = request.query;
      const found = await service.systemLog(scopeOf(request, query.company_code), query);
      const rows = found.result_list.map((row) => inReaderLanguage(request.language, row));
      return { result_list: rows, total_count: found.total_count };
    },
  );

  app.get(
    '/v1/application/log',
    {
      config: readerOfQueryCompany,
      attachValidation: true,
      preValidation: allCompaniesAsNone,
      schema: { tags, querystring: ApplicationLogQuery, response: { 200: ApplicationLogResponse } },
    },
    async (request) => {
      checkLogQuery(request, ['legacy_id', 'transaction_date_from', 'transaction_date_to']);
      const query = request.query;
      return service.applicationLog(scopeOf(request, query.company_code), query);
    },
  );
}

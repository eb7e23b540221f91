import {
  ExpectationStatusQuery,
  ExpectationStatusResponse,
  JobExpectation,
  JobExpectationKey,
  MessageResponse,
} from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import { message } from '../../i18n/messages.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['expectations'];

/**
 * File deadlines of jobs (issue 35, docs/alerts.md "Expectations and deadlines"): any role of the
 * company reads a job's expectation and the day's states; its admin sets and removes it.
 */
export function jobExpectationRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.expectations;

  app.get(
    '/v1/job-expectations',
    {
      config: { policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: JobExpectationKey, response: { 200: JobExpectation } },
    },
    async (request) => service.get(request.query),
  );

  app.put(
    '/v1/job-expectations',
    {
      config: { policy: { access: 'admin', company: { from: 'body', field: 'company_code' } } },
      schema: { tags, body: JobExpectation, response: { 200: JobExpectation } },
    },
    async (request) => {
      const body = request.body;
      request.auditTarget = `${body.company_code}|${body.legacy_id}`;
      const saved = await service.save(body, requireIdentity(request).username);
      request.auditDetails = saved.audit;
      return saved.expectation;
    },
  );

  app.delete(
    '/v1/job-expectations',
    {
      config: { policy: { access: 'admin', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: JobExpectationKey, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query;
      request.auditTarget = `${query.company_code}|${query.legacy_id}`;
      const deleted = await service.delete(query, requireIdentity(request).username);
      request.auditDetails = deleted.audit;
      return { message: message(request.language, 'expectationDeleted', { legacyId: query.legacy_id }) };
    },
  );

  app.get(
    '/v1/job-expectations/status',
    {
      // A named company was checked by the route policy; none named: the caller's companies.
      config: { policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: ExpectationStatusQuery, response: { 200: ExpectationStatusResponse } },
    },
    async (request) => {
      const query = request.query;
      const companies = query.company_code
        ? [query.company_code]
        : visibleCompanies(requireIdentity(request));
      return service.status(companies, query.date);
    },
  );
}

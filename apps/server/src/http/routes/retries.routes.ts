import {
  CancelRunQuery,
  CompanyRetryPolicy,
  CompanyRetryPolicyQuery,
  MessageResponse,
  ACTION_PASSWORD_HEADER,
} from '@lis/contracts';
import { isImportantJob } from '../../modules/action-password/step-up.service.js';
import type { RetryAction } from '../../modules/scheduling/run-retry.service.js';
import { renderMessage } from '../../i18n/messages.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/**
 * Issue 36, part 2 — retry with backoff (docs/retries.md): an operator's "Retry now" and "Cancel
 * retries" of a run waiting for a step's next attempt (the roles and company scope of a step re-run,
 * the step-up of an important job's too), and the company's default retry policy (read by its users,
 * set by its administrators).
 */
export function retriesRoutes(app: TypedApp, ctx: AppContext): void {
  const { runRetries, companyRetryPolicies, jobConfigs, stepUp } = ctx.services;
  const ofQueryCompany = (access: 'user' | 'admin') =>
    ({ policy: { access, company: { from: 'query', field: 'company_code' } } }) as const;

  const routes: Array<[string, RetryAction]> = [
    ['/v1/lis-server/retry-now', 'retry_now'],
    ['/v1/lis-server/cancel-retries', 'cancel_retries'],
  ];
  for (const [url, action] of routes)
    app.post(
      url,
      {
        config: ofQueryCompany('user'),
        schema: { querystring: CancelRunQuery, response: { 200: MessageResponse } },
      },
      async (request) => {
        const query = request.query;
        const username = requireIdentity(request).username;
        request.auditTarget = query.job_instance_no;
        request.auditDetails = { legacy_id: query.legacy_id, action };
        const job = await jobConfigs.get(query.company_code, query.legacy_id);
        if (isImportantJob(job?.important_job))
          await stepUp.verify(username, request.headers[ACTION_PASSWORD_HEADER], {
            action: 'run-step',
            target: query.legacy_id,
            companyCode: query.company_code,
            method: request.method,
            ip: request.ip,
          });
        const answer = await runRetries.act(
          query.company_code,
          query.legacy_id,
          query.job_instance_no,
          action,
          username,
        );
        return { message: renderMessage(request.language, answer.message) };
      },
    );

  app.get(
    '/v1/companies/retry-policy',
    {
      config: ofQueryCompany('user'),
      schema: { querystring: CompanyRetryPolicyQuery, response: { 200: CompanyRetryPolicy } },
    },
    async (request) => ({ retry_policy: await companyRetryPolicies.get(request.query.company_code) }),
  );

  app.put(
    '/v1/companies/retry-policy',
    {
      config: ofQueryCompany('admin'),
      schema: {
        querystring: CompanyRetryPolicyQuery,
        body: CompanyRetryPolicy,
        response: { 200: CompanyRetryPolicy },
      },
    },
    async (request) => {
      const company = request.query.company_code;
      request.auditTarget = company;
      const before = await companyRetryPolicies.set(company, request.body.retry_policy);
      request.auditDetails = { before, after: request.body.retry_policy };
      return { retry_policy: request.body.retry_policy };
    },
  );
}

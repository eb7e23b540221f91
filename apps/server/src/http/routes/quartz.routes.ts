import type { FastifyRequest } from 'fastify';
import { QuartzListResponse, QuartzQuery, TriggerActionRequest, TriggerActionResponse } from '@lis/contracts';
import { hasRole, roleForCompany, visibleCompanies } from '../../modules/access/access.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import { answerInLanguage } from '../reader-message.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/**
 * The Quartz Monitor (spec 001 "Quartz Monitor screen", DESIGN §3): every trigger of the caller's
 * companies, and its stop button — pause and resume, for an admin of the trigger's company.
 */
export function quartzRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.scheduling;
  const adminOfBodyCompany = {
    policy: { access: 'admin', company: { from: 'body', field: 'company_code' } },
  } as const;

  app.get(
    '/v1/lis-server/quartz',
    {
      config: { policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } } },
      schema: { querystring: QuartzQuery, response: { 200: QuartzListResponse } },
    },
    async (request) => {
      const query = request.query;
      // A named company was checked by the route policy; none named: the caller's companies.
      const companies = query.company_code
        ? [query.company_code]
        : visibleCompanies(requireIdentity(request));
      const rows = await service.quartzRows(companies);
      return { result_list: rows, total_count: rows.length };
    },
  );

  /**
   * The trigger's company is in its row, not in the request: the policy checks a company_code sent
   * with it (and that it is an admin somewhere), then the trigger's own company is checked here.
   */
  const requireAdminOfTrigger = async (request: FastifyRequest, body: TriggerActionRequest) => {
    request.auditTarget = body.trigger_id;
    const trigger = await service.findTrigger(body.trigger_id);
    if (!trigger || (body.company_code !== undefined && body.company_code !== trigger.company_code))
      throw new HttpError(
        'TRIGGER_NOT_FOUND',
        message(request.language, 'triggerNotFound', { id: body.trigger_id }),
      );
    const identity = requireIdentity(request);
    const role = roleForCompany(identity, trigger.company_code);
    // Out of the caller's companies: as if it did not exist (DESIGN §6); in them but below admin: 403.
    if (!role)
      throw new HttpError(
        'TRIGGER_NOT_FOUND',
        message(request.language, 'triggerNotFound', { id: body.trigger_id }),
      );
    if (!hasRole(role, 'admin'))
      throw new HttpError(
        'COMPANY_FORBIDDEN',
        message(request.language, 'companyForbidden', { company: trigger.company_code }),
      );
    request.auditDetails = { company_code: trigger.company_code, before: trigger.state };
    return { identity, trigger };
  };

  app.post(
    '/v1/lis-server/quartz/pause',
    {
      config: adminOfBodyCompany,
      schema: { body: TriggerActionRequest, response: { 200: TriggerActionResponse } },
    },
    async (request) => {
      const { identity, trigger } = await requireAdminOfTrigger(request, request.body);
      const answer = await service.pauseTrigger(trigger.id, identity.username);
      request.auditDetails = { ...request.auditDetails, after: answer.state };
      return answerInLanguage(request.language, answer);
    },
  );

  app.post(
    '/v1/lis-server/quartz/resume',
    {
      config: adminOfBodyCompany,
      schema: { body: TriggerActionRequest, response: { 200: TriggerActionResponse } },
    },
    async (request) => {
      const { trigger } = await requireAdminOfTrigger(request, request.body);
      const answer = await service.resumeTrigger(trigger.id);
      request.auditDetails = { ...request.auditDetails, after: answer.state, next_fire: answer.next_fire };
      return answerInLanguage(request.language, answer);
    },
  );
}

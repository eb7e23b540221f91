import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CancelRunQuery,
  JobResumeQuery,
  MessageResponse,
  ReSchedulerRequest,
  ReSchedulerResponse,
  RunImmediateQuery,
  RunImmediateResponse,
  RunStepQuery,
  RunStepResponse,
  ACTION_PASSWORD_HEADER,
} from '@lis/contracts';
import { isImportantJob } from '../../modules/action-password/step-up.service.js';
import { renderMessage } from '../../i18n/messages.js';
import { requireIdentity } from '../plugins/route-policy.js';
import { answerInLanguage } from '../reader-message.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';
import { isUncheckedObject } from '../unchecked-input.js';

/**
 * Job control (spec 000 §7). Every role operates the jobs of its own companies (spec 000 §6: the
 * monitoring screens are everyone's); rebuilding triggers is an administrator's. The company is
 * read from the request and checked by the route policy.
 */
export function schedulingRoutes(app: TypedApp, ctx: AppContext): void {
  const { scheduling: service, stepUp } = ctx.services;

  /** DESIGN §6: running an important job (now, or a step of it) needs the step-up (decision 0020). */
  const checkActionPassword = async (
    request: FastifyRequest,
    companyCode: string,
    legacyId: string,
    action: 'run-immediate' | 'run-step',
  ) => {
    const job = await ctx.services.jobConfigs.get(companyCode, legacyId);
    if (!isImportantJob(job?.important_job)) return;
    await stepUp.verify(requireIdentity(request).username, request.headers[ACTION_PASSWORD_HEADER], {
      action,
      target: legacyId,
      companyCode,
      method: request.method,
      ip: request.ip,
    });
  };
  const userOfQueryCompany = {
    policy: { access: 'user', company: { from: 'query', field: 'company_code' } },
  } as const;

  /**
   * The spec's resume and run-immediate are GETs that change things: the audit trail only records
   * mutating methods, so these record themselves, the same way.
   */
  const auditThisGet = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = isUncheckedObject(request.query) ? request.query : undefined;
    try {
      await ctx.audit.record({
        at: ctx.clock.now(),
        username: request.identity?.username ?? null,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        statusCode: reply.statusCode,
        companyCode: typeof query?.company_code === 'string' ? query.company_code : null,
        target: request.auditTarget ?? null,
        details: request.auditDetails ?? null,
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit log');
    }
  };

  app.get(
    '/v1/job/resume',
    {
      config: userOfQueryCompany,
      schema: { querystring: JobResumeQuery, response: { 200: MessageResponse } },
      onResponse: auditThisGet,
    },
    async (request) => {
      const query = request.query;
      request.auditTarget = query.legacy_id;
      return answerInLanguage(
        request.language,
        await service.resumeJob(query.company_code, query.legacy_id, requireIdentity(request).username),
      );
    },
  );

  app.get(
    '/v1/lis-server/run-immediate',
    {
      config: userOfQueryCompany,
      schema: { querystring: RunImmediateQuery, response: { 200: RunImmediateResponse } },
      onResponse: auditThisGet,
    },
    async (request) => {
      const query = request.query;
      request.auditTarget = query.legacy_id;
      await checkActionPassword(request, query.company_code, query.legacy_id, 'run-immediate');
      const answer = await service.runImmediately(
        query.company_code,
        query.legacy_id,
        requireIdentity(request).username,
      );
      request.auditDetails = { job_instance_no: answer.job_instance_no, legacy_type: query.legacy_type };
      return answerInLanguage(request.language, answer);
    },
  );

  // The spec's GET (monitoring screens) and its POST variant (daily report, expected run screens).
  const runStepService = ctx.services.runSteps;
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/lis-server/run-step',
      config: userOfQueryCompany,
      schema: { querystring: RunStepQuery, response: { 200: RunStepResponse } },
      ...(method === 'GET' ? { onResponse: auditThisGet } : {}),
      handler: async (request) => {
        const query = request.query;
        request.auditTarget = query.job_instance_no;
        request.auditDetails = { legacy_id: query.legacy_id, step: query.step };
        await checkActionPassword(request, query.company_code, query.legacy_id, 'run-step');
        const answer = await runStepService.rerun(
          query.company_code,
          query.legacy_id,
          query.job_instance_no,
          query.step,
          requireIdentity(request).username,
        );
        return answerInLanguage(request.language, answer);
      },
    });
  }

  app.post(
    '/v1/lis-server/cancel',
    {
      config: userOfQueryCompany,
      schema: { querystring: CancelRunQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query;
      request.auditTarget = query.job_instance_no;
      request.auditDetails = { legacy_id: query.legacy_id };
      const answer = await service.cancelRun(
        query.company_code,
        query.legacy_id,
        query.job_instance_no,
        requireIdentity(request).username,
      );
      request.auditDetails = { legacy_id: query.legacy_id, state: answer.state };
      return { message: renderMessage(request.language, answer.message) };
    },
  );

  app.post(
    '/v1/lis-server/re-scheduler',
    {
      config: { policy: { access: 'admin', company: { from: 'body', field: 'company_code' } } },
      schema: { body: ReSchedulerRequest, response: { 200: ReSchedulerResponse } },
    },
    async (request) => {
      const body = request.body;
      const legacyId = body.legacy_id?.trim() || undefined;
      request.auditTarget = legacyId ?? '*';
      const answer = await service.reschedule(body.company_code, legacyId);
      request.auditDetails = { job_count: answer.job_count };
      return answerInLanguage(request.language, answer);
    },
  );
}

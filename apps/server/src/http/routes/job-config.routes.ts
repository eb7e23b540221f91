import {
  JobConfig,
  JobConfigDeleteQuery,
  JobConfigExportAnswer,
  JobConfigExportQuery,
  JobConfigGetQuery,
  JobConfigListQuery,
  JobConfigListResponse,
  JobConfigWrite,
  MessageResponse,
  ValidateFilenameQuery,
  ValidateFilenameResponse,
  ValidateFilenameSamples,
} from '@lis/contracts';
import { matchFilenames } from '../../modules/job-config/job-config.service.js';
import { jobConfigWorkbook, jobConfigWorkbookName } from '../../modules/job-config/job-config-workbook.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import { adminOf, checkSchema, deletedMessage, savedMessage } from './server-config/config-route-input.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['job-config'];

/** Spec 001 §3/§7: job configurations — list, add, update, delete, get, export, filename validator. */
export function jobConfigRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.jobs;

  app.get(
    '/v1/config/job-config',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: JobConfigListQuery, response: { 200: JobConfigListResponse } },
    },
    async (request) => service.list(requireIdentity(request), request.query),
  );

  app.get(
    '/v1/config/job-config/get',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: JobConfigGetQuery, response: { 200: JobConfig } },
    },
    async (request) => {
      const query = request.query;
      return service.get(query.company_code, query.legacy_id);
    },
  );

  for (const [method, mode] of [
    ['POST', 'add'],
    ['PUT', 'update'],
  ] as const) {
    app.route({
      method,
      url: `/v1/config/job-config/${mode}`,
      config: adminOf('body', 'companycode'),
      attachValidation: true,
      schema: { tags, body: JobConfigWrite, response: { 200: MessageResponse } },
      handler: async (request) => {
        checkSchema(request);
        const body = request.body;
        request.auditTarget = `${body.companycode}|${body.legacyid}`;
        request.auditDetails = await service.save(body, mode, requireIdentity(request).username);
        return savedMessage(request);
      },
    });
  }

  app.delete(
    '/v1/config/job-config',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: JobConfigDeleteQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query;
      request.auditTarget = `${query.company_code}|${query.legacyid}`;
      request.auditDetails = await service.delete(query.company_code, query.legacyid);
      return deletedMessage(request);
    },
  );

  app.get(
    '/v1/config/export',
    {
      config: adminOf('query', 'company_code'),
      schema: {
        tags,
        querystring: JobConfigExportQuery,
        response: { 200: JobConfigExportAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const result = await service.export(requireIdentity(request), query);
      if (query.format !== 'xlsx') return result;
      const columns = Object.keys(JobConfig.properties);
      const body = await jobConfigWorkbook(result.result_list, columns);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${jobConfigWorkbookName(ctx.clock.now())}"`)
        .send(body);
    },
  );

  app.post(
    '/v1/config/validate-sftp-filename',
    {
      config: { policy: { access: 'admin' } },
      attachValidation: true,
      schema: {
        tags,
        querystring: ValidateFilenameQuery,
        body: ValidateFilenameSamples,
        response: { 200: ValidateFilenameResponse },
      },
    },
    async (request) => {
      const { regex } = (request.query ?? {}) as Partial<ValidateFilenameQuery>;
      return { result_list: matchFilenames(regex ?? '', request.body) };
    },
  );
}

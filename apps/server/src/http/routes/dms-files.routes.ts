import {
  DmsFileListQuery,
  DmsFileListResponse,
  DmsFileListV1Query,
  DmsFileQuery,
  DmsSettingsQuery,
  DmsSettingsResponse,
} from '@lis/contracts';
import { message } from '../../i18n/messages.js';
import { fileResponseHeaders, limitedBody } from '../../modules/files/file-view.js';
import { HttpError } from '../http-error.js';
import type { RoutePolicy } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['files'];
/** Any role of the query's company: the DMS list and viewer are on everyone's monitoring screens. */
const anyRole: { policy: RoutePolicy } = {
  policy: { access: 'user', company: { from: 'query', field: 'company_code' } },
};

/**
 * The DMS file list and viewer (spec 000 §7 "Files"; docs/decisions/0013-dms-file-lists-and-detail.md).
 * The job's DMS server, URL and token are resolved here from the job's configuration; a `url` or
 * `token` in a request is never used, and the token never leaves the server.
 */
export function dmsFileRoutes(app: TypedApp, ctx: AppContext): void {
  const dms = ctx.services.dmsFiles;

  app.get(
    '/v1/dms/file/list',
    {
      config: anyRole,
      schema: { tags, querystring: DmsFileListV1Query, response: { 200: DmsFileListResponse } },
    },
    async (request) => {
      const query = request.query;
      // The old call names the DMS by url and token; ours needs the job (the route policy checks the company).
      if (!query.company_code || !query.legacy_id)
        throw new HttpError('DMS_JOB_REQUIRED', message(request.language, 'dmsJobRequired'));
      return dms.list(
        { companyCode: query.company_code, legacyId: query.legacy_id },
        query.job_instance_no,
        query.bucket_id || undefined,
      );
    },
  );

  app.get(
    '/v2/dms/file/list',
    {
      config: anyRole,
      schema: { tags, querystring: DmsFileListQuery, response: { 200: DmsFileListResponse } },
    },
    async (request) => {
      const query = request.query;
      return dms.list(
        { companyCode: query.company_code, legacyId: query.legacy_id },
        query.job_instance_no,
        undefined,
      );
    },
  );

  app.get(
    '/v2/dms/file',
    { config: anyRole, schema: { tags, querystring: DmsFileQuery } },
    async (request, reply) => {
      const query = request.query;
      const job = { companyCode: query.company_code, legacyId: query.legacy_id };
      const file = await dms.file(job, query.id);
      // A GET is not in the audit trail by itself; a download is (as the file endpoints', decision 0011).
      await ctx.audit.record({
        at: ctx.clock.now(),
        username: request.identity?.username ?? null,
        method: request.method,
        route: request.routeOptions.url ?? '/v2/dms/file',
        statusCode: 200,
        companyCode: query.company_code,
        target: file.fileName,
        details: { legacy_id: query.legacy_id, dms_file_id: query.id },
        ip: request.ip,
      });
      const body = limitedBody(file.stream, file.size, query.limit);
      reply.headers(fileResponseHeaders(file.fileName, query.disposition, file.contentType));
      reply.headers(body.headers);
      if (body.length !== undefined) reply.header('content-length', body.length);
      return reply.send(body.stream);
    },
  );

  app.get(
    '/v1/config/url-file',
    {
      config: anyRole,
      schema: { tags, querystring: DmsSettingsQuery, response: { 200: DmsSettingsResponse } },
    },
    async (request) => {
      const query = request.query;
      return dms.settings({ companyCode: query.company_code, legacyId: query.legacy_id });
    },
  );
}

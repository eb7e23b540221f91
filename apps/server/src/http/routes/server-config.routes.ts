import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiServerDeleteQuery,
  ApiServerListQuery,
  ApiServerListResponse,
  ApiServerWrite,
  DmsServerDeleteQuery,
  DmsServerListQuery,
  DmsServerListResponse,
  DmsServerWrite,
  EmailContentListResponse,
  EmailContentQuery,
  EmailContentSave,
  EmailContentSaveQuery,
  FappTestQuery,
  FappTestRequest,
  FappTestResponse,
  MessageResponse,
  SftpServerDeleteQuery,
  SftpServerListQuery,
  SftpServerListResponse,
  SftpServerWrite,
  SftpTestRequest,
  SftpTestResponse,
} from '@lis/contracts';
import { message, type MessageKey } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity, type RoutePolicy } from '../plugins/route-policy.js';
import { SecretBox } from '../../modules/secrets/secret-box.js';
import { ServerConfigRepository } from '../../modules/server-config/server-config.repository.js';
import { ServerConfigService } from '../../modules/server-config/server-config.service.js';
import type { AppContext } from '../app-context.js';

/** Admin of the record's company; lists without a company are limited to the caller's admin companies. */
const adminOf = (from: 'query' | 'body', field: string): { policy: RoutePolicy } => ({
  policy: { access: 'admin', company: { from, field } },
});
const tags = ['server-config'];

/**
 * The spec's required-field message when one is blank or missing (spec 001 §5, §8), else the
 * schema's own complaint; only then the handler runs.
 */
function checkInput(request: FastifyRequest, required: string[], key: MessageKey, container: unknown): void {
  const record = (container && typeof container === 'object' ? container : {}) as Record<string, unknown>;
  if (required.some((field) => record[field] === undefined || record[field] === null || record[field] === ''))
    throw new HttpError(400, message(request.language, key));
  if (request.validationError)
    throw new HttpError(
      400,
      message(request.language, 'configInvalid', { problem: request.validationError.message.slice(0, 300) }),
    );
}

function checkSchema(request: FastifyRequest): void {
  if (request.validationError)
    throw new HttpError(
      400,
      message(request.language, 'configInvalid', { problem: request.validationError.message.slice(0, 300) }),
    );
}

/** Spec 001 §7: API, sFTP and DMS servers, e-mail content, and the two connection tests. */
export function serverConfigRoutes(app: FastifyInstance, ctx: AppContext, masterKey: Buffer): void {
  const service = new ServerConfigService(
    new ServerConfigRepository(ctx.db.kysely),
    ctx.companies,
    new SecretBox(masterKey),
    ctx.clock,
  );
  const saved = (request: FastifyRequest) => ({ message: message(request.language, 'configSaved') });
  const deleted = (request: FastifyRequest) => ({ message: message(request.language, 'configDeleted') });

  // ---------------------------------------------------------------- API servers

  app.get(
    '/v1/config/api-server',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: ApiServerListQuery, response: { 200: ApiServerListResponse } },
    },
    async (request) =>
      service.listApiServers(requireIdentity(request), request.query as ApiServerListQuery, request.language),
  );

  const apiRequired = ['companycode', 'api_serverid', 'api_url_callfunction', 'api_username'];
  for (const mode of ['add', 'edit'] as const) {
    app.post(
      `/v1/config/api-server/${mode}`,
      {
        config: adminOf('body', 'companycode'),
        attachValidation: true,
        schema: { tags, body: ApiServerWrite, response: { 200: MessageResponse } },
      },
      async (request) => {
        checkInput(
          request,
          mode === 'add' ? [...apiRequired, 'api_password'] : apiRequired,
          'apiServerRequired',
          request.body,
        );
        const body = request.body as ApiServerWrite;
        request.auditTarget = body.api_serverid;
        request.auditDetails = await service.saveApiServer(
          body,
          mode,
          requireIdentity(request).username,
          request.language,
        );
        return saved(request);
      },
    );
  }

  app.delete(
    '/v1/config/api-server/delete',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: ApiServerDeleteQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query as ApiServerDeleteQuery;
      request.auditTarget = query.api_server_id;
      request.auditDetails = await service.deleteApiServer(
        query.company_code,
        query.api_server_id,
        request.language,
      );
      return deleted(request);
    },
  );

  // ---------------------------------------------------------------- sFTP servers

  app.get(
    '/v1/config/sftp-server',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: SftpServerListQuery, response: { 200: SftpServerListResponse } },
    },
    async (request) =>
      service.listSftpServers(
        requireIdentity(request),
        request.query as SftpServerListQuery,
        request.language,
      ),
  );

  for (const mode of ['add', 'edit'] as const) {
    app.post(
      `/v1/config/sftp-server/${mode}`,
      {
        config: adminOf('body', 'companycode'),
        attachValidation: true,
        schema: { tags, body: SftpServerWrite, response: { 200: MessageResponse } },
      },
      async (request) => {
        checkInput(
          request,
          ['companycode', 'sftp_server_id', 'sftp_ip', 'sftp_username'],
          'sftpServerRequired',
          request.body,
        );
        const body = request.body as SftpServerWrite;
        request.auditTarget = body.sftp_server_id;
        request.auditDetails = await service.saveSftpServer(
          body,
          mode,
          requireIdentity(request).username,
          request.language,
        );
        return saved(request);
      },
    );
  }

  app.delete(
    '/v1/config/sftp-server/delete',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: SftpServerDeleteQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query as SftpServerDeleteQuery;
      request.auditTarget = query.sftp_server_id;
      request.auditDetails = await service.deleteSftpServer(
        query.company_code,
        query.sftp_server_id,
        request.language,
      );
      return deleted(request);
    },
  );

  // ---------------------------------------------------------------- DMS servers

  app.get(
    '/v1/config/dms',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: DmsServerListQuery, response: { 200: DmsServerListResponse } },
    },
    async (request) =>
      service.listDmsServers(requireIdentity(request), request.query as DmsServerListQuery, request.language),
  );

  for (const [method, mode] of [
    ['POST', 'add'],
    ['PUT', 'edit'],
  ] as const) {
    app.route({
      method,
      url: '/v1/config/dms',
      config: adminOf('body', 'companycode'),
      attachValidation: true,
      schema: { tags, body: DmsServerWrite, response: { 200: MessageResponse } },
      handler: async (request) => {
        // The spec's message names SID too: a blank sid is refused with it (absent means 555).
        if ((request.body as { sid?: unknown } | undefined)?.sid === '')
          throw new HttpError(400, message(request.language, 'dmsServerRequired'));
        checkInput(request, ['companycode', 'dms_serverid'], 'dmsServerRequired', request.body);
        const body = request.body as DmsServerWrite;
        request.auditTarget = body.dms_serverid;
        request.auditDetails = await service.saveDmsServer(
          body,
          mode,
          requireIdentity(request).username,
          request.language,
        );
        return saved(request);
      },
    });
  }

  app.delete(
    '/v1/config/dms',
    {
      config: adminOf('query', 'company_code'),
      attachValidation: true,
      schema: { tags, querystring: DmsServerDeleteQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      checkInput(request, ['company_code', 'dms_serverid'], 'dmsServerRequired', request.query);
      const query = request.query as DmsServerDeleteQuery;
      request.auditTarget = query.dms_serverid;
      request.auditDetails = await service.deleteDmsServer(
        query.company_code,
        query.dms_serverid,
        request.language,
      );
      return deleted(request);
    },
  );

  // ---------------------------------------------------------------- E-mail content

  app.get(
    '/v1/config/email-content',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: EmailContentQuery, response: { 200: EmailContentListResponse } },
    },
    async (request) => service.emailContents((request.query as EmailContentQuery).company_code),
  );

  app.post(
    '/v1/config/email-content',
    {
      config: adminOf('query', 'company_code'),
      schema: {
        tags,
        querystring: EmailContentSaveQuery,
        body: EmailContentSave,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { company_code } = request.query as EmailContentSaveQuery;
      request.auditTarget = 'email-content';
      request.auditDetails = await service.saveEmailContents(
        company_code,
        request.body as EmailContentSave,
        requireIdentity(request).username,
        request.language,
      );
      return saved(request);
    },
  );

  // ---------------------------------------------------------------- Connection tests

  app.get(
    '/v1/test/fapp/connection',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: FappTestQuery, response: { 200: FappTestResponse } },
    },
    async (request) => service.testFunctionServer(request.query as FappTestQuery, request.language),
  );

  app.post(
    '/v1/test/fapp/connection',
    {
      config: { ...adminOf('body', 'company_code'), audit: false },
      attachValidation: true,
      schema: { tags, body: FappTestRequest, response: { 200: FappTestResponse } },
    },
    async (request) => {
      checkSchema(request);
      return service.testFunctionServer(request.body as FappTestRequest, request.language);
    },
  );

  app.post(
    '/v1/test/sftp/connection',
    {
      config: { ...adminOf('body', 'company_code'), audit: false },
      attachValidation: true,
      schema: { tags, body: SftpTestRequest, response: { 200: SftpTestResponse } },
    },
    async (request) => {
      checkSchema(request);
      return service.testSftp(request.body as SftpTestRequest, request.language);
    },
  );
}

import {
  ApiServerDeleteQuery,
  ApiServerListQuery,
  ApiServerListResponse,
  ApiServerWrite,
  MessageResponse,
} from '@lis/contracts';
import { requireIdentity } from '../../plugins/route-policy.js';
import type { ApiServerService } from '../../../modules/server-config/api-server.service.js';
import { adminOf, checkInput, deletedMessage, savedMessage, tags } from './config-route-input.js';
import type { TypedApp } from '../../typed-app.js';

const required = ['companycode', 'api_serverid', 'api_url_callfunction', 'api_username'];

/** Spec 001 §7: list, add, edit and delete API (function) servers. */
export function apiServerRoutes(app: TypedApp, service: ApiServerService): void {
  app.get(
    '/v1/config/api-server',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: ApiServerListQuery, response: { 200: ApiServerListResponse } },
    },
    async (request) => service.list(requireIdentity(request), request.query),
  );

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
          mode === 'add' ? [...required, 'api_password'] : required,
          { code: 'API_SERVER_FIELDS_MISSING', key: 'apiServerRequired' },
          request.body,
        );
        const body = request.body;
        request.auditTarget = body.api_serverid;
        request.auditDetails = await service.save(body, mode, requireIdentity(request).username);
        return savedMessage(request);
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
      const query = request.query;
      request.auditTarget = query.api_server_id;
      request.auditDetails = await service.delete(query.company_code, query.api_server_id);
      return deletedMessage(request);
    },
  );
}

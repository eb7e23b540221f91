import {
  MessageResponse,
  SftpServerDeleteQuery,
  SftpServerListQuery,
  SftpServerListResponse,
  SftpServerWrite,
} from '@lis/contracts';
import { requireIdentity } from '../../plugins/route-policy.js';
import type { SftpServerService } from '../../../modules/server-config/sftp-server.service.js';
import { adminOf, checkInput, deletedMessage, savedMessage, tags } from './config-route-input.js';
import type { TypedApp } from '../../typed-app.js';

const required = ['companycode', 'sftp_server_id', 'sftp_ip', 'sftp_username'];

/** Spec 001 §7: list, add, edit and delete sFTP servers. */
export function sftpServerRoutes(app: TypedApp, service: SftpServerService): void {
  app.get(
    '/v1/config/sftp-server',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: SftpServerListQuery, response: { 200: SftpServerListResponse } },
    },
    async (request) => service.list(requireIdentity(request), request.query),
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
        checkInput(request, required, 'sftpServerRequired', request.body);
        const body = request.body;
        request.auditTarget = body.sftp_server_id;
        request.auditDetails = await service.save(body, mode, requireIdentity(request).username);
        return savedMessage(request);
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
      const query = request.query;
      request.auditTarget = query.sftp_server_id;
      request.auditDetails = await service.delete(query.company_code, query.sftp_server_id);
      return deletedMessage(request);
    },
  );
}

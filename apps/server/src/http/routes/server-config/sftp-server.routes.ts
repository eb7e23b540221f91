import {
  MessageResponse,
  SftpServerDeleteQuery,
  SftpServerListQuery,
  SftpServerListResponse,
  SftpServerWrite,
} from '@lis/contracts';
import { requireIdentity } from '../../plugins/route-policy.js';
import type { SftpServerService } from '../../../modules/server-config/sftp-server.service.js';
import { adminOf, checkSchema, deletedMessage, savedMessage, tags } from './config-route-input.js';
import { HttpError } from '../../http-error.js';
import { message } from '../../../i18n/messages.js';
import { missingSftpFields } from '../../../modules/server-config/sftp-server.service.js';
import type { TypedApp } from '../../typed-app.js';

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
        // Names only what is really missing (a client of the spec sends no companycode: the legacy hook
        // fills the caller's one company, decision 0027); then the schema's own complaint.
        const missing = missingSftpFields(request.body, mode);
        if (missing.length)
          throw new HttpError(
            'SFTP_SERVER_FIELDS_MISSING',
            message(request.language, 'sftpServerRequired', { fields: missing.join(', ') }),
          );
        checkSchema(request);
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

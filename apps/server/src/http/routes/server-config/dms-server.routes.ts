import {
  DmsServerDeleteQuery,
  DmsServerListQuery,
  DmsServerListResponse,
  DmsServerWrite,
  MessageResponse,
} from '@lis/contracts';
import { message } from '../../../i18n/messages.js';
import { HttpError } from '../../http-error.js';
import { requireIdentity } from '../../plugins/route-policy.js';
import type { DmsServerService } from '../../../modules/server-config/dms-server.service.js';
import { adminOf, checkInput, deletedMessage, savedMessage, tags } from './config-route-input.js';
import type { TypedApp } from '../../typed-app.js';
import { isUncheckedObject } from '../../unchecked-input.js';

/** Spec 001 §7: list, add (POST), edit (PUT) and delete DMS servers, all on one path. */
export function dmsServerRoutes(app: TypedApp, service: DmsServerService): void {
  app.get(
    '/v1/config/dms',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: DmsServerListQuery, response: { 200: DmsServerListResponse } },
    },
    async (request) => service.list(requireIdentity(request), request.query),
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
        if (isUncheckedObject(request.body) && request.body.sid === '')
          throw new HttpError('DMS_SERVER_FIELDS_MISSING', message(request.language, 'dmsServerRequired'));
        checkInput(
          request,
          ['companycode', 'dms_serverid'],
          { code: 'DMS_SERVER_FIELDS_MISSING', key: 'dmsServerRequired' },
          request.body,
        );
        const body = request.body;
        request.auditTarget = body.dms_serverid;
        request.auditDetails = await service.save(body, mode, requireIdentity(request).username);
        return savedMessage(request);
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
      checkInput(
        request,
        ['company_code', 'dms_serverid'],
        { code: 'DMS_SERVER_FIELDS_MISSING', key: 'dmsServerRequired' },
        request.query,
      );
      const query = request.query;
      request.auditTarget = query.dms_serverid;
      request.auditDetails = await service.delete(query.company_code, query.dms_serverid);
      return deletedMessage(request);
    },
  );
}

import {
  EmailContentListResponse,
  EmailContentQuery,
  EmailContentSave,
  EmailContentSaveQuery,
  MessageResponse,
} from '@lis/contracts';
import { requireIdentity } from '../../plugins/route-policy.js';
import type { EmailContentService } from '../../../modules/server-config/email-content.service.js';
import { adminOf, savedMessage, tags } from './config-route-input.js';
import type { TypedApp } from '../../typed-app.js';

/** Spec 001 §7: a company's e-mail content, read and saved as a whole. */
export function emailContentRoutes(app: TypedApp, service: EmailContentService): void {
  app.get(
    '/v1/config/email-content',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: EmailContentQuery, response: { 200: EmailContentListResponse } },
    },
    async (request) => service.list(request.query.company_code),
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
      const { company_code } = request.query;
      request.auditTarget = 'email-content';
      request.auditDetails = await service.save(
        company_code,
        request.body,
        requireIdentity(request).username,
      );
      return savedMessage(request);
    },
  );
}

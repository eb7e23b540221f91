import type { FastifyInstance } from 'fastify';
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

/** Spec 001 §7: a company's e-mail content, read and saved as a whole. */
export function emailContentRoutes(app: FastifyInstance, service: EmailContentService): void {
  app.get(
    '/v1/config/email-content',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: EmailContentQuery, response: { 200: EmailContentListResponse } },
    },
    async (request) => service.list((request.query as EmailContentQuery).company_code),
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
      request.auditDetails = await service.save(
        company_code,
        request.body as EmailContentSave,
        requireIdentity(request).username,
      );
      return savedMessage(request);
    },
  );
}

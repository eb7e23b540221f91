import type { FastifyInstance } from 'fastify';
import { MailOutboxBody, MailOutboxBodyQuery, MailOutboxListResponse, MailOutboxQuery } from '@lis/contracts';
import { message } from '../../i18n/messages.js';
import { MailOutboxRepository } from '../../modules/mail-outbox/mail-outbox.repository.js';
import { paging, scopeCodes } from '../../modules/server-config/config-scope.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';

const adminOf = { policy: { access: 'admin', company: { from: 'query', field: 'company_code' } } } as const;

/** The mail outbox, read-only: admins see the status e-mails of their companies. */
export function mailOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const outbox = new MailOutboxRepository(ctx.db.kysely);

  app.get(
    '/v1/mail-outbox',
    { config: adminOf, schema: { querystring: MailOutboxQuery, response: { 200: MailOutboxListResponse } } },
    async (request) => {
      const query = request.query as MailOutboxQuery;
      const { rows, total } = await outbox.list({
        codes: scopeCodes(requireIdentity(request), query.company_code),
        status: query.status,
        ...paging(query.page, query.page_size),
      });
      return { result_list: rows, total_count: total };
    },
  );

  app.get(
    '/v1/mail-outbox/body',
    { config: adminOf, schema: { querystring: MailOutboxBodyQuery, response: { 200: MailOutboxBody } } },
    async (request) => {
      const query = request.query as MailOutboxBodyQuery;
      const mail = await outbox.body(query.company_code, query.seq);
      if (!mail) throw new HttpError(404, message(request.language, 'mailNotFound', { seq: query.seq }));
      return mail;
    },
  );
}

import {
  MailOutboxBody,
  MailOutboxBodyQuery,
  MailOutboxListResponse,
  MailOutboxQuery,
  MailOutboxResendRequest,
  MessageResponse,
} from '@lis/contracts';
import { message } from '../../i18n/messages.js';
import { queuedBetween } from '../../modules/mail-outbox/mail-outbox-days.js';
import { paging, scopeCodes } from '../../modules/server-config/config-scope.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const adminOf = { policy: { access: 'admin', company: { from: 'query', field: 'company_code' } } } as const;
const adminOfBody = {
  policy: { access: 'admin', company: { from: 'body', field: 'company_code' } },
} as const;

/**
 * The mail outbox: admins see the status e-mails of their companies — by status and by the days they
 * were queued — and may send an UNKNOWN or FAILED one again (audited; decision 0016).
 */
export function mailOutboxRoutes(app: TypedApp, ctx: AppContext): void {
  const outbox = ctx.services.mailOutbox;

  app.get(
    '/v1/mail-outbox',
    { config: adminOf, schema: { querystring: MailOutboxQuery, response: { 200: MailOutboxListResponse } } },
    async (request) => {
      const query = request.query;
      const queued = queuedBetween(query.date_from, query.date_to, ctx.timeZone);
      const { rows, total } = await outbox.list({
        codes: scopeCodes(requireIdentity(request), query.company_code),
        status: query.status,
        queuedFrom: queued.from,
        queuedBefore: queued.to,
        ...paging(query.page, query.page_size),
      });
      return { result_list: rows, total_count: total };
    },
  );

  app.get(
    '/v1/mail-outbox/body',
    { config: adminOf, schema: { querystring: MailOutboxBodyQuery, response: { 200: MailOutboxBody } } },
    async (request) => {
      const query = request.query;
      const mail = await outbox.body(query.company_code, query.seq);
      if (!mail)
        throw new HttpError('MAIL_NOT_FOUND', message(request.language, 'mailNotFound', { seq: query.seq }));
      return mail;
    },
  );

  app.post(
    '/v1/mail-outbox/resend',
    { config: adminOfBody, schema: { body: MailOutboxResendRequest, response: { 200: MessageResponse } } },
    async (request) => {
      const body = request.body;
      request.auditTarget = `mail:${body.seq}`;
      const result = await outbox.resend(body.company_code, body.seq);
      if (!result.resent) {
        if (result.status === undefined)
          throw new HttpError('MAIL_NOT_FOUND', message(request.language, 'mailNotFound', { seq: body.seq }));
        throw new HttpError(
          'MAIL_NOT_RESENDABLE',
          message(request.language, 'mailNotResendable', { seq: body.seq, status: result.status }),
        );
      }
      request.auditDetails = { seq: body.seq };
      return { message: message(request.language, 'mailResent', { seq: body.seq }) };
    },
  );
}

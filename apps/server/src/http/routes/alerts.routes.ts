import {
  Alert,
  AlertAcknowledge,
  AlertChannel,
  AlertChannelListResponse,
  AlertChannelTestResponse,
  AlertChannelWrite,
  AlertCompanyQuery,
  AlertDeliveryResend,
  AlertListQuery,
  AlertListResponse,
  AlertNamedKey,
  AlertRule,
  AlertRuleListResponse,
  AlertRuleWrite,
  AlertSummaryQuery,
  AlertSummaryResponse,
  MessageResponse,
} from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import { message } from '../../i18n/messages.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['alerts'];
const WRITES = [
  ['POST', 'insert'],
  ['PUT', 'update'],
] as const;

/**
 * Alerts (issue 35, docs/alerts.md): any role of a company reads its channels, rules and alerts and
 * acknowledges its alerts (operators acknowledge); its admin writes channels and rules, sends a
 * channel's test alert and sends a failed delivery again. Secrets are write-only: a channel answers its
 * URL masked and `has_secret`.
 */
export function alertRoutes(app: TypedApp, ctx: AppContext): void {
  const { alertChannels, alertRules, alerts } = ctx.services;
  const readPolicy = { access: 'signed-in', company: { from: 'query', field: 'company_code' } } as const;
  const adminBody = { access: 'admin', company: { from: 'body', field: 'company_code' } } as const;
  const adminQuery = { access: 'admin', company: { from: 'query', field: 'company_code' } } as const;

  app.get(
    '/v1/alert-channels',
    {
      config: { policy: readPolicy },
      schema: { tags, querystring: AlertCompanyQuery, response: { 200: AlertChannelListResponse } },
    },
    async (request) => alertChannels.list(request.query.company_code),
  );
  for (const [method, mode] of WRITES)
    app.route({
      method,
      url: '/v1/alert-channels',
      config: { policy: adminBody },
      schema: { tags, body: AlertChannelWrite, response: { 200: AlertChannel } },
      handler: async (request) => {
        const body = request.body;
        request.auditTarget = `${body.company_code}|${body.name}`;
        const saved = await alertChannels.save(body, mode, requireIdentity(request).username);
        request.auditDetails = saved.audit;
        return saved.channel;
      },
    });
  app.delete(
    '/v1/alert-channels',
    {
      config: { policy: adminQuery },
      schema: { tags, querystring: AlertNamedKey, response: { 200: MessageResponse } },
    },
    async (request) => {
      request.auditTarget = `${request.query.company_code}|${request.query.name}`;
      const deleted = await alertChannels.delete(request.query);
      request.auditDetails = deleted.audit;
      return { message: message(request.language, 'alertChannelDeleted', { name: deleted.name }) };
    },
  );
  app.post(
    '/v1/alert-channels/test',
    {
      config: { policy: adminBody },
      schema: { tags, body: AlertNamedKey, response: { 200: AlertChannelTestResponse } },
    },
    async (request) => {
      const { name } = request.body;
      request.auditTarget = `${request.body.company_code}|${name}`;
      const result = await alertChannels.test(request.body);
      const key = result.delivered ? 'alertTestDelivered' : 'alertTestNotDelivered';
      return { message: message(request.language, key, { name }), ...result };
    },
  );

  app.get(
    '/v1/alert-rules',
    {
      config: { policy: readPolicy },
      schema: { tags, querystring: AlertCompanyQuery, response: { 200: AlertRuleListResponse } },
    },
    async (request) => alertRules.list(request.query.company_code),
  );
  for (const [method, mode] of WRITES)
    app.route({
      method,
      url: '/v1/alert-rules',
      config: { policy: adminBody },
      schema: { tags, body: AlertRuleWrite, response: { 200: AlertRule } },
      handler: async (request) => {
        const body = request.body;
        request.auditTarget = `${body.company_code}|${body.name}`;
        const saved = await alertRules.save(body, mode, requireIdentity(request).username);
        request.auditDetails = saved.audit;
        return saved.rule;
      },
    });
  app.delete(
    '/v1/alert-rules',
    {
      config: { policy: adminQuery },
      schema: { tags, querystring: AlertNamedKey, response: { 200: MessageResponse } },
    },
    async (request) => {
      request.auditTarget = `${request.query.company_code}|${request.query.name}`;
      const deleted = await alertRules.delete(request.query);
      request.auditDetails = deleted.audit;
      return { message: message(request.language, 'alertRuleDeleted', { name: deleted.name }) };
    },
  );

  app.get(
    '/v1/alerts',
    {
      // A named company was checked by the route policy; none named: the caller's companies.
      config: { policy: readPolicy },
      schema: { tags, querystring: AlertListQuery, response: { 200: AlertListResponse } },
    },
    async (request) => {
      const company = request.query.company_code;
      return alerts.list(company ? [company] : visibleCompanies(requireIdentity(request)), request.query);
    },
  );
  app.post(
    '/v1/alerts/acknowledge',
    {
      // The alert names its company: the service checks the caller's role in it.
      config: { policy: { access: 'signed-in' } },
      schema: { tags, body: AlertAcknowledge, response: { 200: Alert } },
    },
    async (request) => {
      request.auditTarget = request.body.event_id;
      return alerts.acknowledge(requireIdentity(request), request.body);
    },
  );
  app.post(
    '/v1/alerts/deliveries/resend',
    {
      // An administrator of the company named; an alert of another company is not found (404).
      config: { policy: adminBody },
      schema: { tags, body: AlertDeliveryResend, response: { 200: Alert } },
    },
    async (request) => {
      const { company_code: company, event_id: eventId, channel, escalation } = request.body;
      request.auditTarget = `${company}|${eventId}|${channel}${escalation ? '|escalation' : ''}`;
      const alert = await alerts.resendDelivery(request.body);
      request.auditDetails = { event_id: eventId, channel, escalation };
      return alert;
    },
  );
  app.get(
    '/v1/alerts/summary',
    {
      config: { policy: readPolicy },
      schema: { tags, querystring: AlertSummaryQuery, response: { 200: AlertSummaryResponse } },
    },
    async (request) => {
      const company = request.query.company_code;
      return alerts.summary(company ? [company] : visibleCompanies(requireIdentity(request)));
    },
  );
}

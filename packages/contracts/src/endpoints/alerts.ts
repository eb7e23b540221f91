import {
  Alert,
  AlertAcknowledge,
  AlertChannel,
  AlertChannelListResponse,
  AlertChannelTestResponse,
  AlertChannelWrite,
  AlertListQuery,
  AlertListResponse,
  AlertRule,
  AlertRuleListResponse,
  AlertRuleWrite,
  AlertSummaryResponse,
  AlertCompanyQuery,
  AlertDeliveryResend,
  ExpectationStatusQuery,
  ExpectationStatusResponse,
  JobExpectation,
  JobExpectationKey,
  AlertNamedKey,
  AlertSummaryQuery,
} from '../alerts.js';
import { MessageResponse } from '../common.js';
import type { EndpointTable } from './endpoint.js';

/** Issue 35: file deadlines (expectations) of jobs; in the API's endpoint table (endpoints/index.ts). */
export const expectationEndpoints = {
  'GET /v1/job-expectations': { query: JobExpectationKey, response: JobExpectation },
  'PUT /v1/job-expectations': { body: JobExpectation, response: JobExpectation },
  'DELETE /v1/job-expectations': { query: JobExpectationKey, response: MessageResponse },
  'GET /v1/job-expectations/status': { query: ExpectationStatusQuery, response: ExpectationStatusResponse },
} as const satisfies EndpointTable;

/**
 * Issue 35: alert channels and rules, alerts. Joins the API's endpoint table (endpoints/index.ts)
 * together with its routes.
 */
export const alertEndpoints = {
  'GET /v1/alert-channels': { query: AlertCompanyQuery, response: AlertChannelListResponse },
  'POST /v1/alert-channels': { body: AlertChannelWrite, response: AlertChannel },
  'PUT /v1/alert-channels': { body: AlertChannelWrite, response: AlertChannel },
  'DELETE /v1/alert-channels': { query: AlertNamedKey, response: MessageResponse },
  'POST /v1/alert-channels/test': { body: AlertNamedKey, response: AlertChannelTestResponse },
  'GET /v1/alert-rules': { query: AlertCompanyQuery, response: AlertRuleListResponse },
  'POST /v1/alert-rules': { body: AlertRuleWrite, response: AlertRule },
  'PUT /v1/alert-rules': { body: AlertRuleWrite, response: AlertRule },
  'DELETE /v1/alert-rules': { query: AlertNamedKey, response: MessageResponse },
  'GET /v1/alerts': { query: AlertListQuery, response: AlertListResponse },
  'POST /v1/alerts/acknowledge': { body: AlertAcknowledge, response: Alert },
  'POST /v1/alerts/deliveries/resend': { body: AlertDeliveryResend, response: Alert },
  'GET /v1/alerts/summary': { query: AlertSummaryQuery, response: AlertSummaryResponse },
} as const satisfies EndpointTable;

import type { AlertAcknowledge, AlertDeliveryResend, AlertListQuery } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

/** The query keys: every alert list, one list, the header's summary. */
export const alertKeys = {
  all: ['alerts'] as const,
  lists: () => ['alerts', 'list'] as const,
  list: (query: AlertListQuery) => ['alerts', 'list', query] as const,
  summary: () => ['alerts', 'summary'] as const,
};

/** GET /v1/alerts: a page of the alerts of the caller's companies (or of one), newest first. */
export function fetchAlerts(query: AlertListQuery, signal?: AbortSignal) {
  return call('GET /v1/alerts', { query, signal });
}

/** POST /v1/alerts/acknowledge: who and when are the caller and now; the comment as typed. */
export function acknowledgeAlert(body: AlertAcknowledge) {
  return call('POST /v1/alerts/acknowledge', { body });
}

/** POST /v1/alerts/deliveries/resend: a failed delivery is sent again (an administrator of the company). */
export function resendDelivery(body: AlertDeliveryResend) {
  return call('POST /v1/alerts/deliveries/resend', { body });
}

/** GET /v1/alerts/summary: the open alerts of the caller's companies (the header's badge). */
export function fetchAlertSummary(signal?: AbortSignal) {
  return call('GET /v1/alerts/summary', { signal });
}

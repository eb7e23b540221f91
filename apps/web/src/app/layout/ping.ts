import type { PingRequest, PingSettingsResponse } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { sendRequest } from '../../platform/api/http';
import { FAILED_LATENCY, isAbsoluteUrl } from './latency';

export function pingRequestBody(
  settings: PingSettingsResponse,
  userId: string,
  now = new Date(),
): PingRequest {
  return {
    sid: settings.workflow_ping_sid,
    company_code: settings.workflow_ping_company_code,
    web_id: settings.workflow_ping_web_id,
    ip_address: settings.workflow_ping_ip_address,
    user_id: userId,
    module: settings.workflow_ping_module,
    ping_time: now.toISOString(),
  };
}

/**
 * One ping (spec 000 §9): the round trip in ms, or -1 when it failed. Without a configured address,
 * `POST /v1/ping`; a base-relative address goes through the API client (with the session); an
 * absolute one is another service and gets no token.
 */
export async function measureLatency(
  settings: PingSettingsResponse,
  userId: string,
  signal: AbortSignal,
): Promise<number> {
  const url = settings.workflow_ping_api_url.trim();
  const body = pingRequestBody(settings, userId);
  const started = performance.now();
  try {
    if (url === '') {
      await call('POST /v1/ping', { body, signal });
    } else if (isAbsoluteUrl(url)) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      if (!response.ok) return FAILED_LATENCY;
    } else {
      await sendRequest('POST', url, { body, signal });
    }
    return performance.now() - started;
  } catch {
    return FAILED_LATENCY;
  }
}

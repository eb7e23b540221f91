import type { PingRequest, PingSettingsResponse } from '@lis/contracts';
import { apiRequest } from '../../platform/api/http';
import { FAILED_LATENCY, isAbsoluteUrl } from './latency';

const DEFAULT_PING_PATH = 'v1/ping';

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
 * One ping (spec 000 §9): the round trip in ms, or -1 when it failed. A base-relative address goes
 * through the API client (with the session); an absolute one is another service and gets no token.
 */
export async function measureLatency(
  settings: PingSettingsResponse,
  userId: string,
  signal: AbortSignal,
): Promise<number> {
  const url = settings.workflow_ping_api_url.trim() || DEFAULT_PING_PATH;
  const body = pingRequestBody(settings, userId);
  const started = performance.now();
  try {
    if (isAbsoluteUrl(url)) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      if (!response.ok) return FAILED_LATENCY;
    } else {
      await apiRequest<unknown>('POST', url, { body, signal });
    }
    return performance.now() - started;
  } catch {
    return FAILED_LATENCY;
  }
}

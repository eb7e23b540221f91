import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';

const API_PREFIXES = ['/v1/', '/v2/', '/v3/'];
/** Asked on a timer by every open console, or by probes and scrapers: never logged in `api` mode. */
const QUIET_PATHS = new Set(['/v1/ping', '/healthz', '/readyz', '/metrics']);

/** Whether a request gets its log line: `all`, `api` (API calls but the latency ping), `off`. */
export function shouldLogRequest(mode: Config['logRequests'], url: string): boolean {
  if (mode === 'off') return false;
  if (mode === 'all') return true;
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) && !QUIET_PATHS.has(pathname);
}

/**
 * One info line per request, when it has been answered (Fastify's own two lines per request are
 * turned off in buildApp): method, path, status, time, user. Static files of the console and the
 * latency ping are left out by default (LIS_LOG_REQUESTS=api), so a browser does not fill the log.
 */
export function installRequestLog(app: FastifyInstance, mode: Config['logRequests']): void {
  if (mode === 'off') return;
  app.addHook('onResponse', async (request, reply) => {
    if (!shouldLogRequest(mode, request.url)) return;
    request.log.info(
      {
        method: request.method,
        url: request.routeOptions.url ?? request.url.split('?')[0],
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: request.identity?.username,
      },
      'request',
    );
  });
}

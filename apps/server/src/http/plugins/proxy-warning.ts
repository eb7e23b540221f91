import type { FastifyInstance } from 'fastify';

/**
 * Behind a reverse proxy without `LIS_TRUST_PROXY=true`, every request seems to come from the proxy's
 * address: the per-address sign-in ceiling then counts every user's failures together. The first
 * request that carries `X-Forwarded-For` while the header is not trusted says so once in the log.
 */
export function installProxyWarning(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      { event: 'untrusted_forwarded_for', ip: request.ip },
      'A request arrived with X-Forwarded-For but LIS_TRUST_PROXY is not true: LIS sees the proxy ' +
        'address as every client address (sign-in throttles per address, audit log). Behind a reverse ' +
        'proxy set LIS_TRUST_PROXY=true (README, "Behind a reverse proxy").',
    );
  });
}

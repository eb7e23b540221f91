import type { AppContext } from '../app-context.js';
import { expectationMetrics } from './expectation-metrics.js';
import { metrics } from './metrics-registry.js';
import { alertMetrics } from './alert-metrics.js';
import { schedulerMetrics } from './scheduler-metrics.js';
import { retryMetrics } from './retry-metrics.js';
import { serverReachabilityMetrics } from './server-reachability-metrics.js';
import type { TypedApp } from '../typed-app.js';

/**
 * `GET /metrics` (DESIGN §9), Prometheus text. Its figures are the whole system's (every company's
 * runs and queue), so only a super_admin may read it (docs/security.md "Hygiene"; an admin of one
 * company must not see the others'); `LIS_METRICS_PUBLIC=true` opens it for a scraper on a closed network.
 */
export function metricsRoutes(app: TypedApp, ctx: AppContext): void {
  const policy = ctx.config.metricsPublic
    ? ({ access: 'public' } as const)
    : ({ access: 'super_admin' } as const);
  app.get('/metrics', { config: { policy }, schema: { hide: true } }, async (_request, reply) => {
    const [scheduler, alerts, expectations, servers, retries] = await Promise.all([
      schedulerMetrics(ctx.db),
      alertMetrics(ctx.services.alerts),
      ctx.services.expectations.countsToday(),
      ctx.services.serverReachability.counts(),
      retryMetrics(ctx.db),
    ]);
    const lines = [
      ...scheduler,
      ...alerts,
      ...expectationMetrics(expectations),
      ...serverReachabilityMetrics(servers),
      ...retries,
    ];
    const body = `${lines.join('\n')}\n${metrics.render()}`;
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(body);
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { metrics } from './metrics-registry.js';
import { schedulerMetrics } from './scheduler-metrics.js';

/**
 * `GET /metrics` (DESIGN §9), Prometheus text. Admin by default like every route that tells about
 * the whole system; `LIS_METRICS_PUBLIC=true` opens it for a scraper on a closed network.
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const policy = ctx.config.metricsPublic ? ({ access: 'public' } as const) : ({ access: 'admin' } as const);
  app.get('/metrics', { config: { policy }, schema: { hide: true } }, async (_request, reply) => {
    const lines = await schedulerMetrics(ctx.db);
    const body = `${lines.join('\n')}\n${metrics.render()}`;
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(body);
  });
}

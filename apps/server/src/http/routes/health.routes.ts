import { pingDatabase } from '../../db/database.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

export function healthRoutes(app: TypedApp, ctx: AppContext): void {
  const policy = { access: 'public' } as const;
  app.get('/healthz', { config: { policy } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { policy } }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'database unavailable', code: 'DATABASE_UNAVAILABLE' });
    }
  });
}

import { sql } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

export function healthRoutes(app: TypedApp, ctx: AppContext): void {
  const policy = { access: 'public' } as const;
  app.get('/healthz', { config: { policy } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { policy } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db.kysely);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'database unavailable' });
    }
  });
}

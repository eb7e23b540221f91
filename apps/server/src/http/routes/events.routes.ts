import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';

/** Changes within this window are one event: a burst of step ends costs the console one reload. */
export const EVENT_COALESCE_MS = 250;
/** A comment line this often keeps proxies from closing an idle stream. */
export const EVENT_KEEPALIVE_MS = 20_000;

/**
 * `GET /v1/events` (issue 7, DESIGN §7): server-sent events telling an open monitoring screen that runs
 * changed (queued, started a step, ended), so it reloads within a second instead of waiting for its
 * next poll. An event carries no data of any company — only the topic and the time — and the screen
 * reloads through the usual company-scoped routes. The console reads it with `fetch` (an EventSource
 * cannot send the bearer token).
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/v1/events',
    { config: { policy: { access: 'signed-in' }, audit: false } },
    async (request, reply) => {
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      stream.write('retry: 3000\n\n');
      let timer: NodeJS.Timeout | undefined;
      const send = () => {
        timer = undefined;
        stream.write(`event: runs\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`);
      };
      const unsubscribe = ctx.signal.subscribe(() => {
        timer ??= setTimeout(send, EVENT_COALESCE_MS);
      }, ['runs', 'progress']);
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), EVENT_KEEPALIVE_MS);
      request.raw.once('close', () => {
        unsubscribe();
        clearInterval(keepAlive);
        clearTimeout(timer);
      });
    },
  );
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { message } from '../../i18n/messages.js';

const API_PREFIXES = ['/v1/', '/v2/', '/v3/', '/healthz', '/readyz', '/metrics'];

/**
 * Serves the built console (apps/web/dist): hashed assets with long caching, and index.html (with
 * the configured <base href>) for every other GET so that the console's router decides.
 */
/**
 * index.html with the configured <base href>, re-read when the file changes (a rebuilt console
 * references new hashed assets; a stale copy would point the browser at files that are gone).
 */
function indexHtmlReader(indexFile: string, basePath: string): () => string {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (mtimeMs !== cached.mtimeMs) {
      const html = fs
        .readFileSync(indexFile, 'utf8')
        .replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}" />`);
      cached = { mtimeMs, html };
    }
    return cached.html;
  };
}

export async function installWebConsole(
  app: FastifyInstance,
  webDist: string | undefined,
  basePath: string,
): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasConsole = Boolean(indexFile && fs.existsSync(indexFile));
  let indexHtml = () => '';
  if (hasConsole && webDist && indexFile) {
    indexHtml = indexHtmlReader(indexFile, basePath);
    // The build writes x.br and x.gz beside each asset (apps/web/vite.config.ts): sent as they are to
    // a client that accepts them (content-encoding, Vary: accept-encoding), the plain file otherwise.
    await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
    app.get<{ Params: { '*': string } }>(
      '/assets/*',
      { config: { policy: { access: 'public' } } },
      (request, reply) => {
        const file = request.params['*'];
        return reply.sendFile(path.posix.join('assets', file), { maxAge: 31_536_000_000, immutable: true });
      },
    );
    for (const file of fs.readdirSync(webDist).filter((f) => /\.(svg|ico|png|txt|webmanifest)$/.test(f))) {
      app.get(`/${file}`, { config: { policy: { access: 'public' } } }, (_request, reply) =>
        reply.sendFile(file, { maxAge: 86_400_000 }),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!isApi && hasConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
    }
    return reply
      .status(404)
      .send({ message: message(request.language ?? 'en', 'notFound'), code: 'ROUTE_NOT_FOUND' });
  });
}

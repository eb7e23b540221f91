import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/**
 * A strict Content-Security-Policy: scripts only from our origin (no inline script); the sign-on
 * page may be framed, the portal may frame us, the ping may go to its configured address.
 * Styles allow inline because Ant Design injects its CSS-in-JS at run time.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const sso = originOf(config.portal.ssoWeb);
  const portal = originOf(config.portal.url);
  const ping = originOf(config.ping.url);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the file viewer's PDF or image, fetched with the bearer token (decision 0029).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(ping ? [ping] : [])],
        frameSrc: [...(sso ? [sso] : []), 'blob:'],
        frameAncestors: ["'self'", ...(portal ? [portal] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The portal may frame the console (frame-ancestors above decides); X-Frame-Options cannot say that.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    hsts: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  // No API answer is kept by a browser or proxy cache: the sign-in answer carries the token, the others
  // company data (docs/security.md "Hygiene"). A route that chose its own Cache-Control keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

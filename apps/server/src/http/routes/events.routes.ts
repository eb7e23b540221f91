import { isDatabaseUnavailable } from '../../db/database-errors.js';
import { message } from '../../i18n/messages.js';
import { visibleCompanies, type Identity } from '../../modules/access/access.js';
import type { SignalCompanies } from '../../engine/scheduler/scheduler-signal.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/** Changes within this window are one event: a burst of step ends costs the console one reload. */
export const EVENT_COALESCE_MS = 250;

/** The limits of the live event stream (docs/security.md "Live events"). */
export interface LiveEventOptions {
  /**
   * How often a stream writes a keep-alive comment and checks its token again (revoked on any node,
   * expired, user gone, companies changed). The token is also checked before each event.
   */
  heartbeatMs: number;
  /** Open streams of one token (one sign-in): the next answers 429. */
  maxPerToken: number;
  /** Open streams of one user on this node, all tokens together: the next answers 429. */
  maxPerUser: number;
}

export const LIVE_EVENT_DEFAULTS: LiveEventOptions = {
  heartbeatMs: 15_000,
  maxPerToken: 4,
  maxPerUser: 10,
};

/** The bearer token of the request (the route policy has verified it already). */
function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/.exec(header ?? '')?.[1];
}

/** Open streams per key, on this node. */
class StreamCounts {
  private readonly counts = new Map<string, number>();
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }
  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

/**
 * `GET /v1/events` (issue 7, DESIGN §7): server-sent events telling an open monitoring screen that runs
 * changed (queued, started a step, ended), so it reloads within a second instead of waiting for its
 * next poll. An event carries the topic, the time and the codes of the companies whose runs changed —
 * only the user's own companies (all for a `*` user); a change of other companies sends nothing. The
 * screen reloads through the usual company-scoped routes. The console reads it with `fetch` (an
 * EventSource cannot send the bearer token).
 *
 * A stream lives no longer than its token: it is checked again before each event and on every
 * heartbeat (revocations are in the database, so another node's logout ends it too), and the stream is
 * ended when the token is revoked, expired, or its user is gone. At most `maxPerToken` streams per
 * token and `maxPerUser` per user on a node (issue 16).
 */
export function eventRoutes(app: TypedApp, ctx: AppContext, options: Partial<LiveEventOptions> = {}): void {
  const limits = { ...LIVE_EVENT_DEFAULTS, ...options };
  const perToken = new StreamCounts();
  const perUser = new StreamCounts();

  app.get(
    '/v1/events',
    { config: { policy: { access: 'signed-in' }, audit: false } },
    async (request, reply) => {
      let identity: Identity = requireIdentity(request);
      const token = bearerOf(request.headers.authorization);
      const tokenKey = identity.tokenId;
      const userKey = identity.username;
      if (perToken.of(tokenKey) >= limits.maxPerToken)
        throw new HttpError(
          'EVENT_STREAMS_TOO_MANY',
          message(request.language, 'eventStreamsPerToken', { max: limits.maxPerToken }),
        );
      if (perUser.of(userKey) >= limits.maxPerUser)
        throw new HttpError(
          'EVENT_STREAMS_TOO_MANY',
          message(request.language, 'eventStreamsPerUser', { max: limits.maxPerUser }),
        );
      perToken.add(tokenKey);
      perUser.add(userKey);

      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });

      let ended = false;
      let timer: NodeJS.Timeout | undefined;
      /** The companies of the changes waiting to be sent; undefined while one of them is not known. */
      let pending: Set<string> | undefined = new Set();

      /** The token is still good: not revoked, not expired, its user still there. Refreshes `identity`. */
      const stillValid = async (): Promise<boolean> => {
        if (identity.tokenExpiresAt <= ctx.clock.now()) return false;
        const current = token ? await ctx.identities.fromToken(token) : undefined;
        if (!current || current.tokenId !== tokenKey) return false;
        identity = current;
        return true;
      };
      const end = () => {
        if (ended) return;
        ended = true;
        cleanup();
        stream.end();
      };
      const checkOrEnd = async (): Promise<boolean> => {
        if (ended) return false;
        let valid = false;
        try {
          valid = await stillValid();
        } catch (error) {
          // The database is away (a restart, a cut): the stream stays open and the next heartbeat or
          // change checks again — the console keeps its stream through the outage.
          if (isDatabaseUnavailable(error, { fromDatabase: true })) return false;
          request.log.warn({ err: error }, 'live events: the token check failed; the stream is ended');
        }
        if (!valid) end();
        return valid && !ended;
      };

      const send = async () => {
        timer = undefined;
        const companies = pending;
        pending = new Set();
        if (!(await checkOrEnd())) return;
        // The user's companies may have changed since the change was heard: filter again.
        const visible = visibleCompanies(identity);
        const shown =
          companies && (visible ? [...companies].filter((c) => visible.includes(c)) : [...companies]);
        if (shown && shown.length === 0) return;
        const data = shown
          ? { at: new Date().toISOString(), companies: shown }
          : { at: new Date().toISOString() };
        stream.write(`event: runs\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const heard = (companies: SignalCompanies) => {
        if (ended) return;
        if (companies) {
          const visible = visibleCompanies(identity);
          const mine = visible ? companies.filter((c) => visible.includes(c)) : companies;
          if (mine.length === 0) return; // another company's run: not this user's business
          for (const code of mine) pending?.add(code);
        } else pending = undefined; // not known which: tell everyone, without company codes
        timer ??= setTimeout(() => void send(), EVENT_COALESCE_MS);
      };
      const unsubscribe = ctx.signal.subscribe(heard, ['runs', 'progress']);
      const heartbeat = setInterval(() => {
        void checkOrEnd().then((valid) => {
          if (valid) stream.write(': keep-alive\n\n');
        });
      }, limits.heartbeatMs);
      const expiry = setTimeout(
        () => void checkOrEnd(),
        Math.min(Math.max(identity.tokenExpiresAt - ctx.clock.now(), 0) + 1000, 2 ** 31 - 1),
      );
      function cleanup() {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        clearTimeout(timer);
        perToken.remove(tokenKey);
        perUser.remove(userKey);
      }
      stream.once('close', () => {
        if (ended) return;
        ended = true;
        cleanup();
      });
      // Subscribed before the first bytes: a client that has them hears every later change.
      stream.write('retry: 3000\n\n');
    },
  );
}

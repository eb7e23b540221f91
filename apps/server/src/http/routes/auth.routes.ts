import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PortalExchangeRequest,
  WhoAmIResponse,
} from '@lis/contracts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../modules/auth/password-hasher.js';
import type { UserRecord } from '../../modules/users/user.repository.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const session = async (user: UserRecord): Promise<LoginResponse> => ({
    access_token: await ctx.tokens.issue(user.username, {
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      citizen_id: user.citizen_id,
    }),
    user_id: user.username,
    company_code: user.companies[0]?.company_code ?? '',
    must_change_password: Number(user.must_change_password) === 1,
  });
  /** Answers also while the password is a one-time password (decision 0020). */
  const signedInFirst = { policy: { access: 'signed-in' }, beforePasswordChange: true } as const;

  const throttled = (request: FastifyRequest, keys: string[]) => {
    const wait = ctx.loginThrottle.retryAfter(keys);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      throw new HttpError(429, message(request.language, 'tooManyAttempts', { minutes }));
    }
  };

  app.post(
    '/v1/auth/login',
    {
      config: { policy: { access: 'public' } },
      schema: { body: LoginRequest, response: { 200: LoginResponse, default: MessageResponse } },
    },
    async (request) => {
      const { username, password } = request.body as LoginRequest;
      if (!username.trim() || !password) throw new HttpError(400, message(request.language, 'loginEmpty'));
      const keys = [`ip:${request.ip}`, `user:${username.trim().toLowerCase()}`];
      request.auditTarget = username.trim().slice(0, 64);
      throttled(request, keys);
      const user = await ctx.users.find(username.trim());
      const ok = user?.username === username.trim() && (await verifyPassword(user.password_hash, password));
      if (!user) await verifyPassword(await dummyPasswordHash(), password);
      if (!ok || !user) {
        ctx.loginThrottle.recordFailure(keys);
        throw new HttpError(401, message(request.language, 'loginFailed'));
      }
      ctx.loginThrottle.recordSuccess([`user:${username.trim().toLowerCase()}`]);
      return session(user);
    },
  );

  app.get(
    '/v1/auth/me',
    { config: signedInFirst, schema: { response: { 200: WhoAmIResponse } } },
    async (request) => {
      const identity = requireIdentity(request);
      return { username: identity.username, must_change_password: identity.mustChangePassword === true };
    },
  );

  app.post(
    '/v1/auth/logout',
    { config: signedInFirst, schema: { response: { 200: MessageResponse } } },
    async (request) => {
      const identity = requireIdentity(request);
      await ctx.tokens.revoke({
        username: identity.username,
        jti: identity.tokenId,
        expiresAt: identity.tokenExpiresAt,
      });
      return { message: message(request.language, 'signedOut') };
    },
  );

  app.post(
    '/v1/auth/portal-exchange',
    {
      config: { policy: { access: 'public' } },
      schema: { body: PortalExchangeRequest, response: { 200: LoginResponse, default: MessageResponse } },
    },
    async (request) => {
      if (!ctx.portalTokens.configured)
        throw new HttpError(404, message(request.language, 'portalNotConfigured'));
      const keys = [`ip:${request.ip}`];
      throttled(request, keys);
      const { token } = request.body as PortalExchangeRequest;
      const username = await ctx.portalTokens.usernameOf(token);
      if (!username) {
        ctx.loginThrottle.recordFailure(keys);
        throw new HttpError(401, message(request.language, 'portalTokenInvalid'));
      }
      request.auditTarget = username.slice(0, 64);
      const user = await ctx.users.find(username);
      if (!user) throw new HttpError(401, message(request.language, 'userNotInSystem'));
      return session(user);
    },
  );

  app.post(
    '/v1/auth/change-password',
    {
      config: signedInFirst,
      schema: { body: ChangePasswordRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { current_password, new_password } = request.body as ChangePasswordRequest;
      const keys = [`user:${identity.username.toLowerCase()}`];
      request.auditTarget = identity.username;
      throttled(request, keys);
      const user = await ctx.users.find(identity.username);
      if (!user || !(await verifyPassword(user.password_hash, current_password))) {
        ctx.loginThrottle.recordFailure(keys);
        throw new HttpError(403, message(request.language, 'currentPasswordWrong'));
      }
      if (new_password === current_password)
        throw new HttpError(400, message(request.language, 'newPasswordSameAsCurrent'));
      // The user's own choice: a one-time password's mark is cleared (decision 0020).
      await ctx.users.setPassword(identity.username, await hashPassword(new_password), ctx.clock.now());
      return { message: message(request.language, 'passwordChanged') };
    },
  );
}

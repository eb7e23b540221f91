import type { FastifyRequest } from 'fastify';
import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  ErrorResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PortalExchangeRequest,
  WhoAmIResponse,
} from '@lis/contracts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../modules/auth/password-hasher.js';
import type { ThrottleKey } from '../../modules/auth/login-throttle.js';
import type { UserRecord } from '../../modules/users/user.repository.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/** The per-address ceilings are this many times the per-user limit (decision 0026). */
export const ADDRESS_LIMIT_FACTOR = 10;

export function authRoutes(app: TypedApp, ctx: AppContext): void {
  const issue = (user: UserRecord) =>
    ctx.tokens.issue(user, {
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      citizen_id: user.citizen_id,
    });
  const session = async (user: UserRecord): Promise<LoginResponse> => {
    const inactive = await ctx.companies.inactiveAmong(user.companies.map((c) => c.company_code));
    const first = user.companies.find((c) => !inactive.has(c.company_code)) ?? user.companies[0];
    return {
      access_token: await issue(user),
      user_id: user.username,
      company_code: first?.company_code ?? '',
      must_change_password: Number(user.must_change_password) === 1,
    };
  };
  /** False when every company the user has a role in is inactive: a token would give no usable access. */
  const hasActiveCompany = async (user: UserRecord): Promise<boolean> => {
    if (user.companies.length === 0) return true;
    const inactive = await ctx.companies.inactiveAmong(user.companies.map((c) => c.company_code));
    return user.companies.some((c) => !inactive.has(c.company_code));
  };
  /** Answers also while the password is a one-time password (decision 0020). */
  const signedInFirst = { policy: { access: 'signed-in' }, beforePasswordChange: true } as const;

  const perUser = ctx.config.login.maxFailures;
  const perAddress = perUser * ADDRESS_LIMIT_FACTOR;
  /**
   * Counts the attempt on every key BEFORE anything is verified (decision 0026); over a ceiling → 429.
   * Answers how to give the attempt back (a right password, or a valid portal token).
   */
  const countAttempt = async (request: FastifyRequest, keys: ThrottleKey[]) => {
    const ticket = await ctx.loginThrottle.take(keys);
    if (!ticket.allowed) {
      const minutes = Math.max(1, Math.ceil(ticket.retryAfterMs / 60_000));
      throw new HttpError('SIGN_IN_THROTTLED', message(request.language, 'tooManyAttempts', { minutes }));
    }
    return ticket.giveBack;
  };

  app.post(
    '/v1/auth/login',
    {
      config: { policy: { access: 'public' } },
      schema: { body: LoginRequest, response: { 200: LoginResponse, default: ErrorResponse } },
    },
    async (request) => {
      const { username, password } = request.body;
      if (!username.trim() || !password)
        throw new HttpError('CREDENTIALS_MISSING', message(request.language, 'loginEmpty'));
      const name = username.trim().toLowerCase();
      request.auditTarget = username.trim().slice(0, 64);
      const user = await ctx.users.find(username.trim());
      const known = user?.username === username.trim();
      // Per user name (any address) and per address and user name; the much higher per-address ceiling
      // counts unknown names only (decision 0026): one address — a proxy without LIS_TRUST_PROXY, the
      // whole organisation — spraying names it does not know never locks out the users it does.
      const keys: ThrottleKey[] = [
        { key: `user:${name}`, limit: perUser },
        { key: `ip-user:${request.ip}|${name}`, limit: perUser },
      ];
      if (!known) keys.push({ key: `ip-unknown:${request.ip}`, limit: perAddress });
      const giveBack = await countAttempt(request, keys);
      const ok = known && user !== undefined && (await verifyPassword(user.password_hash, password));
      if (!user) await verifyPassword(await dummyPasswordHash(), password);
      if (!ok || !user) throw new HttpError('CREDENTIALS_INVALID', message(request.language, 'loginFailed'));
      await giveBack();
      if (!(await hasActiveCompany(user)))
        throw new HttpError('COMPANY_INACTIVE', message(request.language, 'noActiveCompany'));
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
      schema: { body: PortalExchangeRequest, response: { 200: LoginResponse, default: ErrorResponse } },
    },
    async (request) => {
      if (!ctx.portalTokens.configured)
        throw new HttpError('PORTAL_NOT_CONFIGURED', message(request.language, 'portalNotConfigured'));
      // Its own counter: a user locked out of the password form still signs in through the portal.
      const giveBack = await countAttempt(request, [{ key: `portal-ip:${request.ip}`, limit: perAddress }]);
      const { token } = request.body;
      const username = await ctx.portalTokens.usernameOf(token);
      if (!username)
        throw new HttpError('PORTAL_TOKEN_INVALID', message(request.language, 'portalTokenInvalid'));
      await giveBack();
      request.auditTarget = username.slice(0, 64);
      const user = await ctx.users.find(username);
      if (!user) throw new HttpError('PORTAL_USER_UNKNOWN', message(request.language, 'userNotInSystem'));
      if (!(await hasActiveCompany(user)))
        throw new HttpError('COMPANY_INACTIVE', message(request.language, 'noActiveCompany'));
      return session(user);
    },
  );

  app.post(
    '/v1/auth/change-password',
    {
      config: signedInFirst,
      schema: {
        body: ChangePasswordRequest,
        response: { 200: ChangePasswordResponse, default: ErrorResponse },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { current_password, new_password } = request.body;
      request.auditTarget = identity.username;
      const giveBack = await countAttempt(request, [
        { key: `password-change:${identity.username.toLowerCase()}`, limit: perUser },
      ]);
      const user = await ctx.users.find(identity.username);
      if (!user || !(await verifyPassword(user.password_hash, current_password)))
        throw new HttpError('CURRENT_PASSWORD_WRONG', message(request.language, 'currentPasswordWrong'));
      await giveBack();
      if (new_password === current_password)
        throw new HttpError('PASSWORD_UNCHANGED', message(request.language, 'newPasswordSameAsCurrent'));
      // The user's own choice: a one-time password's mark is cleared (decision 0020). Every token of
      // the user ends; this session continues with the fresh one answered here (decision 0026).
      await ctx.users.setPassword(identity.username, await hashPassword(new_password), ctx.clock.now());
      const changed = await ctx.users.find(identity.username);
      if (!changed || changed.username !== identity.username)
        throw new HttpError('SESSION_ENDED', message(request.language, 'sessionEnded'));
      return { message: message(request.language, 'passwordChanged'), access_token: await issue(changed) };
    },
  );
}

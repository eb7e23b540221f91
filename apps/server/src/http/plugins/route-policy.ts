import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleCode } from '@lis/contracts';
import { consoleRole, hasRole, roleForCompany, type Identity } from '../../modules/access/access.js';
import { message, languageOf, type Language } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import type { IdentityLoader } from '../../modules/auth/identity.loader.js';

/** Where a route reads the company it acts on. */
export interface CompanySource {
  from: 'query' | 'body';
  field: string;
}

/**
 * Every route declares who may call it. `public`: anyone; `signed-in`: any valid session; a role:
 * at least that role — for the company named by `company` when given, else the console role
 * (the role of the user's first company entry, spec 000 §6).
 */
export type RoutePolicy = { access: 'public' } | { access: 'signed-in' | RoleCode; company?: CompanySource };

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
    /** false for non-mutating POSTs (ping) that should not fill the audit log. */
    audit?: boolean;
    /**
     * true: answers a user whose password is a one-time password (sign-out, who-am-i, version,
     * environment, ping, change-password); every other route refuses them (decision 0020).
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    identity: Identity | undefined;
    language: Language;
    auditTarget: string | undefined;
    auditDetails: Record<string, unknown> | undefined;
  }
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new HttpError('SIGN_IN_REQUIRED', message(request.language, 'signInRequired'));
  return request.identity;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,8192})$/.exec(header);
  return match?.[1];
}

function companyOf(request: FastifyRequest, source: CompanySource): string | undefined {
  const container = (source.from === 'query' ? request.query : request.body) as
    Record<string, unknown> | undefined;
  const value = container?.[source.field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Installs the one place that decides, for every route, who may call it and for which company. */
export function installRoutePolicy(app: FastifyInstance, identities: IdentityLoader): void {
  app.decorateRequest('identity', undefined);
  app.decorateRequest('language', 'en');
  app.decorateRequest('auditTarget', undefined);
  app.decorateRequest('auditDetails', undefined);

  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
    const policy = request.routeOptions.config.policy;
    if (!request.routeOptions.url) return; // not found: the not-found handler answers
    if (!policy) throw new HttpError('INTERNAL_ERROR', 'Route without an access policy');
    if (policy.access === 'public') return;
    const token = bearerToken(request);
    const identity = token ? await identities.fromToken(token) : undefined;
    if (!identity)
      throw token
        ? new HttpError('SESSION_ENDED', message(request.language, 'sessionEnded'))
        : new HttpError('SIGN_IN_REQUIRED', message(request.language, 'signInRequired'));
    request.identity = identity;
    if (identity.mustChangePassword && !request.routeOptions.config.beforePasswordChange)
      throw new HttpError('PASSWORD_CHANGE_REQUIRED', message(request.language, 'passwordChangeRequired'));
    if (policy.access === 'signed-in' || policy.company) return;
    if (!hasRole(consoleRole(identity), policy.access))
      throw new HttpError('ROLE_FORBIDDEN', message(request.language, 'forbidden'));
  });

  app.addHook('preHandler', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy || policy.access === 'public' || !policy.company) return;
    const identity = requireIdentity(request);
    const company = companyOf(request, policy.company);
    if (company === undefined) {
      // No company named: the service limits the answer to the caller's companies.
      if (
        policy.access !== 'signed-in' &&
        !identity.grants.some((g) => hasRole(g.role, policy.access as RoleCode))
      ) {
        throw new HttpError('ROLE_FORBIDDEN', message(request.language, 'forbidden'));
      }
      return;
    }
    const needed: RoleCode = policy.access === 'signed-in' ? 'user' : policy.access;
    if (!hasRole(roleForCompany(identity, company), needed)) {
      throw new HttpError('COMPANY_FORBIDDEN', message(request.language, 'companyForbidden', { company }));
    }
  });
}

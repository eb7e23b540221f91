import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRoutePolicy } from '../src/http/plugins/route-policy.js';
import { installErrorHandler } from '../src/http/plugins/error-handler.js';
import type { Identity } from '../src/modules/access/access.js';
import type { IdentityLoader } from '../src/modules/auth/identity.loader.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

describe.each(DATABASE_KINDS)('every route declares its policy (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  it('has a policy on every registered route', () => {
    expect(t.routes.length).toBeGreaterThan(15);
    const missing = t.routes.filter((r) => !r.hasPolicy).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const publicRoutes = new Set([
      '/healthz',
      '/readyz',
      '/v1/auth/login',
      '/v1/auth/portal-exchange',
      '/v1/sso-env/get',
    ]);
    const checked: string[] = [];
    for (const route of t.routes) {
      if (publicRoutes.has(route.url) || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace('*', 'x'),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toHaveProperty('message');
      checked.push(route.url);
    }
    expect(checked.length).toBeGreaterThan(10);
  });

  it('gives a user 403 and an admin 403 on super_admin routes', async () => {
    const payload = { id: 'new-user', list_company: [{ company_code: 'A', role_access: 'user' }] };
    for (const who of ['user-a', 'admin-a']) {
      const create = await t.as(who, { method: 'POST', url: '/v1/user/create', payload });
      expect(create.statusCode, who).toBe(403);
      const list = await t.as(who, { url: '/v1/user?page=1&page_size=25' });
      expect(list.statusCode, who).toBe(403);
      const company = await t.as(who, {
        method: 'POST',
        url: '/v1/company_master',
        payload: { company_code: 'Z', company_name: 'Z' },
      });
      expect(company.statusCode, who).toBe(403);
    }
    expect(await t.context.users.find('new-user')).toBeUndefined();
    expect((await t.as('root', { method: 'POST', url: '/v1/user/create', payload })).statusCode).toBe(200);
  });

  it("never shows a user of company A company B's records", async () => {
    const companies = await t.as('user-a', { url: '/v1/company_master' });
    expect(companies.json().result_list.map((c: { company_code: string }) => c.company_code)).toEqual(['A']);
    const otherUser = await t.as('user-a', { url: '/v1/user?id=user-b' });
    expect(otherUser.statusCode).toBe(403);
    const self = await t.as('user-a', { url: '/v1/user?id=user-a&role_access=admin' });
    expect(self.json().result_list[0].list_company).toEqual([
      { sid: '555', company_code: 'A', role_access: 'user' },
    ]);
    const all = await t.as('root', { url: '/v1/company_master' });
    expect(all.json().total_count).toBe(2);
  });
});

/** The company half of the policy, on routes of its own (no route of this issue is admin-per-company yet). */
describe('company-scoped policies', () => {
  const identity = (grants: Identity['grants']): Identity => ({
    username: 'u',
    firstName: '',
    lastName: '',
    citizenId: '',
    tokenId: 't',
    tokenExpiresAt: 0,
    grants,
  });
  const people: Record<string, Identity> = {
    'user-of-a': identity([{ companyCode: 'A', role: 'user' }]),
    'admin-of-a': identity([{ companyCode: 'A', role: 'admin' }]),
    'admin-of-b-user-of-a': identity([
      { companyCode: 'B', role: 'admin' },
      { companyCode: 'A', role: 'user' },
    ]),
    'super-admin': identity([{ companyCode: '*', role: 'super_admin' }]),
  };
  const loader = { fromToken: async (token: string) => people[token] } as unknown as IdentityLoader;
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandler(app);
    installRoutePolicy(app, loader);
    const policy = { access: 'admin', company: { from: 'query', field: 'company_code' } } as const;
    app.get('/admin-thing', { config: { policy } }, async () => ({ ok: true }));
    app.post(
      '/admin-thing',
      { config: { policy: { access: 'admin', company: { from: 'body', field: 'company_code' } } } },
      async () => ({ ok: true }),
    );
    app.get('/super-thing', { config: { policy: { access: 'super_admin' } } }, async () => ({ ok: true }));
    app.get('/no-policy', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());
  const call = (who: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    app
      .inject({ method, url, payload, headers: { authorization: `Bearer ${who}` } })
      .then((r) => r.statusCode);

  it('decides by the role held in the named company', async () => {
    expect(await call('user-of-a', '/admin-thing?company_code=A')).toBe(403);
    expect(await call('admin-of-a', '/admin-thing?company_code=A')).toBe(200);
    expect(await call('admin-of-a', '/admin-thing?company_code=B')).toBe(403);
    expect(await call('admin-of-b-user-of-a', '/admin-thing?company_code=B')).toBe(200);
    expect(await call('admin-of-b-user-of-a', '/admin-thing?company_code=A')).toBe(403);
    expect(await call('super-admin', '/admin-thing?company_code=Q')).toBe(200);
    expect(await call('admin-of-a', '/admin-thing', 'POST', { company_code: 'B' })).toBe(403);
    expect(await call('admin-of-a', '/admin-thing', 'POST', { company_code: 'A' })).toBe(200);
  });

  it('uses the first company entry for routes without a company', async () => {
    expect(await call('admin-of-a', '/super-thing')).toBe(403);
    expect(await call('super-admin', '/super-thing')).toBe(200);
    expect(await call('nobody', '/super-thing')).toBe(401);
  });

  it('refuses a route that declares no policy', async () => {
    expect(await call('super-admin', '/no-policy')).toBe(500);
  });
});

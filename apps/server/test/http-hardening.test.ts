import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

describe('HTTP hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      LIS_SSO_WEB: 'https://sso.example/login?return=',
      LIS_PORTAL_URL: 'https://portal.example/',
    });
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy and the usual headers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('frame-src https://sso.example');
    expect(csp).toContain("frame-ancestors 'self' https://portal.example");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses prototype keys, malformed JSON and oversized bodies with a message and no stack', async () => {
    const cases = [
      {
        payload: '{"username":"a","password":"b","__proto__":{"admin":true}}',
        status: 400,
        code: 'REQUEST_BODY_NOT_JSON',
      },
      {
        payload: '{"username":"a","password":"b","constructor":{"prototype":{"x":1}}}',
        status: 400,
        code: 'REQUEST_BODY_NOT_JSON',
      },
      { payload: '{"username": "a", ', status: 400, code: 'REQUEST_BODY_NOT_JSON' },
      {
        payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const { payload, status, code } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(status);
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
      expect(response.json().code, payload.slice(0, 60)).toBe(code);
      expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
    }
  });

  it('has no setup wizard or other unknown route: 404 with a message', async () => {
    for (const url of ['/v1/setup', '/v1/install', '/setup', '/v1/admin/init', '/v1/../etc/passwd']) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('serves the environment and the ping settings to a signed-in user', async () => {
    const sso = await t.app.inject({ url: '/v1/sso-env/get' });
    expect(sso.json()).toEqual({
      ssO_WEB: 'https://sso.example/login?return=',
      ssO_REDIRECT_TOKEN: '',
      portal_url: 'https://portal.example/',
    });
    const ping = await t.as('user-a', { url: '/v1/workflow/ping-settings' });
    expect(ping.json()).toMatchObject({
      workflow_ping_api_url: 'v1/ping',
      workflow_ping_interval: 60000,
      workflow_ping_company_code: 'A',
    });
    const pong = await t.as('user-a', { method: 'POST', url: '/v1/ping', payload: { ping_time: '1' } });
    expect(pong.statusCode).toBe(200);
    expect((await t.as('user-a', { url: '/v1/env' })).json()).toMatchObject({
      version: '0.0.0-test',
      time_zone: 'Asia/Bangkok',
    });
    expect((await t.as('user-a', { url: '/v1/get-env' })).body).toContain('LIS');
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('does not audit pings but audits other mutations', async () => {
    const rows = await t.context.audit.latest(50);
    expect(rows.some((r) => r.route === '/v1/ping')).toBe(false);
  });
});

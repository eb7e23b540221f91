import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { loadConfig } from '../src/config/config.js';
import { buildApp, type BuiltApp } from '../src/composition/build-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import {
  createTestApp,
  TEST_PASSWORD,
  withStandardUsers,
  type TestApp,
} from '../src/test-support/test-app.js';

/** LIS issue 16 points 1 and 4, decision 0026: the sign-in throttle. */

const PORTAL_SECRET = 'portal-secret-portal-secret-portal-secret';

const loginOn = (app: BuiltApp['app'], username: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password }, remoteAddress: ip });

describe.each(DATABASE_KINDS)('the sign-in throttle on %s', (kind) => {
  let t: TestApp;
  /** A second node on the same database (PostgreSQL: its own pool; SQLite: the same handle). */
  let other: BuiltApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIS_LOGIN_MAX_FAILURES: '10', LIS_PORTAL_TOKEN_SECRET: PORTAL_SECRET });
    await withStandardUsers(t);
    other = await buildApp({
      config: loadConfig({
        LIS_DATA_DIR: path.join(os.tmpdir(), `lis-test-${crypto.randomBytes(4).toString('hex')}`),
        LIS_TIMEZONE: 'Asia/Bangkok',
        LIS_LOGIN_MAX_FAILURES: '10',
      }),
      db: t.database.reopen(),
      masterKey: t.masterKey,
      version: '0.0.0-test',
      clock: t.clock,
    });
  });
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });
  const login = (username: string, password: string, ip: string) => loginOn(t.app, username, password, ip);

  it('evaluates at most the limit of 30 parallel wrong sign-ins for one user, over two nodes', async () => {
    await t.user('target', [['A', 'user']]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginOn(i % 2 ? other.app : t.app, 'target', `wrong ${i}`, `10.20.${i}.1`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // 401: the password was verified (and wrong); 429: refused before any verification.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Locked for the window, even with the right password; free again after it.
    expect((await login('target', TEST_PASSWORD, '10.20.99.1')).statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
    expect((await login('target', TEST_PASSWORD, '10.20.99.1')).statusCode).toBe(200);
  });

  it('evaluates at most the limit of 30 parallel wrong sign-ins from one address', async () => {
    await t.user('target-2', [['A', 'user']]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('target-2', `wrong ${i}`, '10.21.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    t.clock.advance(16 * 60_000);
  });

  it("one address's failures for user A lock A, not B; A still signs in through the portal", async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 10; i++) expect((await login('admin-a', `wrong ${i}`, ip)).statusCode).toBe(401);
    expect((await login('user-a', TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login('admin-a', TEST_PASSWORD, ip)).statusCode).toBe(429);
    // From another address too: the per-user count stops guessing spread over addresses.
    expect((await login('admin-a', TEST_PASSWORD, '10.30.0.2')).statusCode).toBe(429);
    const portalToken = await new SignJWT({ username: 'admin-a' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(PORTAL_SECRET));
    const portal = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/portal-exchange',
      payload: { token: portalToken },
      remoteAddress: ip,
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().user_id).toBe('admin-a');
    const session = await t.app.inject({
      url: '/v1/version',
      headers: { authorization: `Bearer ${portal.json().access_token as string}` },
    });
    expect(session.statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
  });

  it('a right password gives its attempt back', async () => {
    await t.user('careful', [['A', 'user']]);
    const ip = '10.40.0.1';
    for (let i = 0; i < 9; i++) expect((await login('careful', `wrong ${i}`, ip)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login('careful', TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login('careful', 'wrong again', ip)).statusCode).toBe(401);
    expect((await login('careful', 'and again', ip)).statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
  });
});

describe('the per-address ceiling', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Limit 2 per user: the per-address ceiling is 20.
    t = await createTestApp('sqlite', { LIS_LOGIN_MAX_FAILURES: '2' });
    await withStandardUsers(t);
    for (let i = 0; i < 10; i++) await t.user(`u${i}`, [['A', 'user']]);
  });
  afterAll(() => t.close());

  it('counts unknown names only: failures over many known users lock none of the others', async () => {
    const ip = '10.50.0.1';
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 2; j++)
        expect((await loginOn(t.app, `u${i}`, `wrong ${j}`, ip)).statusCode).toBe(401);
    expect((await loginOn(t.app, 'user-a', TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await loginOn(t.app, 'u0', TEST_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('stops one address after many unknown names; its known users still sign in', async () => {
    const ip = '10.50.0.9';
    for (let i = 0; i < 20; i++)
      expect((await loginOn(t.app, `nobody-${i}`, 'a guess', ip)).statusCode).toBe(401);
    expect((await loginOn(t.app, 'nobody-20', 'a guess', ip)).statusCode).toBe(429);
    expect((await loginOn(t.app, 'user-a', TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await loginOn(t.app, 'nobody-20', 'a guess', '10.50.0.10')).statusCode).toBe(401);
  });
});

describe('X-Forwarded-For without LIS_TRUST_PROXY', () => {
  const warnings = (lines: string[]) =>
    lines.filter((line) => line.includes('"event":"untrusted_forwarded_for"')).length;

  it('is said once in the log', async () => {
    const lines: string[] = [];
    const t = await createTestApp('sqlite', {}, { logLines: lines });
    try {
      await t.app.inject({ url: '/healthz' });
      expect(warnings(lines)).toBe(0);
      for (let i = 0; i < 3; i++)
        await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expect(warnings(lines)).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('is not said when the proxy is trusted', async () => {
    const lines: string[] = [];
    const t = await createTestApp('sqlite', { LIS_TRUST_PROXY: 'true' }, { logLines: lines });
    try {
      await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(warnings(lines)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

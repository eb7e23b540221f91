import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { DEFAULT_SID } from '@lis/contracts';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import {
  createTestApp,
  TEST_PASSWORD,
  withStandardUsers,
  type TestApp,
} from '../src/test-support/test-app.js';

describe.each(DATABASE_KINDS)('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIS_LOGIN_MAX_FAILURES: '10' });
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, language = 'en', ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username, password },
      headers: { 'accept-language': language },
      remoteAddress: ip,
    });

  it('answers the spec message for empty fields, in English and Thai', async () => {
    const en = await login('', '');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Please fill in Username and Password');
    const th = await login('admin-a', '', 'th');
    expect(th.statusCode).toBe(400);
    expect(th.json().message).toBe('กรุณากรอก Username และ Password');
  });

  it('refuses wrong credentials with the spec message', async () => {
    const wrong = await login('admin-a', 'not the password', 'en', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Not successful: check your Username and Password');
    const unknown = await login('nobody', TEST_PASSWORD, 'th', '10.0.0.1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('ไม่สำเร็จ กรุณาตรวจสอบ Username และ Password');
  });

  it('issues a signed token carrying extra, expiring in 8 hours', async () => {
    const response = await login('admin-a', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ user_id: 'admin-a', company_code: 'A' });
    const claims = decodeJwt(body.access_token);
    expect(claims.extra).toEqual({
      username: 'admin-a',
      first_name: 'First admin-a',
      last_name: 'Last admin-a',
      citizen_id: '',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(8 * 3600);
    const version = await t.app.inject({
      url: '/v1/version',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(version.statusCode).toBe(200);
  });

  it('revokes the token at logout', async () => {
    const { access_token } = (await login('user-a', TEST_PASSWORD)).json();
    const auth = { authorization: `Bearer ${access_token}` };
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: auth })).statusCode).toBe(
      200,
    );
    const after = await t.app.inject({ url: '/v1/version', headers: auth });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { access_token } = (await login('user-b', TEST_PASSWORD)).json();
    t.clock.advance(8 * 3600 * 1000 + 1000);
    const response = await t.app.inject({
      url: '/v1/version',
      headers: { authorization: `Bearer ${access_token}` },
    });
    t.clock.advance(-(8 * 3600 * 1000 + 1000));
    expect(response.statusCode).toBe(401);
  });

  it('refuses forged tokens: alg none, another key, another audience, identity headers', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const claims = { extra: { username: 'root' } };
    const none = new UnsecuredJWT(claims)
      .setSubject('root')
      .setJti('x')
      .setIssuer('lis')
      .setAudience('lis-console')
      .setExpirationTime(now + 600)
      .encode();
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('root')
      .setJti('y')
      .setIssuer('lis')
      .setAudience('lis-console')
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('x'.repeat(32)));
    for (const token of [none, otherKey, 'garbage', '']) {
      const response = await t.app.inject({
        url: '/v1/user?page=1',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const headers = { 'x-user': 'root', 'x-username': 'root', 'x-company-code': '*', cookie: 'user=root' };
    expect((await t.app.inject({ url: '/v1/user?page=1', headers })).statusCode).toBe(401);
  });

  it('answers 429 after repeated failures, then refuses even the right password', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await login('user-b', `wrong ${i}`, 'en', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await login('user-b', TEST_PASSWORD, 'en', '10.9.9.9');
    expect(right.statusCode).toBe(429);
    t.clock.advance(16 * 60 * 1000);
    expect((await login('user-b', TEST_PASSWORD, 'en', '10.9.9.9')).statusCode).toBe(200);
  });

  it('lets a user change their own password, checking the current one', async () => {
    await t.user('changer', [['A', 'user']]);
    const change = (current: string, next: string) =>
      t.as('changer', {
        method: 'POST',
        url: '/v1/auth/change-password',
        payload: { current_password: current, new_password: next },
      });
    expect((await change('wrong password', 'a brand new password')).statusCode).toBe(403);
    expect((await change(TEST_PASSWORD, 'short')).statusCode).toBe(400);
    expect((await change(TEST_PASSWORD, 'a brand new password')).statusCode).toBe(200);
    expect((await login('changer', TEST_PASSWORD, 'en', '10.1.1.1')).statusCode).toBe(401);
    expect((await login('changer', 'a brand new password', 'en', '10.1.1.2')).statusCode).toBe(200);
  });

  it('writes an audit row for sign-ins, without the password', async () => {
    const rows = await t.context.audit.latest(100);
    const logins = rows.filter((r) => r.route === '/v1/auth/login');
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.some((r) => r.status_code === 401 && r.target === 'admin-a')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
  });

  it('one address spraying unknown names is limited, yet its known users still sign in (decision 0026)', async () => {
    const proxy = '10.7.7.7';
    await t.user('sprayed', [['A', 'user']]);
    await t.user('colleague', [['A', 'user']]);
    await t.user('other', [['B', 'user']]);
    // Another user's failures from the same address use up that user's counters only.
    for (let i = 0; i < 12; i++) await login('sprayed', `wrong ${i}`, 'en', proxy);
    expect((await login('sprayed', TEST_PASSWORD, 'en', proxy)).statusCode).toBe(429);
    expect((await login('colleague', TEST_PASSWORD, 'en', proxy)).statusCode).toBe(200);
    // Unknown names: every one below its own ceiling, but the address's ceiling for unknown names
    // (10 × 10 here) ends them.
    const statuses: number[] = [];
    for (let i = 0; i < 105; i++)
      statuses.push((await login(`ghost-${i}`, 'whatever it is', 'en', proxy)).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
    // The known users of that address keep signing in, and failing on their own counters.
    expect((await login('colleague', TEST_PASSWORD, 'en', proxy)).statusCode).toBe(200);
    expect((await login('other', 'wrong', 'en', proxy)).statusCode).toBe(401);
    expect((await login('other', TEST_PASSWORD, 'en', proxy)).statusCode).toBe(200);
    // Another address is not touched by this one's ceiling.
    expect((await login('ghost-x', 'whatever it is', 'en', '10.7.7.8')).statusCode).toBe(401);
  });

  it('refuses a user whose every company is inactive, saying why (EN/TH)', async () => {
    await t.company('D');
    await t.user('user-d', [['D', 'user']]);
    await t.user('user-ad', [
      ['D', 'user'],
      ['A', 'user'],
    ]);
    const setStatus = (status: 'active' | 'inactive') =>
      t.as('root', {
        method: 'PUT',
        url: '/v1/company_master',
        payload: { sid: DEFAULT_SID, company_code: 'D', company_name: 'Company D', status },
      });
    expect((await setStatus('inactive')).statusCode).toBe(200);
    const en = await login('user-d', TEST_PASSWORD, 'en', '10.3.3.3');
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe(
      'Your company is inactive: you cannot sign in until an administrator activates it',
    );
    expect(en.json()).not.toHaveProperty('access_token');
    const th = await login('user-d', TEST_PASSWORD, 'th', '10.3.3.3');
    expect(th.statusCode).toBe(403);
    expect(th.json().message).toBe('บริษัทของคุณถูกปิดใช้งาน ไม่สามารถเข้าสู่ระบบได้จนกว่าผู้ดูแลระบบจะเปิดใช้งาน');
    // A wrong password still gets the usual answer: the refusal tells nothing without the password.
    expect((await login('user-d', 'not the password', 'en', '10.3.3.3')).statusCode).toBe(401);
    // One active company is enough, and it is the one answered.
    const both = await login('user-ad', TEST_PASSWORD, 'en', '10.3.3.3');
    expect(both.statusCode).toBe(200);
    expect(both.json().company_code).toBe('A');
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await login('user-d', TEST_PASSWORD, 'en', '10.3.3.3')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { DEFAULT_SID } from '@lis/contracts';
import { runUserCommand } from '../src/cli/user-command.js';
import { deriveKey } from '../src/modules/auth/master-key.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import {
  createTestApp,
  TEST_PASSWORD,
  withStandardUsers,
  type TestApp,
} from '../src/test-support/test-app.js';

/** LIS issue 16 point 3, decision 0026: what ends a token. */
describe.each(DATABASE_KINDS)('token lifetime on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  let address = 0;
  /** A real sign-in (each from its own address, so the throttle stays out of the way). */
  const signIn = async (username: string, password = TEST_PASSWORD): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username, password },
      remoteAddress: `10.60.${Math.floor(++address / 250)}.${address % 250}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  };
  const get = (token: string, url = '/v1/version') =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const companyAccess = (code: string, role: string) => [
    { sid: DEFAULT_SID, company_code: code, role_access: role },
  ];

  it("a password change ends the user's other tokens; the changing session gets a fresh one", async () => {
    await t.user('changer', [['A', 'user']]);
    const changing = await signIn('changer');
    const elsewhere = await signIn('changer');
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: { authorization: `Bearer ${changing}` },
      payload: { current_password: TEST_PASSWORD, new_password: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
    const fresh = change.json().access_token as string;
    expect(typeof fresh).toBe('string');
    expect((await get(changing)).statusCode).toBe(401);
    expect((await get(elsewhere)).statusCode).toBe(401);
    expect((await get(fresh)).statusCode).toBe(200);
    expect((await get(fresh, '/v1/user?id=changer')).statusCode).toBe(200);
  });

  it("a super_admin's password reset (user edit) ends the user's tokens", async () => {
    await t.user('reset-by-admin', [['A', 'user']]);
    const old = await signIn('reset-by-admin');
    const edit = await t.as('root', {
      method: 'PUT',
      url: '/v1/user/edit',
      payload: {
        id: 'reset-by-admin',
        list_company: companyAccess('A', 'user'),
        password: 'set by the admin 1',
      },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get(old)).statusCode).toBe(401);
    expect((await get(await signIn('reset-by-admin', 'set by the admin 1'))).statusCode).toBe(200);
  });

  it("an edit that keeps the password keeps the user's tokens", async () => {
    await t.user('renamed', [['A', 'user']]);
    const token = await signIn('renamed');
    const edit = await t.as('root', {
      method: 'PUT',
      url: '/v1/user/edit',
      payload: { id: 'renamed', first_name: 'New', list_company: companyAccess('A', 'user') },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(200);
  });

  it("lis user reset-password ends the user's tokens", async () => {
    await t.user('reset-by-cli', [['A', 'user']]);
    const old = await signIn('reset-by-cli');
    const out: string[] = [];
    const code = await runUserCommand(
      ['reset-password', 'reset-by-cli'],
      {},
      (line) => out.push(line),
      (line) => out.push(line),
      { db: t.database.db, clock: t.clock },
    );
    expect(code).toBe(0);
    expect((await get(old)).statusCode).toBe(401);
  });

  it('a deleted user re-created under the same name does not inherit the old tokens', async () => {
    await t.user('phoenix', [['A', 'admin']]);
    const old = await signIn('phoenix');
    expect((await get(old)).statusCode).toBe(200);
    const deleted = await t.as('root', { method: 'DELETE', url: '/v1/user?id=phoenix' });
    expect(deleted.statusCode).toBe(200);
    expect((await get(old)).statusCode).toBe(401);
    const created = await t.as('root', {
      method: 'POST',
      url: '/v1/user/create',
      payload: { id: 'phoenix', list_company: companyAccess('A', 'admin'), password: 'the new phoenix 1' },
    });
    expect(created.statusCode).toBe(200);
    expect((await get(old)).statusCode).toBe(401);
    expect((await get(await signIn('phoenix', 'the new phoenix 1'))).statusCode).toBe(200);
  });

  it("a changed role takes effect on the user's next request", async () => {
    await t.user('demoted', [['A', 'admin']]);
    const token = await signIn('demoted');
    const adminOnly = '/v1/mail-outbox?company_code=A';
    expect((await get(token, adminOnly)).statusCode).toBe(200);
    const edit = await t.as('root', {
      method: 'PUT',
      url: '/v1/user/edit',
      payload: { id: 'demoted', list_company: companyAccess('A', 'user') },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get(token, adminOnly)).statusCode).toBe(403);
  });

  it('a company made inactive is gone from its users on their next request; active again, back', async () => {
    await t.company('C');
    await t.user('user-c', [
      ['C', 'user'],
      ['A', 'user'],
    ]);
    const token = await signIn('user-c');
    const quartzOfC = '/v1/lis-server/quartz?company_code=C';
    expect((await get(token, quartzOfC)).statusCode).toBe(200);
    const setStatus = (status: 'active' | 'inactive') =>
      t.as('root', {
        method: 'PUT',
        url: '/v1/company_master',
        payload: { sid: DEFAULT_SID, company_code: 'C', company_name: 'Company C', status },
      });
    expect((await setStatus('inactive')).statusCode).toBe(200);
    expect((await get(token, quartzOfC)).statusCode).toBe(403);
    const companies = (await get(token, '/v1/company_master')).json().result_list as {
      company_code: string;
    }[];
    expect(companies.map((c) => c.company_code)).toEqual(['A']);
    // The `*` entry of a super_admin is not a company: it stays.
    expect((await t.as('root', { url: quartzOfC })).statusCode).toBe(200);
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await get(token, quartzOfC)).statusCode).toBe(200);
  });

  it('refuses a token without a generation (issued before the upgrade)', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const legacy = await new SignJWT({ extra: { username: 'root' } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('root')
      .setJti('legacy-token')
      .setIssuer('lis')
      .setAudience('lis-console')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(deriveKey(t.masterKey, 'token-signing'));
    expect((await get(legacy)).statusCode).toBe(401);
    expect((await t.as('root', { url: '/v1/version' })).statusCode).toBe(200);
  });
});

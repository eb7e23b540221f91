import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_COMPANIES, PASSWORD_CHANGE_REQUIRED } from '@lis/contracts';
import { runUserCommand } from '../src/cli/user-command.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';

const NEW_PASSWORD = 'my-own-choice-of-password';

describe.each(DATABASE_KINDS)('first passwords (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.company('A');
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password } });
  const withToken = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('a generated first-admin password must be changed before anything else answers', async () => {
    const admin = await ensureFirstAdmin(t.context.users, t.clock, 'admin', undefined);
    const password = admin?.generatedPassword as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const signedIn = await login('admin', password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().must_change_password).toBe(true);
    const token = signedIn.json().access_token as string;

    for (const url of ['/v1/company_master', '/v1/user?id=admin', '/v1/settings/action-password']) {
      const refused = await withToken(token, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        message: 'Your password is a one-time password: change it before you go on',
        code: PASSWORD_CHANGE_REQUIRED,
      });
    }
    const companyAdd = await withToken(token, 'POST', '/v1/company_master', {
      sid: '555',
      company_code: 'ZZ',
      company_name: 'Z',
    });
    expect(companyAdd.statusCode).toBe(403);
    expect(companyAdd.json().code).toBe(PASSWORD_CHANGE_REQUIRED);

    // What the console needs to show the change-password screen still answers.
    expect((await withToken(token, 'GET', '/v1/auth/me')).json()).toEqual({
      username: 'admin',
      must_change_password: true,
    });
    for (const url of ['/v1/version', '/v1/env', '/v1/workflow/ping-settings'])
      expect((await withToken(token, 'GET', url)).statusCode, url).not.toBe(403);
    expect(
      (await withToken(token, 'POST', '/v1/ping', { ping_time: new Date().toISOString() })).statusCode,
    ).toBe(200);

    const same = await withToken(token, 'POST', '/v1/auth/change-password', {
      current_password: password,
      new_password: password,
    });
    expect(same.statusCode).toBe(400);
    const changed = await withToken(token, 'POST', '/v1/auth/change-password', {
      current_password: password,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The same session, with the fresh token the change answered (the old one ended, decision 0026),
    // now reaches everything; the next sign-in is not asked again.
    expect((await withToken(token, 'GET', '/v1/auth/me')).statusCode).toBe(401);
    const fresh = changed.json().access_token as string;
    expect((await withToken(fresh, 'GET', '/v1/company_master')).statusCode).toBe(200);
    expect((await withToken(fresh, 'GET', '/v1/auth/me')).json().must_change_password).toBe(false);
    expect((await login('admin', password)).statusCode).toBe(401);
    const again = await login('admin', NEW_PASSWORD);
    expect(again.json().must_change_password).toBe(false);
  });

  it('LIS_ADMIN_PASSWORD is the operator’s own choice: not forced', async () => {
    const other = await createTestApp(kind);
    try {
      const admin = await ensureFirstAdmin(other.context.users, other.clock, 'admin', 'operator-chosen-pass');
      expect(admin?.generatedPassword).toBeUndefined();
      const signedIn = await other.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: 'admin', password: 'operator-chosen-pass' },
      });
      expect(signedIn.json().must_change_password).toBe(false);
      const token = signedIn.json().access_token as string;
      const companies = await other.app.inject({
        url: '/v1/company_master',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(companies.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('lis user reset-password gives a new one-time password; the old one stops working', async () => {
    await t.user('operator', [['A', 'user']]);
    const before = await login('operator', TEST_PASSWORD);
    expect(before.json().must_change_password).toBe(false);
    const oldToken = before.json().access_token as string;

    const out: string[] = [];
    const err: string[] = [];
    const code = await runUserCommand(
      ['reset-password', 'operator'],
      {},
      (line) => out.push(line),
      (line) => err.push(line),
      { db: t.database.db, clock: t.clock },
    );
    expect(code, err.join('\n')).toBe(0);
    const printed = /one-time password of "operator": (\S+)/.exec(out.join('\n'))?.[1] as string;
    expect(printed).toMatch(/^[A-Za-z0-9_-]{24}$/);

    expect((await login('operator', TEST_PASSWORD)).statusCode).toBe(401);
    const after = await login('operator', printed);
    expect(after.statusCode).toBe(200);
    expect(after.json().must_change_password).toBe(true);
    // A session from before the reset has ended (decision 0026); the new one can do nothing but change
    // the password.
    expect((await withToken(oldToken, 'GET', '/v1/company_master')).statusCode).toBe(401);
    const guessed = await withToken(oldToken, 'POST', '/v1/auth/change-password', {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(guessed.statusCode).toBe(401);
    const fresh = await withToken(after.json().access_token as string, 'GET', '/v1/company_master');
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json().code).toBe(PASSWORD_CHANGE_REQUIRED);
  });

  it('lis user reset-password refuses an unknown user and a bad command', async () => {
    const lines: string[] = [];
    const run = (args: string[]) =>
      runUserCommand(
        args,
        {},
        (line) => lines.push(line),
        (line) => lines.push(line),
        {
          db: t.database.db,
          clock: t.clock,
        },
      );
    expect(await run(['reset-password', 'nobody'])).toBe(1);
    expect(lines.join('\n')).toMatch(/no user "nobody"/);
    expect(await run(['reset-password'])).toBe(2);
    expect(await run(['delete', 'operator'])).toBe(2);
    expect(await run(['--help'])).toBe(0);
  });

  it('a password an admin sets for someone else (create or edit) is one-time; one’s own is not', async () => {
    await t.user('boss', [[ALL_COMPANIES, 'super_admin']]);
    const access = [{ company_code: 'A', role_access: 'user' }];
    const mustChange = async (username: string, password: string) => {
      const signedIn = await login(username, password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const token = signedIn.json().access_token as string;
      const refused = await withToken(token, 'GET', '/v1/company_master');
      return { flag: signedIn.json().must_change_password as boolean, status: refused.statusCode, token };
    };

    const created = await t.as('boss', {
      method: 'POST',
      url: '/v1/user/create',
      payload: { id: 'newcomer', list_company: access, password: 'given by the admin 1' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const first = await mustChange('newcomer', 'given by the admin 1');
    expect(first).toMatchObject({ flag: true, status: 403 });
    const changed = await withToken(first.token, 'POST', '/v1/auth/change-password', {
      current_password: 'given by the admin 1',
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await mustChange('newcomer', NEW_PASSWORD)).toMatchObject({ flag: false, status: 200 });

    // Created without a password: nothing to change (the user signs in through the portal).
    const noPassword = await t.as('boss', {
      method: 'POST',
      url: '/v1/user/create',
      payload: { id: 'portal-only', list_company: access },
    });
    expect(noPassword.statusCode).toBe(200);
    expect(Number((await t.context.users.find('portal-only'))?.must_change_password)).toBe(0);

    // An edit that sets someone else's password marks it again; an edit without one keeps the mark as is.
    const edit = (payload: object) => t.as('boss', { method: 'PUT', url: '/v1/user/edit', payload });
    expect(
      (await edit({ id: 'newcomer', list_company: access, password: 'reset by the admin 1' })).statusCode,
    ).toBe(200);
    expect(await mustChange('newcomer', 'reset by the admin 1')).toMatchObject({ flag: true, status: 403 });
    expect((await edit({ id: 'newcomer', first_name: 'New', list_company: access })).statusCode).toBe(200);
    expect(await mustChange('newcomer', 'reset by the admin 1')).toMatchObject({ flag: true, status: 403 });

    // The super_admin setting their own password on Employee Config is their own choice.
    const own = await edit({
      id: 'boss',
      list_company: [{ company_code: ALL_COMPANIES, role_access: 'super_admin' }],
      password: 'my very own choice 1',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await mustChange('boss', 'my very own choice 1')).toMatchObject({ flag: false, status: 200 });
  });

  it('a super_admin of all companies is refused like anyone while the mark is set', async () => {
    await t.user('root2', [[ALL_COMPANIES, 'super_admin']]);
    await runUserCommand(
      ['reset-password', 'root2'],
      {},
      () => undefined,
      () => undefined,
      {
        db: t.database.db,
        clock: t.clock,
      },
    );
    const response = await t.as('root2', { url: '/v1/user?page=1&page_size=10' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(PASSWORD_CHANGE_REQUIRED);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

async function workbook(rows: (string | undefined)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string) {
  const boundary = '----lis-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DATABASE_KINDS)('users and companies API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  it('creates a user with two companies, roles and a password that signs in', async () => {
    const created = await t.as('root', {
      method: 'POST',
      url: '/v1/user/create',
      payload: {
        id: 'somchai',
        first_name: 'Somchai',
        last_name: 'Jaidee',
        list_company: [
          { company_code: 'A', role_access: 'admin|user' },
          { company_code: 'B', role_access: 'user' },
        ],
        password: 'a long enough password',
      },
    });
    expect(created.statusCode).toBe(200);
    const found = await t.as('root', { url: '/v1/user?id=somchai' });
    expect(found.json().result_list[0]).toMatchObject({
      id: 'somchai',
      has_password: true,
      list_company: [
        { company_code: 'A', role_access: 'user|admin' },
        { company_code: 'B', role_access: 'user' },
      ],
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'somchai', password: 'a long enough password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().company_code).toBe('A');
  });

  it('refuses a duplicate user name with the spec message, and an unknown company', async () => {
    const duplicate = await t.as('root', {
      method: 'POST',
      url: '/v1/user/create',
      payload: { id: 'user-a', list_company: [{ company_code: 'A', role_access: 'user' }] },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Not successful: User Name duplicates existing data');
    const unknown = await t.as('root', {
      method: 'POST',
      url: '/v1/user/create',
      payload: { id: 'x1', list_company: [{ company_code: 'NOPE', role_access: 'user' }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(await t.context.users.find('x1')).toBeUndefined();
  });

  it('validates input: no company, bad names, unknown fields, short password', async () => {
    const bodies = [
      { id: 'x2', list_company: [] },
      { id: '../etc', list_company: [{ company_code: 'A', role_access: 'user' }] },
      { id: 'x3', list_company: [{ company_code: "A' OR 1=1 --", role_access: 'user' }] },
      { id: 'x4', list_company: [{ company_code: 'A', role_access: 'god' }] },
      { id: 'x5', list_company: [{ company_code: 'A', role_access: 'user' }], is_admin: true },
      { id: 'x6', list_company: [{ company_code: 'A', role_access: 'user' }], password: 'short' },
    ];
    for (const payload of bodies) {
      const response = await t.as('root', { method: 'POST', url: '/v1/user/create', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await t.context.users.list({ idContains: 'x', limit: 100, offset: 0 })).total).toBe(0);
  });

  it('edits companies, keeps the password when none is given, and sets a new one', async () => {
    const payload = {
      id: 'somchai',
      first_name: 'Somchai',
      list_company: [{ company_code: 'B', role_access: 'admin' }],
    };
    expect((await t.as('root', { method: 'PUT', url: '/v1/user/edit', payload })).statusCode).toBe(200);
    const user = await t.context.users.find('somchai');
    expect(user?.companies).toEqual([{ sid: '555', company_code: 'B', role_access: 'admin' }]);
    expect(user?.password_hash).toBeTruthy();
    const before = user?.password_hash;
    await t.as('root', {
      method: 'PUT',
      url: '/v1/user/edit',
      payload: { ...payload, password: 'another long password' },
    });
    expect((await t.context.users.find('somchai'))?.password_hash).not.toBe(before);
    const missing = await t.as('root', {
      method: 'PUT',
      url: '/v1/user/edit',
      payload: { ...payload, id: 'ghost' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists with paging and filters; injection strings find nothing', async () => {
    const page = await t.as('root', { url: '/v1/user?page=1&page_size=2' });
    expect(page.json().result_list).toHaveLength(2);
    expect(page.json().total_count).toBeGreaterThanOrEqual(5);
    const byCompany = await t.as('root', { url: '/v1/user?page=1&page_size=25&company_code=B' });
    expect(
      byCompany
        .json()
        .result_list.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual(['somchai', 'user-b']);
    const byRole = await t.as('root', { url: '/v1/user?page=1&page_size=25&role_access=super_admin' });
    expect(byRole.json().result_list.map((u: { id: string }) => u.id)).toEqual(['root']);
    const withoutSuperAdmins = await t.as('root', {
      url: '/v1/user?page=1&page_size=25&exclude_first_role=super_admin',
    });
    expect(withoutSuperAdmins.json().result_list.map((u: { id: string }) => u.id)).not.toContain('root');
    expect(withoutSuperAdmins.json().total_count).toBe(page.json().total_count - 1);
    const byName = await t.as('root', { url: '/v1/user?page=1&page_size=25&id=USER-' });
    expect(byName.json().total_count).toBe(2);
    for (const evil of ["' OR '1'='1", '%', '_', "a'; drop table users; --"]) {
      const response = await t.as('root', {
        url: `/v1/user?page=1&page_size=25&id=${encodeURIComponent(evil)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().total_count).toBe(0);
    }
    expect((await t.as('root', { url: '/v1/user?page=0' })).statusCode).toBe(400);
    expect((await t.as('root', { url: '/v1/user?page_size=100000' })).statusCode).toBe(400);
  });

  it('deletes a user, but never oneself', async () => {
    expect((await t.as('root', { method: 'DELETE', url: '/v1/user?id=root' })).statusCode).toBe(409);
    expect((await t.as('root', { method: 'DELETE', url: '/v1/user?id=somchai' })).statusCode).toBe(200);
    expect(await t.context.users.find('somchai')).toBeUndefined();
    expect((await t.as('root', { method: 'DELETE', url: '/v1/user?id=somchai' })).statusCode).toBe(404);
  });

  it('imports users from Excel and refuses a bad file without changing anything', async () => {
    const good = await workbook([
      ['id', 'company_code', 'role_access', 'first_name', 'last_name', 'citizen_id'],
      ['malee', 'A', 'admin', 'Malee', 'Suksan', '1100100100100'],
      ['malee', 'B', 'user'],
      ['user-b', 'B', 'admin'],
    ]);
    const imported = await t.as('root', {
      method: 'POST',
      url: '/v1/user/import',
      ...multipart(good, 'users.xlsx'),
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, updated: 1 });
    expect((await t.context.users.find('malee'))?.companies.map((c) => c.company_code)).toEqual(['A', 'B']);
    expect((await t.context.users.find('user-b'))?.companies[0]?.role_access).toBe('admin');

    const bad = await workbook([
      ['id', 'company_code', 'role_access'],
      ['newbie', 'A', 'user'],
      ['broken', 'A', 'emperor'],
    ]);
    const refused = await t.as('root', {
      method: 'POST',
      url: '/v1/user/import',
      ...multipart(bad, 'users.xlsx'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Row 3');
    expect(await t.context.users.find('newbie')).toBeUndefined();

    const notExcel = await t.as('root', {
      method: 'POST',
      url: '/v1/user/import',
      ...multipart(Buffer.from('id,company\n'), 'users.xlsx'),
    });
    expect(notExcel.statusCode).toBe(400);
    const wrongName = await t.as('root', {
      method: 'POST',
      url: '/v1/user/import',
      ...multipart(good, 'users.csv'),
    });
    expect(wrongName.statusCode).toBe(400);
  });

  it('refuses an oversized upload with 413', async () => {
    const huge = Buffer.alloc(6 * 1024 * 1024, 1);
    const response = await t.as('root', {
      method: 'POST',
      url: '/v1/user/import',
      ...multipart(huge, 'users.xlsx'),
    });
    expect(response.statusCode).toBe(413);
  });

  it('serves the import template as a workbook', async () => {
    const response = await t.as('root', { url: '/v1/user/import-template' });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('id');
  });

  it('adds and edits companies (super_admin), with audit rows holding before and after', async () => {
    const add = await t.as('root', {
      method: 'POST',
      url: '/v1/company_master',
      payload: { company_code: 'C', company_name: 'Company C' },
    });
    expect(add.statusCode).toBe(200);
    const again = await t.as('root', {
      method: 'POST',
      url: '/v1/company_master',
      payload: { company_code: 'C', company_name: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    const edit = await t.as('root', {
      method: 'PUT',
      url: '/v1/company_master',
      payload: { company_code: 'C', company_name: 'Company C Ltd', status: 'inactive' },
    });
    expect(edit.statusCode).toBe(200);
    const active = await t.as('root', { url: '/v1/company_master?status=active' });
    expect(active.json().result_list.map((c: { company_code: string }) => c.company_code)).not.toContain('C');
    const audit = await t.context.audit.latest(5);
    const row = audit.find((r) => r.route === '/v1/company_master' && r.method === 'PUT');
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      before: { company_name: 'Company C' },
      after: { company_name: 'Company C Ltd' },
    });
    expect(row?.username).toBe('root');
  });

  it('lists the roles', async () => {
    const roles = await t.as('user-a', { url: '/v1/role' });
    expect(roles.json().result_list.map((r: { role_access_code: string }) => r.role_access_code)).toEqual([
      'user',
      'admin',
      'super_admin',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * docs/legacy-api.md rows 53 and 54 as a client of the spec sees them (LIS issue 31 point 9): the sFTP
 * server add/edit with the spec's fields only — no `companycode` — takes the caller's one company; a
 * refusal names exactly the fields that are missing, never ones that were given.
 */
describe.each(DATABASE_KINDS)('sFTP server add/edit with the spec’s fields only (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-ab', [
      ['A', 'admin'],
      ['B', 'admin'],
    ]);
  });
  afterAll(() => t.close());

  /** The sFTP Config modal's fields as spec 001 §7 names them, and the sid of every spec call. */
  const specForm = {
    sid: '555',
    sftp_server_id: 'spec-sftp',
    sftp_ip: '127.0.0.1',
    sftp_port: 2222,
    sftp_username: 'partner',
    sftp_password: 'Partner-Secret-2231',
    private_key: '',
  };
  const post = (user: string, mode: 'add' | 'edit', payload: object, language = 'en') =>
    t.as(user, {
      method: 'POST',
      url: `/v1/config/sftp-server/${mode}`,
      headers: { 'accept-language': language },
      payload,
    });
  const listed = async (user: string) =>
    (await t.as(user, { url: '/v1/config/sftp-server?sid=555&page=1&page_size=25' })).json().result_list;

  it('row 53: an add without companycode is saved in the caller’s one company', async () => {
    const added = await post('admin-a', 'add', specForm);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ message: expect.any(String) });
    expect(await listed('admin-a')).toEqual([
      {
        sid: '555',
        companycode: 'A',
        sftp_server_id: 'spec-sftp',
        sftp_ip: '127.0.0.1',
        sftp_port: 2222,
        sftp_username: 'partner',
        has_password: true,
        has_private_key: false,
        privatekey_path: '',
      },
    ]);
    // The same id again is the spec's duplicate refusal, not a complaint about missing fields.
    const again = await post('admin-a', 'add', specForm);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).not.toMatch(/fill in complete data/);
  });

  it('row 54: an edit without companycode changes the record of the caller’s one company', async () => {
    const edited = await post('admin-a', 'edit', { ...specForm, sftp_port: 2200 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listed('admin-a')).toEqual([
      expect.objectContaining({ companycode: 'A', sftp_port: 2200, has_password: true }),
    ]);
    // Blank secrets keep the saved ones at the same address (row 54).
    const kept = await post('admin-a', 'edit', { ...specForm, sftp_port: 2200, sftp_password: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await listed('admin-a')).toEqual([expect.objectContaining({ has_password: true })]);
    // A new address needs the secret again (row 54's difference), said as such.
    const moved = await post('admin-a', 'edit', { ...specForm, sftp_ip: '127.0.0.2', sftp_password: '' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).not.toMatch(/fill in complete data/);
  });

  it('a refusal names only what is really missing, in EN and TH', async () => {
    const { sftp_ip: _ip, sftp_password: _password, ...withoutIpAndSecret } = specForm;
    const en = await post('admin-a', 'add', { ...withoutIpAndSecret, sftp_server_id: 'other' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(
      'Please fill in complete data: sFTP IP (sftp_ip), sFTP Password or Private Key (sftp_password, private_key)',
    );
    const th = await post('admin-a', 'add', { ...withoutIpAndSecret, sftp_server_id: 'other' }, 'th');
    expect(th.json().message).toBe(
      'กรุณากรอกข้อมูลให้ครบถ้วน: sFTP IP (sftp_ip), sFTP Password or Private Key (sftp_password, private_key)',
    );
    // An edit keeps the stored secret: only the blank user name is named.
    const edit = await post('admin-a', 'edit', { ...specForm, sftp_username: '' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Please fill in complete data: sFTP Username (sftp_username)');
  });

  it('a caller of several companies is asked for the company, and only for it', async () => {
    for (const user of ['admin-ab', 'root']) {
      const answer = await post(user, 'add', { ...specForm, sftp_server_id: 'several' });
      expect(answer.statusCode, user).toBe(400);
      expect(answer.json().message, user).toBe('Please fill in complete data: Company Code (companycode)');
    }
    const named = await post('admin-ab', 'add', { ...specForm, sftp_server_id: 'several', companycode: 'B' });
    expect(named.statusCode, named.body).toBe(200);
    expect(await listed('admin-ab')).toEqual(
      expect.arrayContaining([expect.objectContaining({ companycode: 'B', sftp_server_id: 'several' })]),
    );
  });

  it('the company taken for the caller is still checked: a plain user of one company is refused', async () => {
    const answer = await post('user-a', 'add', { ...specForm, sftp_server_id: 'by-user' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBeTruthy();
    expect(await listed('admin-a')).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ sftp_server_id: 'by-user' })]),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SID, displayFileName } from '@lis/contracts';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** LIS issue 16 point 7 (docs/security.md "Inputs"). */
describe.each(DATABASE_KINDS)('input rules (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const now = t.clock.now();
    await t.database.db.kysely
      .insertInto('sftp_servers')
      .values({
        sid: DEFAULT_SID,
        company_code: 'A',
        sftp_server_id: 'sftp-A',
        host: '127.0.0.1',
        port: 22,
        username: 'u',
        password_enc: null,
        private_key_enc: null,
        privatekey_path: '',
        created_at: now,
        updated_at: now,
        updated_by: 'test',
      })
      .execute();
  });
  afterAll(() => t.close());

  const job = (over: Record<string, unknown>) => ({
    sid: '555',
    companycode: 'A',
    legacyid: 'PATHS-1',
    legacyname: 'Paths',
    legacytype: 'IN_WAIT',
    isactive: 'N',
    sftp_source_server_id: 'sftp-A',
    sftp_source_path: '/in',
    sftp_return_server_id: 'sftp-A',
    sftp_return_path: '/out',
    ...over,
  });

  it('still saves plain sub-folders, relative or absolute', async () => {
    const r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: job({
        sftp_return_success_path: 'done/ok',
        sftp_return_error_path: '/out/err',
        api_result_path: 'result..v2',
      }),
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it.each([
    ['sftp_return_success_path', '../../etc'],
    ['sftp_return_error_path', 'err/../../x'],
    ['sftp_return_success_path', '/abs/../etc'],
    ['edi_source_success_path', '..'],
    ['edi_source_error_path', 'a\\..\\b'],
    ['edi_source_result_path', '../r'],
    ['api_success_path', '../ok'],
    ['api_error_path', 'x/..'],
    ['api_result_path', '..\\r'],
    ['sftp_source_dest_localpath', '../../tmp'],
    ['sftp_source_path', '/in\\..\\..\\etc'],
    ['sftp_return_path', '/out/\u0085x'],
  ])('refuses %s = %j at save, as a run would', async (field, value) => {
    for (const [method, url, legacyid] of [
      ['POST', '/v1/config/job-config/add', 'PATHS-NEW'],
      ['PUT', '/v1/config/job-config/update', 'PATHS-1'],
    ] as const) {
      const r = await t.as('admin-a', { method, url, payload: job({ legacyid, [field]: value }) });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toMatch(new RegExp(`^${field} must`));
    }
    const th = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      headers: { 'accept-language': 'th' },
      payload: job({ legacyid: 'PATHS-NEW', [field]: value }),
    });
    expect(th.json().message).toMatch(new RegExp(`^${field} ต้อง`));
  });

  const upload = (fileName: string, lang = 'en') =>
    t.as('admin-a', {
      method: 'PUT',
      url: '/v1/lis-server/put-file',
      headers: { 'accept-language': lang },
      payload: {
        company_code: 'A',
        legacy_id: 'NO-SUCH-JOB',
        list_type: 'sftp_source_server',
        file_name: fileName,
        data: Buffer.from('x').toString('base64'),
      },
    });

  it.each([
    ['CON', /a name Windows reserves/],
    ['con.txt', /a name Windows reserves/],
    ['LPT1.csv', /a name Windows reserves/],
    ['nul.tar.gz', /a name Windows reserves/],
    ['aux .txt', /a name Windows reserves/],
    ['invoice.csv.', /ends with a dot or a space/],
    ['invoice.csv ', /./],
    ['invoice.csv\u0020\u0020', /./],
    ['invoice\u202Evsc.exe', /control, direction-changing or invisible/],
    ['in\u200Bvoice.csv', /control, direction-changing or invisible/],
    ['a\u2066b.csv', /control, direction-changing or invisible/],
    ['a:b.csv', /Windows does not allow/],
    ['a|b.csv', /Windows does not allow/],
  ])('refuses the upload name %j', async (name, reason) => {
    const r = await upload(name);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toMatch(reason);
    // The message never carries the raw invisible character.
    expect(r.json().message).not.toMatch(/[\u200B\u202E\u2066]/);
  });

  it('names the reason in Thai, shows an invisible character escaped, and lets a plain name through', async () => {
    let r = await upload('invoice\u202Evsc.exe', 'th');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('invoice\\u202Evsc.exe');
    expect(r.json().message).toMatch(/^ใช้ชื่อไฟล์/);
    // A plain name passes the name rules and reaches the job lookup (there is no such job).
    for (const name of ['ใบแจ้งหนี้ 2026.csv', 'CONSOLE.txt', 'con-1.csv', 'a.b.c']) {
      r = await upload(name);
      expect(r.statusCode, `${name}: ${r.body}`).toBe(404);
    }
  });

  it('`_` and `%` in a text filter are plain characters (chain name, system log instance number)', async () => {
    const now = t.clock.now();
    await t.database.db.kysely
      .insertInto('chain_jobs')
      .values(
        ['NIGHT_A', 'NIGHTXA', 'NIGHT%A'].map((name, i) => ({
          company_code: 'A',
          chain_id: `CH-${i}`,
          sid: DEFAULT_SID,
          chain_name: name,
          legacy_list: '',
          is_active: 'N' as const,
          cron_trigger: '',
          created_by: 'test',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await t.database.db.kysely
      .insertInto('system_log')
      .values(
        ['JOB_1_7', 'JOBX1X7'].map((no) => ({
          sid: DEFAULT_SID,
          company_code: 'A',
          job_instance_no: no,
          log_type: 'INFO',
          message: 'm',
          msg_source: 'test',
          created_at: now,
        })),
      )
      .execute();
    const chains = async (name: string) => {
      const r = await t.as('admin-a', {
        url: `/v1/chainjob/get?chainJobName=${encodeURIComponent(name)}&companyCode=A&page=1&page_size=10`,
      });
      expect(r.statusCode, r.body).toBe(200);
      return JSON.stringify(r.json());
    };
    const underscore = await chains('night_a');
    expect(underscore).toContain('NIGHT_A');
    expect(underscore).not.toContain('NIGHTXA');
    expect(underscore).not.toContain('NIGHT%A');
    const percent = await chains('t%a');
    expect(percent).toContain('NIGHT%A');
    expect(percent).not.toContain('NIGHT_A');
    const logs = await t.as('admin-a', { url: '/v1/system/log?company_code=A&job_instanceno=_1_' });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().result_list.map((row: { job_instanceno: string }) => row.job_instanceno)).toEqual([
      'JOB_1_7',
    ]);
  });

  it('displayFileName shows every unsafe character as \\uXXXX', () => {
    expect(displayFileName('invoice\u202Evsc.exe')).toBe('invoice\\u202Evsc.exe');
    expect(displayFileName('a\u0000b\u0085c\uFEFF')).toBe('a\\u0000b\\u0085c\\uFEFF');
    expect(displayFileName('ใบแจ้งหนี้.csv')).toBe('ใบแจ้งหนี้.csv');
  });
});

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

describe.each(DATABASE_KINDS)('job configuration (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    const db = t.database.db.kysely;
    const now = t.clock.now();
    for (const company of ['A', 'B']) {
      const common = {
        company_code: company,
        sid: '555',
        created_at: now,
        updated_at: now,
        updated_by: null,
      };
      await db
        .insertInto('sftp_servers')
        .values({
          ...common,
          sftp_server_id: `sftp-${company}`,
          host: '127.0.0.1',
          port: 22,
          username: 'u',
          password_enc: null,
          private_key_enc: null,
          privatekey_path: '',
        })
        .execute();
      await db
        .insertInto('api_servers')
        .values({
          ...common,
          api_server_id: `api-${company}`,
          api_url: 'http://127.0.0.1:1',
          api_username: 'u',
          api_password_enc: null,
        })
        .execute();
      await db
        .insertInto('dms_servers')
        .values({ ...common, dms_server_id: `dms-${company}`, dms_url: '', dms_token_enc: null })
        .execute();
    }
  });
  afterAll(() => t.close());

  const job = (over: Record<string, unknown> = {}) => ({
    sid: '555',
    companycode: 'A',
    legacyid: 'JOB-1',
    legacyname: 'Inbound invoices',
    legacytype: 'IN_WAIT',
    isactive: 'Y',
    cron_trigger: '0 0 12 * * ?|0 30 6 ? * MON-FRI',
    legacy_criteria: '',
    sftp_source_server_id: 'sftp-A',
    sftp_source_path: '/in/invoices',
    sftp_source_formatfilename: '^INV_[0-9]{8}\\.csv$',
    sftp_return_server_id: 'sftp-A',
    sftp_return_path: '/out',
    api_serverid: 'api-A',
    api_classname: 'InvoiceImport',
    api_function_name: 'run',
    email_finished_to: ' a@x.th | |b @x.th ',
    email_finished_is_active: 'Y',
    ...over,
  });
  const add = (body: Record<string, unknown>, user = 'admin-a') =>
    t.as(user, { method: 'POST', url: '/v1/config/job-config/add', payload: body });
  const update = (body: Record<string, unknown>, user = 'admin-a') =>
    t.as(user, { method: 'PUT', url: '/v1/config/job-config/update', payload: body });
  const triggers = (company: string, id: string) =>
    t.database.db.kysely
      .selectFrom('triggers')
      .select(['expression', 'state', 'next_fire_at'])
      .where('owner_kind', '=', 'job')
      .where('company_code', '=', company)
      .where('owner_id', '=', id)
      .orderBy('position')
      .execute();

  it('adds with the spec defaults, gets, lists, updates and deletes, with triggers kept in step', async () => {
    let r = await add(job());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ message: 'Saved data successfully' });
    expect((await add(job())).statusCode).toBe(409);
    expect((await triggers('A', 'JOB-1')).map((x) => x.expression)).toEqual([
      '0 0 12 * * ?',
      '0 30 6 ? * MON-FRI',
    ]);
    expect((await triggers('A', 'JOB-1'))[0]?.state).toBe('WAITING');

    r = await t.as('admin-a', { url: '/v1/config/job-config/get?sid=555&company_code=A&legacy_id=JOB-1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      companycode: 'A',
      legacyid: 'JOB-1',
      important_job: 'False',
      isactive: 'Y',
      hassuspend: 'N',
      stopif_step4_error: 'N',
      criteria_stopif_mainstatus_warning: 'Y',
      sftp_source_dest_localpath: 'path_getsftp',
      sftp_source_isdeletesource: 'N',
      sftp_return_success_path: 'return_success',
      sftp_return_error_path: 'return_error',
      api_success_path: 'api_source_success',
      api_error_path: 'api_source_error',
      api_result_path: 'api_result',
      email_finished_to: 'a@x.th|b@x.th',
      email_finished_is_active: 'Y',
      email_error_is_active: 'N',
      dms_serverid: '',
      overlap_policy: 'skip',
      misfire_policy: 'fire_once_now',
    });
    // A policy LIS does not have is refused by the schema and changes nothing.
    for (const bad of [{ overlap_policy: 'queue_all' }, { misfire_policy: 'fire_all' }]) {
      const refused = await update(job(bad));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'REQUEST_INVALID' });
    }
    r = await t.as('admin-a', { url: '/v1/config/job-config/get?sid=555&company_code=A&legacy_id=JOB-1' });
    expect(r.json()).toMatchObject({ overlap_policy: 'skip', misfire_policy: 'fire_once_now' });

    await add(
      job({ legacyid: 'PULL-1', legacytype: 'PULL_WAIT', cron_trigger: '', api_classname: 'Puller' }),
    );
    await add(
      job({
        legacyid: 'JOB-2',
        legacyname: 'Outbound',
        legacytype: 'OUT_WAIT',
        api_classname: 'Other_X',
        legacy_criteria: 'JOB-1',
      }),
    );
    r = await t.as('admin-a', { url: '/v1/config/job-config?sid=555&company_code=A&page=1&page_size=25' });
    expect(r.json().total_count).toBe(2);
    expect(r.json().result_list[0]).toEqual({
      sid: '555',
      companycode: 'A',
      legacyid: 'JOB-1',
      legacyname: 'Inbound invoices',
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-A',
      api_serverid: 'api-A',
      api_classname: 'InvoiceImport',
      api_function_name: 'run',
      isactive: 'Y',
      cron_trigger: '0 0 12 * * ?|0 30 6 ? * MON-FRI',
    });
    r = await t.as('admin-a', { url: '/v1/config/job-config?api_class_name=invoiceimp&legacy_name=INBOUND' });
    expect(r.json().result_list.map((x: { legacyid: string }) => x.legacyid)).toEqual(['JOB-1']);
    r = await t.as('admin-a', { url: '/v1/config/job-config?api_class_name=_' });
    expect(r.json().result_list.map((x: { legacyid: string }) => x.legacyid)).toEqual(['JOB-2']);
    r = await t.as('admin-a', { url: '/v1/config/job-config?legacy_type=PULL_WAIT' });
    expect(r.json().result_list.map((x: { legacyid: string }) => x.legacyid)).toEqual(['PULL-1']);
    r = await t.as('admin-a', { url: '/v1/config/job-config?page=2&page_size=1' });
    expect(r.json()).toMatchObject({ total_count: 2, result_list: [{ legacyid: 'JOB-2' }] });

    r = await update(job({ cron_trigger: '0 0 12 * * ?|0 15 1 * * ?', legacyname: 'Renamed' }));
    expect(r.statusCode, r.body).toBe(200);
    expect((await triggers('A', 'JOB-1')).map((x) => x.expression)).toEqual(['0 0 12 * * ?', '0 15 1 * * ?']);
    r = await update(job({ legacyid: 'NOPE' }));
    expect(r.statusCode).toBe(404);

    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('target', '=', 'A|JOB-1')
      .orderBy('seq')
      .execute();
    const last = JSON.parse(audit.at(-1)?.details ?? '{}');
    expect(last.before).toMatchObject({ legacyname: 'Inbound invoices' });
    expect(last.after).toMatchObject({ legacyname: 'Renamed', cron_trigger: '0 0 12 * * ?|0 15 1 * * ?' });

    r = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/config/job-config?sid=555&company_code=A&legacyid=JOB-1',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await triggers('A', 'JOB-1')).toEqual([]);
    r = await t.as('admin-a', { url: '/v1/config/job-config/get?company_code=A&legacy_id=JOB-1' });
    expect(r.statusCode).toBe(404);
    r = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/config/job-config?company_code=A&legacyid=JOB-1',
    });
    expect(r.statusCode).toBe(404);
  });

  it.each([
    [
      'a bad cron',
      { cron_trigger: '0 0 12 * * ?|61 * * * * ?' },
      /Cron trigger 61 \* \* \* \* \? is not valid/,
    ],
    [
      'a bad regex',
      { sftp_source_formatfilename: '([a-z' },
      /sftp_source_formatfilename is not a valid regular expression/,
    ],
    [
      'a server of another company',
      { sftp_return_server_id: 'sftp-B' },
      /sftp_return_server_id: server sftp-B does not exist in company A/,
    ],
    ['an API server of another company', { api_serverid: 'api-B' }, /api_serverid: server api-B/],
    [
      'a DMS server of another company',
      { legacytype: 'DMS_WAIT', dms_serverid: 'dms-B' },
      /dms_serverid: server dms-B/,
    ],
    ['a relative path', { sftp_source_path: 'in/invoices' }, /sftp_source_path must be an absolute path/],
    ['a path with ..', { sftp_return_path: '/out/../etc' }, /sftp_return_path must be an absolute path/],
    ['a path with NUL', { sftp_return_path: '/out\u0000x' }, /sftp_return_path must be an absolute path/],
    [
      'an unknown predecessor',
      { legacy_criteria: 'GHOST' },
      /Start after Legacy ID GHOST does not exist in company A/,
    ],
    ['itself as predecessor', { legacy_criteria: 'V-1' }, /cannot start after itself/],
    ['a bad Y/N flag', { isactive: 'yes' }, /The data is not valid/],
    ['a bad legacy type', { legacytype: 'IN' }, /The data is not valid/],
    ['an overlong name', { legacyname: 'x'.repeat(201) }, /The data is not valid/],
    ['an overlong path', { sftp_source_path: `/${'x'.repeat(1024)}` }, /The data is not valid/],
    ['a bad important_job', { important_job: 'yes' }, /The data is not valid/],
  ])('refuses %s with a clear message', async (_name, over, expected) => {
    const r = await add(job({ legacyid: 'V-1', ...over }));
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toMatch(expected);
    expect(await triggers('A', 'V-1')).toEqual([]);
  });

  it('export answers every matching job whole, and an xlsx workbook', async () => {
    await add(job({ legacyid: 'EXP-1' }));
    let r = await t.as('admin-a', { url: '/v1/config/export?sid=555&company_code=A&legacy_id=exp' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().total_count).toBe(1);
    expect(r.json().result_list[0]).toMatchObject({ legacyid: 'EXP-1', sftp_source_path: '/in/invoices' });
    r = await t.as('admin-a', { url: '/v1/config/export?legacy_id=exp&format=xlsx' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/filename="MasterJobConfig_\d+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['MasterJobConfig']);
    const sheet = workbook.getWorksheet('MasterJobConfig')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toContain('legacyid');
    expect(sheet.getRow(2).values).toContain('EXP-1');
  });

  it('validates sample file names against a regex', async () => {
    const validate = (regex: string, samples: unknown, user = 'admin-a') =>
      t.as(user, {
        method: 'POST',
        url: `/v1/config/validate-sftp-filename?regex=${encodeURIComponent(regex)}`,
        payload: samples as InjectOptions['payload'],
      });
    let r = await validate('INV_[0-9]{8}\\.csv', [
      'INV_20240101.csv',
      'INV_20240101.csv',
      'x.csv',
      'INV_1.csv',
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ result_list: ['INV_20240101.csv'] });
    r = await validate('([a-z', ['a']);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^The filename format is not a valid regular expression: /);
    r = await validate('a', []);
    expect(r.json().message).toBe('Please add the list of sample file names first');
    r = await validate('a', ['a', '']);
    expect(r.json().message).toBe('A sample file name must not be empty');
    r = await validate('a'.repeat(501), ['a']);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/longer than 500/);
    r = await validate(
      'a',
      Array.from({ length: 201 }, (_, i) => `f${i}`),
    );
    expect(r.statusCode).toBe(400);
    r = await validate('a', ['x'.repeat(256)]);
    expect(r.statusCode).toBe(400);
    // A pattern that backtracks catastrophically is stopped and refused; the server stays responsive.
    r = await validate('(a+)+', [`${'a'.repeat(40)}!`]);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/takes longer than \d+ ms/);
    expect((await validate('a+', ['aaa'])).json()).toEqual({ result_list: ['aaa'] });
  });

  const everyRoute = (company: string): InjectOptions[] => [
    { url: `/v1/config/job-config?company_code=${company}` },
    { url: `/v1/config/job-config/get?company_code=${company}&legacy_id=JOB-B` },
    {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: job({ companycode: company, legacyid: 'X-9' }),
    },
    {
      method: 'PUT',
      url: '/v1/config/job-config/update',
      payload: job({ companycode: company, legacyid: 'JOB-B' }),
    },
    { method: 'DELETE', url: `/v1/config/job-config?company_code=${company}&legacyid=JOB-B` },
    { url: `/v1/config/export?company_code=${company}` },
  ];

  it('a user gets 403 on every route here', async () => {
    for (const user of ['user-a', 'user-b']) {
      const company = user === 'user-a' ? 'A' : 'B';
      for (const request of [
        ...everyRoute(company),
        { url: '/v1/config/job-config' },
        { url: '/v1/config/export' },
        { method: 'POST', url: '/v1/config/validate-sftp-filename?regex=a', payload: ['a'] },
      ] as InjectOptions[]) {
        const r = await t.as(user, request);
        expect(r.statusCode, `${user} ${request.method ?? 'GET'} ${request.url as string}`).toBe(403);
      }
    }
  });

  it("an admin of A can neither see nor change B's jobs", async () => {
    let r = await add(
      job({
        companycode: 'B',
        legacyid: 'JOB-B',
        sftp_source_server_id: 'sftp-B',
        sftp_return_server_id: 'sftp-B',
        api_serverid: 'api-B',
      }),
      'admin-b',
    );
    expect(r.statusCode, r.body).toBe(200);
    for (const request of everyRoute('B')) {
      r = await t.as('admin-a', request);
      expect(r.statusCode, `${request.method ?? 'GET'} ${request.url as string}`).toBe(403);
    }
    // Naming company A does not reach B's job.
    r = await t.as('admin-a', { url: '/v1/config/job-config/get?company_code=A&legacy_id=JOB-B' });
    expect(r.statusCode).toBe(404);
    r = await update(job({ legacyid: 'JOB-B' }));
    expect(r.statusCode).toBe(404);
    r = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/config/job-config?company_code=A&legacyid=JOB-B',
    });
    expect(r.statusCode).toBe(404);
    // Lists without a company hold only the caller's companies.
    for (const url of ['/v1/config/job-config', '/v1/config/export']) {
      r = await t.as('admin-a', { url });
      expect(r.json().result_list.map((x: { companycode: string }) => x.companycode)).not.toContain('B');
      r = await t.as('root', { url });
      expect(r.json().result_list.map((x: { companycode: string }) => x.companycode)).toContain('B');
    }
    // A predecessor of another company is unknown.
    r = await add(job({ legacyid: 'X-2', legacy_criteria: 'JOB-B' }));
    expect(r.json().message).toMatch(/JOB-B does not exist in company A/);
    expect(await triggers('B', 'JOB-B')).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { ApplicationLogTable, SystemLogTable } from '../src/db/schema.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const at = (iso: string) => Date.parse(iso);

/** Bangkok is UTC+7: its 21-11-2026 runs from 2026-11-20T17:00Z to 2026-11-21T17:00Z. */
const SYSTEM_LINES: Insertable<SystemLogTable>[] = [
  ['A', 'A-JOB1-20261120-0001', '2026-11-20T16:59:59.999Z', 'last moment of the 20th'],
  ['A', 'A-JOB1-20261121-0001', '2026-11-20T17:00:00.000Z', 'first moment of the 21st'],
  ['B', 'B-JOB1-20261121-0001', '2026-11-21T03:00:00.000Z', 'company B'],
  ['A', 'A-JOB2_X%-0002', '2026-11-21T16:59:59.999Z', 'last moment of the 21st'],
  ['A', null, '2026-11-21T17:00:00.000Z', 'first moment of the 22nd'],
].map(([company, instance, time, text]) => ({
  sid: '555',
  company_code: company as string,
  job_instance_no: instance,
  log_type: 'INFO',
  message: text as string,
  msg_source: 'worker',
  created_at: at(time as string),
}));

/** Twelve lines on another day, for paging. */
const PAGING_LINES: Insertable<SystemLogTable>[] = Array.from({ length: 12 }, (_, i) => ({
  sid: '555',
  company_code: 'A',
  job_instance_no: `PAGE-${String(i + 1).padStart(2, '0')}`,
  log_type: 'INFO',
  message: `page line ${i + 1}`,
  msg_source: 'scheduler',
  created_at: at('2026-11-10T03:00:00Z') + i * 1000,
}));

const appRow = (over: Partial<Insertable<ApplicationLogTable>>): Insertable<ApplicationLogTable> => ({
  run_id: 'run-1',
  company_code: 'A',
  legacy_id: 'JOB-1',
  job_instance_no: 'A-JOB-1-0001',
  transaction_id: 'T',
  transaction_date: '20261115',
  source_id1: '',
  source_id2: '',
  source_id3: '',
  doc_type: 'INV',
  doc_year: '2026',
  item_no: '1',
  doc_date: '20261115',
  post_date: '20261116',
  status: 'S',
  message: 'posted',
  metadata: '',
  source_file: 'in.csv',
  created_at: at('2026-11-21T03:00:00Z'),
  ...over,
});

const APPLICATION_ROWS = [
  appRow({ transaction_id: 'before', transaction_date: '20261031' }),
  appRow({ transaction_id: 'first-day', transaction_date: '20261101', source_id1: 'PO-100_A' }),
  appRow({
    transaction_id: 'last-day-stamp',
    transaction_date: '20261130120000',
    source_id2: 'Vendor-77',
    status: 'E',
    message: 'rejected',
    metadata: '{"reason":"closed period"}',
    created_at: at('2026-11-21T04:00:00Z'),
  }),
  appRow({ transaction_id: 'last-day', transaction_date: '20261130', source_id3: 'x%y' }),
  appRow({ transaction_id: 'after', transaction_date: '20261201' }),
  appRow({ transaction_id: 'other-job', legacy_id: 'JOB-2' }),
  appRow({ transaction_id: 'company-b', company_code: 'B', legacy_id: 'JOB-1' }),
];

describe.each(DATABASE_KINDS)('System Log and Application Log (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const db = t.database.db.kysely;
    await db.insertInto('system_log').values(PAGING_LINES).execute();
    await db.insertInto('system_log').values(SYSTEM_LINES).execute();
    await db.insertInto('application_log').values(APPLICATION_ROWS).execute();
  });
  afterAll(() => t.close());

  const systemLog = (who: string, query: string, language = 'en') =>
    t.as(who, { url: `/v1/system/log?sid=555&${query}`, headers: { 'accept-language': language } });
  const messages = (body: { result_list: { message: string }[] }) => body.result_list.map((r) => r.message);

  describe('GET /v1/system/log', () => {
    it('needs a session', async () => {
      const r = await t.app.inject({ url: '/v1/system/log' });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ message: 'Please sign in', code: 'SIGN_IN_REQUIRED' });
    });

    it("lists the caller's companies only, newest first, in the spec's row shape", async () => {
      const r = await systemLog('user-a', 'job_started_on_from=20261120000000');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().total_count).toBe(4);
      expect(messages(r.json())).toEqual([
        'first moment of the 22nd',
        'last moment of the 21st',
        'first moment of the 21st',
        'last moment of the 20th',
      ]);
      expect(r.json().result_list[2]).toEqual({
        seq: expect.any(Number),
        sid: '555',
        companycode: 'A',
        job_instanceno: 'A-JOB1-20261121-0001',
        log_type: 'INFO',
        message: 'first moment of the 21st',
        created_on: '21-11-2026 00:00:00',
        msg_source: 'worker',
        created_at: '2026-11-20T17:00:00.000Z',
      });
      expect(r.json().result_list[0].job_instanceno).toBe('');
    });

    it('never shows a user of company A a line of company B', async () => {
      for (const query of ['', 'company_code=', 'company_code=*', 'job_instanceno=B-JOB1']) {
        const r = await systemLog('user-a', query);
        expect(r.statusCode, query).toBe(200);
        const companies = new Set(
          r.json().result_list.map((row: { companycode: string }) => row.companycode),
        );
        expect([...companies], query).toEqual(query.includes('B-JOB1') ? [] : ['A']);
      }
      const named = await systemLog('user-a', 'company_code=B');
      expect(named.statusCode).toBe(403);
      expect(named.json()).toEqual({ message: 'You have no access to company B', code: 'COMPANY_FORBIDDEN' });
      expect(messages((await systemLog('user-b', '')).json())).toEqual(['company B']);
      expect((await systemLog('root', 'page_size=100')).json().total_count).toBe(17);
      expect(messages((await systemLog('root', 'company_code=B')).json())).toEqual(['company B']);
      expect((await systemLog('root', 'company_code=*')).json().total_count).toBe(17);
    });

    it('reads job start dates as whole days in Asia/Bangkok', async () => {
      const day = (query: string) => systemLog('admin-a', query).then((r) => messages(r.json()));
      expect(await day('job_started_on_from=20261121000000&job_started_on_to=20261121000000')).toEqual([
        'last moment of the 21st',
        'first moment of the 21st',
      ]);
      expect(await day('job_started_on_from=20261121&job_started_on_to=20261121')).toEqual([
        'last moment of the 21st',
        'first moment of the 21st',
      ]);
      expect(await day('job_started_on_from=20261120000000&job_started_on_to=20261120000000')).toEqual([
        'last moment of the 20th',
      ]);
      expect(await day('job_started_on_from=20261122000000&job_started_on_to=')).toEqual([
        'first moment of the 22nd',
      ]);
      // A time other than midnight is inclusive to that second.
      expect(await day('job_started_on_from=20261120235959&job_started_on_to=20261121000000')).toEqual([
        'last moment of the 21st',
        'first moment of the 21st',
        'last moment of the 20th',
      ]);
      expect(await day('job_started_on_from=20261120235959&job_started_on_to=20261120235959')).toEqual([
        'last moment of the 20th',
      ]);
    });

    it('finds instance numbers by any part, ignoring case, with LIKE wildcards taken literally', async () => {
      const found = (text: string) =>
        systemLog('user-a', `job_instanceno=${encodeURIComponent(text)}`).then((r) =>
          r.json().result_list.map((row: { job_instanceno: string }) => row.job_instanceno),
        );
      expect(await found('job1')).toEqual(['A-JOB1-20261121-0001', 'A-JOB1-20261120-0001']);
      expect(await found('_x%')).toEqual(['A-JOB2_X%-0002']);
      expect(await found('%')).toEqual(['A-JOB2_X%-0002']);
      expect(await found('A_JOB')).toEqual([]);
    });

    it('pages with the total, 25 a page by default', async () => {
      let r = await systemLog('user-a', 'job_instanceno=PAGE&page=2&page_size=10');
      expect(r.json().total_count).toBe(12);
      expect(messages(r.json())).toEqual(['page line 2', 'page line 1']);
      r = await systemLog('user-a', 'job_instanceno=PAGE&page_size=10');
      expect(messages(r.json())[0]).toBe('page line 12');
      expect(r.json().result_list).toHaveLength(10);
      r = await systemLog('user-a', '');
      expect(r.json()).toMatchObject({ total_count: 16 });
      expect(r.json().result_list).toHaveLength(16);
      r = await systemLog('user-a', 'job_instanceno=PAGE&page=3&page_size=10');
      expect(r.json()).toEqual({ result_list: [], total_count: 12 });
    });

    it.each([
      [
        'job_started_on_from=2026-11-21',
        'en',
        'job_started_on_from must be a date and time as yyyymmddHHMMSS',
      ],
      [
        'job_started_on_to=20261131000000',
        'en',
        'job_started_on_to must be a date and time as yyyymmddHHMMSS',
      ],
      ['job_started_on_to=20261121250000', 'th', 'job_started_on_to ต้องเป็นวันที่และเวลาในรูปแบบ yyyymmddHHMMSS'],
      [
        'job_started_on_from=20261122000000&job_started_on_to=20261121000000',
        'en',
        'job_started_on_from must not be later than job_started_on_to',
      ],
      ['page_size=20', 'en', 'page_size must be 10, 25, 50 or 100'],
      ['page_size=abc', 'th', 'page_size ต้องเป็น 10, 25, 50 หรือ 100'],
      ['page=0', 'en', 'The search is not valid: querystring/page must be >= 1'],
      ['company_code=A%3BB', 'en', 'The search is not valid: querystring/company_code must match pattern'],
    ])('refuses %s', async (query, language, text) => {
      const r = await systemLog('root', query, language);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(text);
    });
  });

  describe('GET /v1/application/log', () => {
    const search = 'legacy_id=JOB-1&transaction_date_from=20261101&transaction_date_to=20261130';
    const applicationLog = (who: string, query: string, language = 'en') =>
      t.as(who, { url: `/v1/application/log?sid=555&${query}`, headers: { 'accept-language': language } });
    const ids = (body: { result_list: { transaction_id: string }[] }) =>
      body.result_list.map((r) => r.transaction_id);

    it('needs a session', async () => {
      expect((await t.app.inject({ url: `/v1/application/log?${search}` })).statusCode).toBe(401);
    });

    it('finds one job between two transaction dates, both days included, newest first', async () => {
      const r = await applicationLog('user-a', search);
      expect(r.statusCode, r.body).toBe(200);
      // Same created_at: the later row first.
      expect(ids(r.json())).toEqual(['last-day-stamp', 'last-day', 'first-day']);
      expect(r.json().total_count).toBe(3);
      expect(r.json().result_list[0]).toEqual({
        seq: expect.any(Number),
        legacyid: 'JOB-1',
        companycode: 'A',
        job_instance_no: 'A-JOB-1-0001',
        transaction_id: 'last-day-stamp',
        transaction_date: '20261130120000',
        source_id1: '',
        source_id2: 'Vendor-77',
        source_id3: '',
        doc_type: 'INV',
        doc_year: '2026',
        item_no: '1',
        doc_date: '20261115',
        post_date: '20261116',
        status: 'E',
        message: 'rejected',
        created_on: '21-11-2026 11:00:00',
        created_at: '2026-11-21T04:00:00.000Z',
        metadata: '{"reason":"closed period"}',
      });
      const oneDay = await applicationLog(
        'user-a',
        'legacy_id=JOB-1&transaction_date_from=20261130&transaction_date_to=20261130',
      );
      expect(ids(oneDay.json())).toEqual(['last-day-stamp', 'last-day']);
    });

    it('never shows a user of company A a row of company B', async () => {
      for (const company of ['', 'company_code=&', 'company_code=*&', 'company_code=A&']) {
        const r = await applicationLog('user-a', `${company}${search}`);
        expect(r.statusCode, company).toBe(200);
        expect(ids(r.json()), company).not.toContain('company-b');
        expect(r.json().total_count, company).toBe(r.json().result_list.length);
      }
      const named = await applicationLog('user-a', `company_code=B&${search}`);
      expect(named.statusCode).toBe(403);
      expect(ids((await applicationLog('user-b', search)).json())).toEqual(['company-b']);
      expect(ids((await applicationLog('root', search)).json())).toContain('company-b');
      expect(ids((await applicationLog('root', `company_code=B&${search}`)).json())).toEqual(['company-b']);
    });

    it('filters by any part of source ids 1-3, ignoring case, wildcards taken literally', async () => {
      const found = (query: string) =>
        applicationLog('admin-a', `${search}&${query}`).then((r) => ids(r.json()));
      expect(await found('source_id1=po-100')).toEqual(['first-day']);
      expect(await found('source_id1=_a')).toEqual(['first-day']);
      expect(await found('source_id1=%25')).toEqual([]);
      expect(await found('source_id2=VENDOR')).toEqual(['last-day-stamp']);
      expect(await found('source_id3=x%25y')).toEqual(['last-day']);
      expect(await found('source_id1=po&source_id2=vendor')).toEqual([]);
      expect(await found('source_id1=&source_id2=')).toHaveLength(3);
    });

    it('pages with the total', async () => {
      const r = await applicationLog('admin-a', `${search}&page=2&page_size=10`);
      expect(r.json()).toEqual({ result_list: [], total_count: 3 });
    });

    it.each([
      ['transaction_date_from=20261101&transaction_date_to=20261130', 'en'],
      ['legacy_id=&transaction_date_from=20261101&transaction_date_to=20261130', 'en'],
      ['legacy_id=%20&transaction_date_from=20261101&transaction_date_to=20261130', 'en'],
      ['legacy_id=JOB-1&transaction_date_from=20261101', 'en'],
      ['legacy_id=JOB-1&transaction_date_from=&transaction_date_to=20261130', 'th'],
    ])('asks for legacy ID and both transaction dates: %s', async (query, language) => {
      const r = await applicationLog('user-a', query, language);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        message:
          language === 'th'
            ? 'กรุณาระบุ Legacy ID, Transaction Date From และ Transaction Date To ให้ครบถ้วน'
            : 'Please fill in Legacy ID, Transaction Date From and Transaction Date To',
        code: 'SEARCH_CRITERIA_REQUIRED',
      });
    });

    it.each([
      ['transaction_date_from=2026-11-01', 'transaction_date_from must be a date as yyyymmdd'],
      ['transaction_date_to=20261101000000', 'transaction_date_to must be a date as yyyymmdd'],
      ['transaction_date_to=20261131', 'transaction_date_to must be a date as yyyymmdd'],
      ['transaction_date_from=20261201', 'transaction_date_from must not be later than transaction_date_to'],
      ['page_size=1000', 'page_size must be 10, 25, 50 or 100'],
    ])('refuses %s', async (query, text) => {
      const params = new URLSearchParams(search);
      for (const [name, value] of new URLSearchParams(query)) params.set(name, value);
      const r = await applicationLog('user-a', params.toString());
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(text);
    });
  });
});

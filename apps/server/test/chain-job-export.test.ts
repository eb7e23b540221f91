import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChainJob } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const SPELLINGS = ['chianjob', 'chainjob'] as const;
const HEADER = ['Company Code', 'Chain Job ID', 'Chain Job Name', 'Job List', 'Is Active', 'Cron Trigger'];

/** The workbook's one sheet as rows of cell texts (header first). */
async function readSheet(r: LightMyRequestResponse): Promise<{ names: string[]; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { names: workbook.worksheets.map((s) => s.name), rows };
}

describe.each(DATABASE_KINDS)('chain job export (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    await t.database.db.kysely
      .insertInto('chain_jobs')
      .values([
        buildChainJob({
          company_code: 'A',
          chain_id: 'NIGHT',
          chain_name: 'Nightly',
          legacy_list: 'J1,Job one|J2,Job two',
          is_active: 'Y',
          cron_trigger: '0 0 1 * * ?|0 0 13 * * ?',
        }),
        buildChainJob({
          company_code: 'A',
          chain_id: 'WEEK',
          chain_name: 'Weekly',
          legacy_list: 'J2,Job two',
          is_active: 'N',
          cron_trigger: '',
        }),
        buildChainJob({ company_code: 'B', chain_id: 'NIGHT', chain_name: 'Nightly of B' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  for (const spelling of SPELLINGS) {
    it(`/v1/${spelling}/export answers the caller's chains as ChainJobConfig_{ms}.xlsx`, async () => {
      const r = await t.as('admin-a', { url: `/v1/${spelling}/export` });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(r.headers['content-disposition']).toBe(
        `attachment; filename="ChainJobConfig_${t.clock.now()}.xlsx"`,
      );
      const { names, rows } = await readSheet(r);
      expect(names).toEqual(['ChainJobConfig']);
      expect(rows).toEqual([
        HEADER,
        ['A', 'NIGHT', 'Nightly', '1. J1: Job one\n2. J2: Job two', 'true', '0 0 1 * * ?|0 0 13 * * ?'],
        ['A', 'WEEK', 'Weekly', '1. J2: Job two', 'false', ''],
      ]);
    });
  }

  it('applies the list filters; nothing matching gives the header row alone', async () => {
    let r = await t.as('admin-a', { url: '/v1/chainjob/export?companyCode=A&chainJobName=week' });
    expect((await readSheet(r)).rows.map((row) => row[1])).toEqual(['Chain Job ID', 'WEEK']);
    r = await t.as('admin-a', { url: '/v1/chainjob/export?chainJobId=NIGHT' });
    expect((await readSheet(r)).rows.map((row) => row[2])).toEqual(['Chain Job Name', 'Nightly']);
    r = await t.as('admin-a', { url: '/v1/chainjob/export?chainJobName=nothing-like-this' });
    expect(r.statusCode).toBe(200);
    expect((await readSheet(r)).rows).toEqual([HEADER]);
  });

  it("never exports another company's chains; a super admin gets every company", async () => {
    let r = await t.as('admin-b', { url: '/v1/chainjob/export' });
    expect((await readSheet(r)).rows.slice(1).map((row) => `${row[0]}|${row[1]}`)).toEqual(['B|NIGHT']);
    r = await t.as('admin-a', { url: '/v1/chainjob/export?companyCode=B' });
    expect(r.statusCode).toBe(403);
    r = await t.as('root', { url: '/v1/chianjob/export?chainJobId=NIGHT' });
    expect((await readSheet(r)).rows.slice(1).map((row) => row[0])).toEqual(['A', 'B']);
  });

  it('a user gets 403, and so does a request without a session', async () => {
    for (const spelling of SPELLINGS) {
      for (const url of [`/v1/${spelling}/export`, `/v1/${spelling}/export?companyCode=A`]) {
        const r = await t.as('user-a', { url });
        expect(r.statusCode, url).toBe(403);
        expect(r.headers['content-disposition']).toBeUndefined();
      }
      const anonymous = await t.app.inject({ url: `/v1/${spelling}/export` });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

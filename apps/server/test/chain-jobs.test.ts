import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChainJob, buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const SPELLINGS = ['chianjob', 'chainjob'] as const;

describe.each(DATABASE_KINDS)('chain jobs (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    await t.database.db.kysely
      .insertInto('job_configs')
      .values([
        buildJobConfig({ company_code: 'A', legacy_id: 'J1', legacy_name: 'Job one' }),
        buildJobConfig({ company_code: 'A', legacy_id: 'J2', legacy_name: 'Job two' }),
        buildJobConfig({ company_code: 'B', legacy_id: 'JB', legacy_name: 'Job of B' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const chain = (over: Record<string, unknown> = {}) => ({
    Sid: '555',
    CompanyCode: 'A',
    ChainId: 'CH1',
    ChainName: 'Nightly chain',
    IsActive: 'true',
    LegacyList: 'J1,Job one|J2,Job two',
    CronTrigger: '0 0 12 * * ?|0 30 18 ? * MON-FRI',
    CreatedBy: 'someone-else',
    ...over,
  });
  const triggers = (company: string, id: string) =>
    t.database.db.kysely
      .selectFrom('triggers')
      .selectAll()
      .where('owner_kind', '=', 'chain')
      .where('company_code', '=', company)
      .where('owner_id', '=', id)
      .orderBy('position')
      .execute();
  const stored = (company: string, id: string) =>
    t.database.db.kysely
      .selectFrom('chain_jobs')
      .selectAll()
      .where('company_code', '=', company)
      .where('chain_id', '=', id)
      .executeTakeFirst();

  for (const spelling of SPELLINGS) {
    const base = `/v1/${spelling}`;
    const id = `CH-${spelling}`;

    it(`creates, gets, updates and deletes through ${base}, with its triggers`, async () => {
      let r = await t.as('admin-a', {
        method: 'POST',
        url: `${base}/insert`,
        payload: chain({ ChainId: id }),
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ message: 'Saved data successfully' });
      expect((await stored('A', id))?.created_by).toBe('admin-a');

      let list = await triggers('A', id);
      expect(list.map((x) => [x.expression, x.state, x.time_zone])).toEqual([
        ['0 0 12 * * ?', 'WAITING', 'Asia/Bangkok'],
        ['0 30 18 ? * MON-FRI', 'WAITING', 'Asia/Bangkok'],
      ]);

      r = await t.as('admin-a', { method: 'POST', url: `${base}/insert`, payload: chain({ ChainId: id }) });
      expect(r.statusCode).toBe(409);

      r = await t.as('admin-a', { url: `${base}/get?chainJobId=${id}&chainJobName=&companyCode=A` });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual([
        {
          companyCode: 'A',
          chainId: id,
          chainName: 'Nightly chain',
          legacyList: 'J1,Job one|J2,Job two',
          isActive: 'true',
          cronTrigger: '0 0 12 * * ?|0 30 18 ? * MON-FRI',
          importantJob: 'false',
        },
      ]);

      r = await t.as('admin-a', {
        method: 'PUT',
        url: `${base}/update`,
        // The member's name is taken from its job, whatever the client sends.
        payload: chain({
          ChainId: id,
          IsActive: 'false',
          LegacyList: 'J2,stale name',
          CronTrigger: '0 0 6 * * ?',
        }),
      });
      expect(r.statusCode, r.body).toBe(200);
      r = await t.as('admin-a', { url: `${base}/get?chainJobId=${id}&companyCode=A` });
      expect(r.json()[0]).toMatchObject({
        isActive: 'false',
        legacyList: 'J2,Job two',
        cronTrigger: '0 0 6 * * ?',
      });
      list = await triggers('A', id);
      expect(list.map((x) => x.expression)).toEqual(['0 0 6 * * ?']);

      const audit = await t.database.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('target', '=', `A|${id}`)
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(2);
      const update = audit.find((a) => a.method === 'PUT');
      expect(update?.details).toContain('Job one');
      expect(update?.details).toContain('Job two');

      r = await t.as('admin-a', { method: 'DELETE', url: `${base}/delete?companyCode=A&chainJobId=${id}` });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ message: 'Deleted successfully' });
      expect(await stored('A', id)).toBeUndefined();
      expect(await triggers('A', id)).toEqual([]);
      r = await t.as('admin-a', { method: 'DELETE', url: `${base}/delete?companyCode=A&chainJobId=${id}` });
      expect(r.statusCode).toBe(404);
      r = await t.as('admin-a', { method: 'PUT', url: `${base}/update`, payload: chain({ ChainId: id }) });
      expect(r.statusCode).toBe(404);
    });
  }

  it('refuses members outside the company, unknown or none, and invalid cron', async () => {
    const refuse = async (over: Record<string, unknown>, pattern: RegExp) => {
      const r = await t.as('admin-a', { method: 'POST', url: '/v1/chainjob/insert', payload: chain(over) });
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().message).toMatch(pattern);
    };
    await refuse({ LegacyList: 'J1,Job one|JB,Job of B' }, /^Legacy ID JB does not exist in company A$/);
    await refuse({ LegacyList: 'NOPE,x' }, /NOPE does not exist/);
    await refuse({ LegacyList: '|  |' }, /at least one job/);
    await refuse({ LegacyList: 'J1,a|J1,a' }, /listed twice/);
    await refuse(
      { CronTrigger: '0 0 12 * * ?|0 0 12 * * *' },
      /^Cron trigger 0 0 12 \* \* \* is not valid: /,
    );
    await refuse({ CronTrigger: 'every day' }, /is not valid/);
    for (const over of [
      { ChainId: 'bad id!' },
      { ChainId: 'x'.repeat(65) },
      { ChainName: '' },
      { IsActive: 'Y' },
    ]) {
      const r = await t.as('admin-a', { method: 'POST', url: '/v1/chainjob/insert', payload: chain(over) });
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
    }
    const r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/chainjob/insert',
      headers: { 'accept-language': 'th' },
      payload: chain({ LegacyList: 'JB,x' }),
    });
    expect(r.json().message).toBe('ไม่มี Legacy ID JB ในบริษัท A');
    expect(await stored('A', 'CH1')).toBeUndefined();
    expect(await triggers('A', 'CH1')).toEqual([]);
  });

  it('pages, filters and lists only the caller admin companies', async () => {
    for (let i = 1; i <= 3; i++) {
      const r = await t.as('admin-a', {
        method: 'POST',
        url: '/v1/chianjob/insert',
        payload: chain({ ChainId: `P${i}`, ChainName: `Paged ${i}`, CronTrigger: '' }),
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    let r = await t.as('admin-b', {
      method: 'POST',
      url: '/v1/chainjob/insert',
      payload: chain({ CompanyCode: 'B', ChainId: 'P1', ChainName: 'Paged of B', LegacyList: 'JB,Job of B' }),
    });
    expect(r.statusCode, r.body).toBe(200);

    r = await t.as('admin-a', { url: '/v1/chainjob/list?page=2&page_size=2' });
    expect(r.json()).toMatchObject({ total_count: 3, result_list: [{ chainId: 'P3', companyCode: 'A' }] });
    r = await t.as('admin-a', { url: '/v1/chianjob/get?chainJobName=PAGED' });
    expect(r.json().map((c: { chainId: string }) => c.chainId)).toEqual(['P1', 'P2', 'P3']);
    r = await t.as('admin-a', { url: '/v1/chianjob/get?chainJobName=%25' });
    expect(r.json()).toEqual([]);
    r = await t.as('root', { url: '/v1/chainjob/get?chainJobId=P1' });
    expect(r.json().map((c: { companyCode: string }) => c.companyCode)).toEqual(['A', 'B']);
    r = await t.as('admin-b', { url: '/v1/chainjob/list' });
    expect(r.json()).toMatchObject({
      total_count: 1,
      result_list: [{ companyCode: 'B', chainName: 'Paged of B' }],
    });
    expect(await triggers('A', 'P1')).toEqual([]);
    expect((await triggers('B', 'P1')).length).toBe(2);
  });

  it('an admin of A cannot see or change the chains of B', async () => {
    let r = await t.as('admin-a', { url: '/v1/chainjob/get?chainJobId=P1' });
    expect(r.json().map((c: { companyCode: string }) => c.companyCode)).toEqual(['A']);
    const named: InjectOptions[] = [
      { url: '/v1/chainjob/get?companyCode=B' },
      { url: '/v1/chainjob/list?companyCode=B' },
      {
        method: 'PUT',
        url: '/v1/chainjob/update',
        payload: chain({ CompanyCode: 'B', ChainId: 'P1', LegacyList: 'JB,x' }),
      },
      {
        method: 'POST',
        url: '/v1/chianjob/insert',
        payload: chain({ CompanyCode: 'B', ChainId: 'X9', LegacyList: 'JB,x' }),
      },
      { method: 'DELETE', url: '/v1/chianjob/delete?companyCode=B&chainJobId=P1' },
    ];
    for (const request of named) {
      r = await t.as('admin-a', request);
      expect(r.statusCode, `${request.method ?? 'GET'} ${request.url as string}`).toBe(403);
    }
    expect((await stored('B', 'P1'))?.chain_name).toBe('Paged of B');
    expect((await triggers('B', 'P1')).length).toBe(2);
  });

  it('a user gets 403 on every chain route', async () => {
    const every = (company: string): InjectOptions[] =>
      SPELLINGS.flatMap((s) => [
        { url: `/v1/${s}/get?companyCode=${company}` },
        { url: `/v1/${s}/get` },
        { method: 'POST', url: `/v1/${s}/insert`, payload: chain({ CompanyCode: company, ChainId: 'U1' }) },
        { method: 'PUT', url: `/v1/${s}/update`, payload: chain({ CompanyCode: company, ChainId: 'P1' }) },
        { method: 'DELETE', url: `/v1/${s}/delete?companyCode=${company}&chainJobId=P1` },
      ]).concat([{ url: `/v1/chainjob/list?companyCode=${company}` }, { url: '/v1/chainjob/list' }]);
    for (const [user, company] of [
      ['user-a', 'A'],
      ['user-b', 'B'],
    ] as const) {
      for (const request of every(company)) {
        const r = await t.as(user, request);
        expect(r.statusCode, `${user} ${request.method ?? 'GET'} ${request.url as string}`).toBe(403);
      }
    }
    expect(await stored('A', 'U1')).toBeUndefined();
    expect((await stored('A', 'P1'))?.chain_name).toBe('Paged 1');
  });

  it('…/get answers every row the old client lists (no 25-row page), …/list pages', async () => {
    await t.database.db.kysely
      .insertInto('chain_jobs')
      .values(
        Array.from({ length: 30 }, (_, i) =>
          buildChainJob({
            company_code: 'A',
            chain_id: `BULK${String(i).padStart(2, '0')}`,
            chain_name: `Bulk ${i}`,
            legacy_list: 'J1,Job one',
          }),
        ),
      )
      .execute();
    let r = await t.as('admin-a', { url: '/v1/chianjob/get?chainJobName=bulk&companyCode=A' });
    expect(r.json()).toHaveLength(30);
    r = await t.as('admin-a', { url: '/v1/chainjob/get?chainJobName=bulk&page_size=10&page=3' });
    expect(r.json().map((c: { chainId: string }) => c.chainId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `BULK${20 + i}`),
    );
    r = await t.as('admin-a', { url: '/v1/chainjob/list?chainJobName=bulk' });
    expect(r.json().total_count).toBe(30);
    expect(r.json().result_list).toHaveLength(25);
  });
});

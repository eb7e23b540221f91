import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChainJob, buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** Issue 17 point 6: the chain dialog's ImportantJob box is stored, listed and checked. */
describe.each(DATABASE_KINDS)('chain ImportantJob (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.database.db.kysely
      .insertInto('job_configs')
      .values([buildJobConfig({ company_code: 'A', legacy_id: 'J1', legacy_name: 'Job one' })])
      .execute();
  });
  afterAll(() => t.close());

  const chain = (over: Record<string, unknown> = {}) => ({
    CompanyCode: 'A',
    ChainId: 'IMP1',
    ChainName: 'Important chain',
    IsActive: 'true',
    LegacyList: 'J1,Job one',
    ...over,
  });
  const write = (method: 'POST' | 'PUT', over: Record<string, unknown>, language = 'en') =>
    t.as('admin-a', {
      method,
      url: `/v1/chainjob/${method === 'POST' ? 'insert' : 'update'}`,
      headers: { 'accept-language': language },
      payload: chain(over),
    });
  const listed = async (id: string) => {
    const r = await t.as('admin-a', { url: `/v1/chianjob/get?chainJobId=${id}&companyCode=A` });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { importantJob: string }[])[0]?.importantJob;
  };
  const stored = async (id: string) =>
    (
      await t.database.db.kysely
        .selectFrom('chain_jobs')
        .select('important_job')
        .where('company_code', '=', 'A')
        .where('chain_id', '=', id)
        .executeTakeFirst()
    )?.important_job;

  it('stores the box, lists it, and an update without it (the old client) keeps it', async () => {
    let r = await write('POST', { ImportantJob: 'true' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stored('IMP1')).toBe('Y');
    expect(await listed('IMP1')).toBe('true');

    r = await write('PUT', { ChainName: 'Renamed by the old client' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await listed('IMP1')).toBe('true');

    r = await write('PUT', { ImportantJob: 'False' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stored('IMP1')).toBe('N');
    expect(await listed('IMP1')).toBe('false');

    r = await write('POST', { ChainId: 'IMP2' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await listed('IMP2')).toBe('false');

    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('target', '=', 'A|IMP1')
      .where('method', '=', 'PUT')
      .execute();
    expect(audit.some((row) => row.details?.includes('"importantJob":"false"'))).toBe(true);
  });

  it('a chain made before the box (migration 0017) lists as not important', async () => {
    await t.database.db.kysely
      .insertInto('chain_jobs')
      .values(buildChainJob({ company_code: 'A', chain_id: 'OLD1', legacy_list: 'J1,Job one' }))
      .execute();
    expect(await stored('OLD1')).toBe('N');
    expect(await listed('OLD1')).toBe('false');
  });

  it('refuses anything but true or false, in English and in Thai, and stores nothing', async () => {
    for (const value of ['Y', 'yes', '', '1']) {
      const r = await write('POST', { ChainId: 'BAD1', ImportantJob: value });
      expect(r.statusCode, value).toBe(400);
      expect(r.json()).toEqual({
        message: `ImportantJob must be true or false, not "${value}"`,
        code: 'CHAIN_JOB_IMPORTANT_INVALID',
      });
    }
    let r = await write('POST', { ChainId: 'BAD1', ImportantJob: 'maybe' }, 'th');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      message: 'ImportantJob ต้องเป็น true หรือ false ไม่ใช่ "maybe"',
      code: 'CHAIN_JOB_IMPORTANT_INVALID',
    });
    expect(await stored('BAD1')).toBeUndefined();

    r = await write('PUT', { ImportantJob: 'maybe' }, 'th');
    expect(r.statusCode).toBe(400);
    expect(await stored('IMP1')).toBe('N');
  });
});

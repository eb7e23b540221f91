import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const HOLIDAYS = { type: 'holiday', dates: ['2026-12-05', '2026-12-10'] };

describe.each(DATABASE_KINDS)('calendars API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    // An admin of every company: may write any company's calendars, not the shared ones.
    await t.user('admin-all', [['*', 'admin']]);
  });
  afterAll(() => t.close());

  const write = (username: string, method: 'POST' | 'PUT', payload: Record<string, unknown>) =>
    t.as(username, { method, url: '/v1/calendars', payload });
  const list = async (username: string, company: string) => {
    const r = await t.as(username, { url: `/v1/calendars?company_code=${encodeURIComponent(company)}` });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { result_list: { company_code: string; name: string; used_by: unknown[] }[] })
      .result_list;
  };
  const codeOf = (r: { json(): unknown }) => (r.json() as { code: string }).code;

  it('lets each role do what it may: list in its company, admin its own, super_admin the shared ones and any company’s', async () => {
    expect(
      (await write('root', 'POST', { company_code: '*', name: 'TH-BANK', definition: HOLIDAYS })).statusCode,
    ).toBe(200);
    const own = await write('admin-a', 'POST', {
      company_code: 'A',
      name: 'A-CLOSE',
      description: 'Month-end close',
      definition: { type: 'monthly', exclude: [31], tz: 'Asia/Bangkok' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      company_code: 'A',
      name: 'A-CLOSE',
      used_by: [],
      updated_by: 'admin-a',
    });
    expect(
      (
        await write('root', 'POST', {
          company_code: 'B',
          name: 'B-WEEKEND',
          definition: { type: 'weekly', exclude: ['SAT', 'SUN'] },
        })
      ).statusCode,
    ).toBe(200);

    const refused: [string, 'POST' | 'PUT', string, string][] = [
      ['user-a', 'POST', 'A', 'COMPANY_FORBIDDEN'],
      ['admin-a', 'POST', 'B', 'COMPANY_FORBIDDEN'],
      ['admin-a', 'POST', '*', 'COMPANY_FORBIDDEN'],
      ['admin-a', 'PUT', '*', 'COMPANY_FORBIDDEN'],
      ['admin-all', 'POST', '*', 'ROLE_FORBIDDEN'],
      ['admin-all', 'PUT', '*', 'ROLE_FORBIDDEN'],
    ];
    for (const [username, method, company, code] of refused) {
      const r = await write(username, method, {
        company_code: company,
        name: 'TH-BANK',
        definition: { type: 'weekly', exclude: [] },
      });
      expect([r.statusCode, codeOf(r)], `${username} ${method} ${company}`).toEqual([403, code]);
    }
    const deleteShared = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/calendars?company_code=*&name=TH-BANK',
    });
    expect([deleteShared.statusCode, codeOf(deleteShared)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    const deleteSharedAdmin = await t.as('admin-all', {
      method: 'DELETE',
      url: '/v1/calendars?company_code=*&name=TH-BANK',
    });
    expect([deleteSharedAdmin.statusCode, codeOf(deleteSharedAdmin)]).toEqual([403, 'ROLE_FORBIDDEN']);

    expect((await list('user-a', 'A')).map((c) => `${c.company_code}:${c.name}`)).toEqual([
      'A:A-CLOSE',
      '*:TH-BANK',
    ]);
    expect((await list('admin-b', 'B')).map((c) => `${c.company_code}:${c.name}`)).toEqual([
      'B:B-WEEKEND',
      '*:TH-BANK',
    ]);
    expect((await list('root', '*')).map((c) => c.name)).toEqual(['TH-BANK']);
    const otherCompany = await t.as('user-a', { url: '/v1/calendars?company_code=B' });
    expect([otherCompany.statusCode, codeOf(otherCompany)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    const sharedAlone = await t.as('user-a', { url: '/v1/calendars?company_code=*' });
    expect(sharedAlone.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/calendars?company_code=A' })).statusCode).toBe(401);
    // The shared calendar is unchanged by the refusals.
    expect((await list('root', '*'))[0]).toMatchObject({ definition: HOLIDAYS, updated_by: 'root' });
  });

  it('refuses bad definitions with 400 and changes nothing', async () => {
    const before = await list('admin-a', 'A');
    let deep: Record<string, unknown> = { type: 'weekly', exclude: [] };
    for (let i = 0; i < 8; i++) deep = { type: 'weekly', exclude: [], base: deep };
    const cases: [unknown, string][] = [
      [{ type: 'holiday', dates: ['5 Dec 2026'] }, 'REQUEST_INVALID'],
      [{ type: 'weekly', exclude: ['SAT', 'SAT'] }, 'REQUEST_INVALID'],
      [{ type: 'daily', from: '08:00', to: '17:00', extra: 1 }, 'REQUEST_INVALID'],
      [deep, 'CALENDAR_INVALID'],
      // What the schema cannot say: the engine's checker (engine/calendar parseCalendar).
      [{ type: 'holiday', dates: ['2026-02-30'] }, 'CALENDAR_INVALID'],
      [{ type: 'weekly', exclude: ['SAT'], tz: 'Mars/Olympus_Mons' }, 'CALENDAR_INVALID'],
      [{ type: 'daily', from: '17:00', to: '08:00' }, 'CALENDAR_INVALID'],
      [{ type: 'cron', expression: 'not a cron expression' }, 'CALENDAR_INVALID'],
      [{ type: 'weekly', exclude: [], base: { type: 'annual', days: ['04-31'] } }, 'CALENDAR_INVALID'],
    ];
    for (const [definition, code] of cases) {
      for (const [method, name] of [
        ['POST', 'NEW'],
        ['PUT', 'A-CLOSE'],
      ] as const) {
        const r = await write('admin-a', method, { company_code: 'A', name, definition });
        expect([r.statusCode, codeOf(r)], JSON.stringify(definition)).toEqual([400, code]);
      }
    }
    const exists = await write('admin-a', 'POST', {
      company_code: 'A',
      name: 'A-CLOSE',
      definition: HOLIDAYS,
    });
    expect([exists.statusCode, codeOf(exists)]).toEqual([409, 'CALENDAR_EXISTS']);
    const missing = await write('admin-a', 'PUT', { company_code: 'A', name: 'NONE', definition: HOLIDAYS });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'CALENDAR_NOT_FOUND']);
    expect(await list('admin-a', 'A')).toEqual(before);
  });

  it('attaches calendars to job and chain triggers, checked on save, and refuses to delete one in use, naming its users', async () => {
    const jobBody = (trigger_calendars: string) => ({
      companycode: 'A',
      legacyid: 'HOLIDAY-JOB',
      legacyname: 'Skips holidays',
      legacytype: 'PULL_WAIT',
      cron_trigger: '0 0 6 * * ?|0 0 18 * * ?',
      trigger_calendars,
    });
    const bad = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: jobBody('B-WEEKEND'),
    });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'CALENDAR_UNKNOWN']);
    const tooMany = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: jobBody('TH-BANK|A-CLOSE|TH-BANK'),
    });
    expect([tooMany.statusCode, codeOf(tooMany)]).toEqual([400, 'TRIGGER_CALENDARS_TOO_MANY']);
    const none = await t.as('admin-a', {
      url: '/v1/config/job-config/get?company_code=A&legacy_id=HOLIDAY-JOB',
    });
    expect(none.statusCode).toBe(404);

    const added = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: jobBody('TH-BANK|A-CLOSE'),
    });
    expect(added.statusCode, added.body).toBe(200);
    const got = await t.as('admin-a', {
      url: '/v1/config/job-config/get?company_code=A&legacy_id=HOLIDAY-JOB',
    });
    expect(got.json()).toMatchObject({
      cron_trigger: '0 0 6 * * ?|0 0 18 * * ?',
      trigger_calendars: 'TH-BANK|A-CLOSE',
    });

    await t.database.db.kysely
      .insertInto('job_configs')
      .values({
        ...(await t.database.db.kysely
          .selectFrom('job_configs')
          .selectAll()
          .where('legacy_id', '=', 'HOLIDAY-JOB')
          .executeTakeFirstOrThrow()),
        company_code: 'B',
        legacy_id: 'MEMBER-B',
        trigger_calendars: '',
      })
      .execute();
    const chain = (TriggerCalendars: string) => ({
      CompanyCode: 'B',
      ChainId: 'HOLIDAY-CHAIN',
      ChainName: 'Chain',
      IsActive: 'true',
      LegacyList: 'MEMBER-B',
      CronTrigger: '0 0 7 * * ?',
      TriggerCalendars,
    });
    const badChain = await t.as('admin-b', {
      method: 'POST',
      url: '/v1/chainjob/insert',
      payload: chain('A-CLOSE'),
    });
    expect([badChain.statusCode, codeOf(badChain)]).toEqual([400, 'CALENDAR_UNKNOWN']);
    const okChain = await t.as('admin-b', {
      method: 'POST',
      url: '/v1/chainjob/insert',
      payload: chain('TH-BANK'),
    });
    expect(okChain.statusCode, okChain.body).toBe(200);
    const chains = await t.as('admin-b', { url: '/v1/chainjob/get?chainJobId=HOLIDAY-CHAIN&companyCode=B' });
    expect(chains.json()).toMatchObject([{ chainId: 'HOLIDAY-CHAIN', triggerCalendars: 'TH-BANK' }]);

    const shared = (await list('root', '*')).find((c) => c.name === 'TH-BANK');
    expect(shared?.used_by).toEqual([
      { kind: 'job', company_code: 'A', id: 'HOLIDAY-JOB', trigger_position: 0 },
      { kind: 'chain', company_code: 'B', id: 'HOLIDAY-CHAIN', trigger_position: 0 },
    ]);
    // A company's list names only its own users of a shared calendar.
    expect((await list('user-a', 'A')).find((c) => c.name === 'TH-BANK')?.used_by).toEqual([
      { kind: 'job', company_code: 'A', id: 'HOLIDAY-JOB', trigger_position: 0 },
    ]);

    const inUse = await t.as('root', { method: 'DELETE', url: '/v1/calendars?company_code=*&name=TH-BANK' });
    expect([inUse.statusCode, codeOf(inUse)]).toEqual([409, 'CALENDAR_IN_USE']);
    const text = (inUse.json() as { message: string }).message;
    expect(text).toContain('job HOLIDAY-JOB of company A (trigger 1)');
    expect(text).toContain('chain HOLIDAY-CHAIN of company B (trigger 1)');
    const thai = await t.as('root', {
      method: 'DELETE',
      url: '/v1/calendars?company_code=*&name=TH-BANK',
      headers: { 'accept-language': 'th' },
    });
    expect((thai.json() as { message: string }).message).toContain('ถูกใช้โดย');
    expect((await list('root', '*')).map((c) => c.name)).toContain('TH-BANK');

    const detach = await t.as('admin-a', {
      method: 'PUT',
      url: '/v1/config/job-config/update',
      payload: jobBody('|A-CLOSE'),
    });
    expect(detach.statusCode, detach.body).toBe(200);
    const detachChain = await t.as('admin-b', {
      method: 'PUT',
      url: '/v1/chainjob/update',
      payload: chain(''),
    });
    expect(detachChain.statusCode, detachChain.body).toBe(200);
    const deleted = await t.as('root', {
      method: 'DELETE',
      url: '/v1/calendars?company_code=*&name=TH-BANK',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list('root', '*')).map((c) => c.name)).not.toContain('TH-BANK');
    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .select(['username', 'target'])
      .where('target', '=', '*|TH-BANK')
      .execute();
    expect(audit.map((row) => row.username)).toEqual(expect.arrayContaining(['root']));
  });

  it('previews a month for any role of the company: whole, partly and free days in the zone asked for', async () => {
    const preview = (username: string, body: Record<string, unknown>, language = 'en') =>
      t.as(username, {
        method: 'POST',
        url: '/v1/calendars/preview',
        payload: body,
        headers: { 'accept-language': language },
      });
    const definition = {
      type: 'daily',
      from: '12:00',
      to: '13:00',
      base: { type: 'holiday', dates: ['2026-12-05'], tz: 'Asia/Bangkok' },
    };
    const r = await preview('user-a', { company_code: 'A', definition, month: '2026-12' });
    expect(r.statusCode, r.body).toBe(200);
    const month = r.json() as {
      time_zone: string;
      days: { date: string; excluded: string; windows: unknown[] }[];
    };
    expect(month.time_zone).toBe('Asia/Bangkok');
    expect(month.days).toHaveLength(31);
    expect(month.days[4]).toEqual({ date: '2026-12-05', excluded: 'whole', windows: [] });
    expect(month.days[5]?.excluded).toBe('partly');
    expect(month.days[5]?.windows).toContainEqual({ from: '12:00:00', to: '13:00:00.001' });

    const berlin = await preview('user-a', {
      company_code: 'A',
      definition: { type: 'holiday', dates: ['2026-12-05'], tz: 'Asia/Bangkok' },
      month: '2026-12',
      time_zone: 'Europe/Berlin',
    });
    const days = (berlin.json() as typeof month).days;
    expect(days.slice(3, 6)).toEqual([
      { date: '2026-12-04', excluded: 'partly', windows: [{ from: '18:00:00', to: '24:00:00' }] },
      { date: '2026-12-05', excluded: 'partly', windows: [{ from: '00:00:00', to: '18:00:00' }] },
      { date: '2026-12-06', excluded: 'none', windows: [] },
    ]);

    const other = await preview('user-a', { company_code: 'B', definition, month: '2026-12' });
    expect([other.statusCode, codeOf(other)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    const bad = await preview('user-a', {
      company_code: 'A',
      definition: { type: 'holiday', dates: ['2026-02-29'] },
      month: '2026-02',
    });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'CALENDAR_INVALID']);
    expect((bad.json() as { message: string }).message).toMatch(/^The calendar is not valid: .*2026-02-29/);
    const thai = await preview(
      'user-a',
      { company_code: 'A', definition: { type: 'holiday', dates: ['2026-02-29'] }, month: '2026-02' },
      'th',
    );
    expect((thai.json() as { message: string }).message).toMatch(/^ปฏิทินไม่ถูกต้อง/);
    const noMonth = await preview('user-a', { company_code: 'A', definition, month: '2026-13' });
    expect([noMonth.statusCode, codeOf(noMonth)]).toEqual([400, 'REQUEST_INVALID']);
    const noZone = await preview('user-a', {
      company_code: 'A',
      definition,
      month: '2026-12',
      time_zone: 'Mars/Base',
    });
    expect([noZone.statusCode, codeOf(noZone)]).toEqual([400, 'REQUEST_INVALID']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MAX_WINDOWS_PER_COMPANY } from '@lis/contracts';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Maintenance windows over HTTP (issue 34): who may list, write and ask the status, every refusal with
 * its code, and what the Quartz Monitor and the day timeline show. The app's clock stands at
 * 2026-11-21T03:00Z (10:00 in Bangkok); the Quartz Monitor judges by the database's clock (real time).
 */
const NOW = Date.parse('2026-11-21T03:00:00Z');
const iso = (at: number) => new Date(at).toISOString();
const HOUR = 3_600_000;
const once = (from: number, to: number) => ({ kind: 'once', from: iso(from), to: iso(to) });
/** Saturdays 22:00 for 8 hours (Bangkok): 21 November 2026 is a Saturday. */
const SATURDAY_NIGHT = { kind: 'recurring', cron: '0 0 22 ? * SAT', duration_minutes: 480 };

interface Listed {
  company_code: string;
  name: string;
  enabled: boolean;
  active_until: string | null;
  next_start: string | null;
}

describe.each(DATABASE_KINDS)('maintenance windows API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    // An admin of every company: may write any company's windows, not those of every company.
    await t.user('admin-all', [['*', 'admin']]);
  });
  afterAll(() => t.close());

  const write = (
    username: string,
    method: 'POST' | 'PUT',
    payload: Record<string, unknown>,
    language = 'en',
  ) =>
    t.as(username, {
      method,
      url: '/v1/maintenance-windows',
      payload,
      headers: { 'accept-language': language },
    });
  const list = async (username: string, company: string) => {
    const r = await t.as(username, {
      url: `/v1/maintenance-windows?company_code=${encodeURIComponent(company)}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { result_list: Listed[] }).result_list;
  };
  const codeOf = (r: { json(): unknown }) => (r.json() as { code: string }).code;
  const status = (username: string, query = '') =>
    t.as(username, { url: `/v1/maintenance-windows/status${query}` });

  it('lets each role do what it may: list and status in its company, admin its own, super_admin `*` and any company', async () => {
    const shared = await write('root', 'POST', {
      company_code: '*',
      name: 'ALL-SAT',
      schedule: SATURDAY_NIGHT,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const own = await write('admin-a', 'POST', {
      company_code: 'A',
      name: 'A-NOW',
      description: 'Database upgrade',
      schedule: once(NOW - HOUR, NOW + 2 * HOUR),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      company_code: 'A',
      name: 'A-NOW',
      description: 'Database upgrade',
      enabled: true,
      active_until: '2026-11-21T05:00:00.000Z',
      next_start: null,
      updated_by: 'admin-a',
    });
    const b = await write('root', 'POST', {
      company_code: 'B',
      name: 'B-LATER',
      schedule: once(NOW + HOUR, NOW + 3 * HOUR),
    });
    expect(b.json()).toMatchObject({ active_until: null, next_start: '2026-11-21T04:00:00.000Z' });

    const refused: [string, 'POST' | 'PUT', string, string][] = [
      ['user-a', 'POST', 'A', 'COMPANY_FORBIDDEN'],
      ['user-a', 'PUT', 'A', 'COMPANY_FORBIDDEN'],
      ['admin-a', 'POST', 'B', 'COMPANY_FORBIDDEN'],
      ['admin-a', 'POST', '*', 'COMPANY_FORBIDDEN'],
      ['admin-a', 'PUT', '*', 'COMPANY_FORBIDDEN'],
      ['admin-all', 'POST', '*', 'ROLE_FORBIDDEN'],
      ['admin-all', 'PUT', '*', 'ROLE_FORBIDDEN'],
    ];
    for (const [username, method, company, code] of refused) {
      const r = await write(username, method, {
        company_code: company,
        name: 'ALL-SAT',
        schedule: once(NOW, NOW + HOUR),
      });
      expect([r.statusCode, codeOf(r)], `${username} ${method} ${company}`).toEqual([403, code]);
    }
    for (const [username, code] of [
      ['admin-a', 'COMPANY_FORBIDDEN'],
      ['admin-all', 'ROLE_FORBIDDEN'],
      ['user-a', 'COMPANY_FORBIDDEN'],
    ] as const) {
      const r = await t.as(username, {
        method: 'DELETE',
        url: '/v1/maintenance-windows?company_code=*&name=ALL-SAT',
      });
      expect([r.statusCode, codeOf(r)], username).toEqual([403, code]);
    }
    const userDeletes = await t.as('user-a', {
      method: 'DELETE',
      url: '/v1/maintenance-windows?company_code=A&name=A-NOW',
    });
    expect([userDeletes.statusCode, codeOf(userDeletes)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    // admin-all writes any company's own windows.
    const anyCompany = await write('admin-all', 'PUT', {
      company_code: 'B',
      name: 'B-LATER',
      schedule: once(NOW + HOUR, NOW + 4 * HOUR),
    });
    expect(anyCompany.statusCode, anyCompany.body).toBe(200);

    expect((await list('user-a', 'A')).map((w) => `${w.company_code}:${w.name}`)).toEqual([
      'A:A-NOW',
      '*:ALL-SAT',
    ]);
    expect((await list('admin-b', 'B')).map((w) => `${w.company_code}:${w.name}`)).toEqual([
      'B:B-LATER',
      '*:ALL-SAT',
    ]);
    expect((await list('root', '*')).map((w) => w.name)).toEqual(['ALL-SAT']);
    expect((await list('user-a', 'A'))[1]).toMatchObject({
      active_until: null,
      next_start: '2026-11-21T15:00:00.000Z',
    });
    const other = await t.as('user-a', { url: '/v1/maintenance-windows?company_code=B' });
    expect([other.statusCode, codeOf(other)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    expect((await t.as('user-a', { url: '/v1/maintenance-windows?company_code=*' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/maintenance-windows?company_code=A' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/maintenance-windows/status' })).statusCode).toBe(401);
    const otherStatus = await status('user-a', '?company_code=B');
    expect([otherStatus.statusCode, codeOf(otherStatus)]).toEqual([403, 'COMPANY_FORBIDDEN']);
  });

  it('answers who is in maintenance until when, and the periods of the asked span (disabled windows hold nothing)', async () => {
    const mine = await status('user-a');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      now: iso(NOW),
      active: [{ company_code: 'A', until: '2026-11-21T05:00:00.000Z', windows: ['A-NOW'] }],
      periods: [
        {
          company_code: 'A',
          name: 'A-NOW',
          from: '2026-11-21T02:00:00.000Z',
          to: '2026-11-21T05:00:00.000Z',
        },
        {
          company_code: '*',
          name: 'ALL-SAT',
          from: '2026-11-21T15:00:00.000Z',
          to: '2026-11-21T23:00:00.000Z',
        },
      ],
    });
    // root: every company; from Saturday 23:00 in Bangkok, 2 hours: the shared window holds A and B.
    const night = await status('root', `?from=${encodeURIComponent('2026-11-21T23:00+07:00')}&hours=2`);
    expect(night.json()).toMatchObject({
      active: [{ company_code: 'A' }],
      periods: [{ company_code: '*', name: 'ALL-SAT', from: '2026-11-21T15:00:00.000Z' }],
    });
    // 23:00 in Bangkok, past the tokens' lifetime: new ones are issued at that time.
    const move = (ms: number) => {
      t.clock.advance(ms);
      for (const username of ['root', 'admin-b']) t.forgetToken(username);
    };
    move(13 * HOUR);
    try {
      const held = (await status('root')).json() as { active: { company_code: string; until: string }[] };
      expect(held.active).toEqual([
        { company_code: 'A', until: '2026-11-21T23:00:00.000Z', windows: ['ALL-SAT'] },
        { company_code: 'B', until: '2026-11-21T23:00:00.000Z', windows: ['ALL-SAT'] },
      ]);
      const disabled = await write('root', 'PUT', {
        company_code: '*',
        name: 'ALL-SAT',
        enabled: false,
        schedule: SATURDAY_NIGHT,
      });
      expect(disabled.json()).toMatchObject({ enabled: false, active_until: null, next_start: null });
      expect((await status('admin-b')).json()).toMatchObject({ active: [], periods: [] });
      // Enabled again, the description kept when not sent.
      await write('root', 'PUT', {
        company_code: '*',
        name: 'ALL-SAT',
        enabled: true,
        schedule: SATURDAY_NIGHT,
      });
      expect((await status('admin-b')).json()).toMatchObject({ active: [{ company_code: 'B' }] });
    } finally {
      move(-13 * HOUR);
    }
    const badFrom = await status('user-a', '?from=yesterday');
    expect([badFrom.statusCode, codeOf(badFrom)]).toEqual([400, 'MAINTENANCE_INVALID']);
    const badHours = await status('user-a', '?hours=0');
    expect([badHours.statusCode, codeOf(badHours)]).toEqual([400, 'REQUEST_INVALID']);
  });

  it('refuses bad windows with their code, naming the field, and changes nothing', async () => {
    const before = await list('admin-a', 'A');
    const cases: [unknown, string, RegExp?][] = [
      [once(NOW + HOUR, NOW), 'MAINTENANCE_INVALID', /schedule\.to: must be after schedule\.from/],
      [
        { kind: 'once', from: '2026-02-30T00:00Z', to: '2026-03-01T00:00Z' },
        'MAINTENANCE_INVALID',
        /schedule\.from/,
      ],
      [once(NOW, NOW + 32 * 24 * HOUR), 'MAINTENANCE_INVALID', /at most 31 days/],
      [{ ...SATURDAY_NIGHT, cron: '0 0 22 ? * FUNDAY' }, 'MAINTENANCE_INVALID', /schedule\.cron/],
      [{ ...SATURDAY_NIGHT, tz: 'Mars/Base' }, 'MAINTENANCE_INVALID', /schedule\.tz/],
      [{ ...SATURDAY_NIGHT, duration_minutes: 0 }, 'REQUEST_INVALID'],
      [{ ...SATURDAY_NIGHT, every: 'day' }, 'REQUEST_INVALID'],
    ];
    for (const [schedule, code, text] of cases)
      for (const [method, name] of [
        ['POST', 'NEW'],
        ['PUT', 'A-NOW'],
      ] as const) {
        const r = await write('admin-a', method, { company_code: 'A', name, schedule });
        expect([r.statusCode, codeOf(r)], JSON.stringify(schedule)).toEqual([400, code]);
        if (text) expect((r.json() as { message: string }).message).toMatch(text);
      }
    const thai = await write(
      'admin-a',
      'POST',
      { company_code: 'A', name: 'NEW', schedule: once(NOW, NOW) },
      'th',
    );
    expect((thai.json() as { message: string }).message).toMatch(/^ช่วงปิดปรับปรุงไม่ถูกต้อง: schedule\.to/);
    const badName = await write('admin-a', 'POST', {
      company_code: 'A',
      name: 'no spaces',
      schedule: SATURDAY_NIGHT,
    });
    expect([badName.statusCode, codeOf(badName)]).toEqual([400, 'REQUEST_INVALID']);
    const exists = await write('admin-a', 'POST', {
      company_code: 'A',
      name: 'A-NOW',
      schedule: SATURDAY_NIGHT,
    });
    expect([exists.statusCode, codeOf(exists)]).toEqual([409, 'MAINTENANCE_EXISTS']);
    const missing = await write('admin-a', 'PUT', {
      company_code: 'A',
      name: 'NONE',
      schedule: SATURDAY_NIGHT,
    });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'MAINTENANCE_NOT_FOUND']);
    const missingDelete = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/maintenance-windows?company_code=A&name=NONE',
    });
    expect([missingDelete.statusCode, codeOf(missingDelete)]).toEqual([404, 'MAINTENANCE_NOT_FOUND']);
    const unknown = await write('root', 'POST', { company_code: 'ZZ', name: 'X', schedule: SATURDAY_NIGHT });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([400, 'COMPANY_UNKNOWN']);
    expect(await list('admin-a', 'A')).toEqual(before);

    // A company with the most windows allowed takes no more (B has one: fill it up to the limit).
    const rows = Array.from({ length: MAINTENANCE_MAX_WINDOWS_PER_COMPANY - 1 }, (_, i) => ({
      company_code: 'B',
      name: `FILL-${i}`,
      schedule: JSON.stringify(SATURDAY_NIGHT),
      enabled: 1,
      created_at: NOW,
      updated_at: NOW,
      updated_by: 'test',
    }));
    await t.database.db.kysely.insertInto('maintenance_windows').values(rows).execute();
    const tooMany = await write('admin-b', 'POST', {
      company_code: 'B',
      name: 'ONE-MORE',
      schedule: SATURDAY_NIGHT,
    });
    expect([tooMany.statusCode, codeOf(tooMany)]).toEqual([409, 'MAINTENANCE_TOO_MANY']);
    // Replacing one is no new window; `*` has its own count.
    expect(
      (await write('admin-b', 'PUT', { company_code: 'B', name: 'FILL-0', schedule: SATURDAY_NIGHT }))
        .statusCode,
    ).toBe(200);
    expect(
      (await write('root', 'POST', { company_code: '*', name: 'ONE-MORE', schedule: SATURDAY_NIGHT }))
        .statusCode,
    ).toBe(200);
  });

  it('shows the maintenance on the Quartz Monitor and the day timeline; a delete is audited and logged', async () => {
    const job = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: {
        companycode: 'A',
        legacyid: 'HELD',
        legacyname: 'Held',
        legacytype: 'PULL_WAIT',
        cron_trigger: '0 0 6 * * ?',
      },
    });
    expect(job.statusCode, job.body).toBe(200);
    const jobB = await t.as('root', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: {
        companycode: 'B',
        legacyid: 'FREE',
        legacyname: 'Free',
        legacytype: 'PULL_WAIT',
        cron_trigger: '0 0 6 * * ?',
      },
    });
    expect(jobB.statusCode, jobB.body).toBe(200);
    const timeline = await t.as('user-a', { url: '/v1/reports/day-timeline?date=2026-11-21' });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const night = { from: '2026-11-21T15:00:00.000Z', to: '2026-11-21T23:00:00.000Z' };
    expect((timeline.json() as { maintenance: unknown[] }).maintenance).toEqual([
      { company_code: 'A', name: 'A-NOW', from: '2026-11-21T02:00:00.000Z', to: '2026-11-21T05:00:00.000Z' },
      { company_code: '*', name: 'ALL-SAT', ...night },
      { company_code: '*', name: 'ONE-MORE', ...night },
    ]);
    // The Sunday: the Saturday night started before it is shown whole; B's timeline has none of A's.
    const names = async (username: string, date: string) => {
      const r = await t.as(username, { url: `/v1/reports/day-timeline?date=${date}` });
      return (r.json() as { maintenance: { name: string }[] }).maintenance.map((p) => p.name);
    };
    expect(await names('user-a', '2026-11-22')).toEqual(['ALL-SAT', 'ONE-MORE']);
    expect(await names('admin-b', '2026-11-21')).not.toContain('A-NOW');
    expect(await names('admin-b', '2026-11-21')).toContain('B-LATER');

    // The Quartz Monitor judges by the database's clock: a window around the real now (the windows of
    // every company off, whatever day it is).
    for (const name of ['ALL-SAT', 'ONE-MORE'])
      await write('root', 'PUT', { company_code: '*', name, enabled: false, schedule: SATURDAY_NIGHT });

    // The Quartz Monitor judges by the database's clock: a window around the real now.
    const real = Date.now();
    await write('admin-a', 'POST', {
      company_code: 'A',
      name: 'REAL',
      schedule: once(real - HOUR, real + HOUR),
    });
    const quartz = await t.as('root', { url: '/v1/lis-server/quartz' });
    const rows = (quartz.json() as { result_list: { jobName: string; maintenance_until?: string }[] })
      .result_list;
    expect(rows.find((row) => row.jobName === 'HELD')?.maintenance_until).toBe(iso(real + HOUR));
    expect(rows.find((row) => row.jobName === 'FREE')).not.toHaveProperty('maintenance_until');

    const deleted = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/maintenance-windows?company_code=A&name=REAL',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((deleted.json() as { message: string }).message).toBe('Maintenance window REAL deleted');
    const after = await t.as('root', { url: '/v1/lis-server/quartz?company_code=A' });
    expect((after.json() as { result_list: object[] }).result_list[0]).not.toHaveProperty(
      'maintenance_until',
    );
    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .select(['username', 'target'])
      .where('target', '=', 'A|REAL')
      .execute();
    expect(audit.map((row) => row.username)).toEqual(['admin-a', 'admin-a']); // created, deleted
    const log = await t.database.db.kysely
      .selectFrom('system_log')
      .select(['message', 'message_key'])
      .where('msg_source', '=', 'maintenance')
      .where('company_code', '=', 'A')
      .orderBy('seq')
      .execute();
    expect(log.map((row) => row.message)).toContain('Maintenance window REAL deleted by admin-a');
    expect(log.map((row) => row.message_key)).toContain('maintenanceCreatedBy');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * File deadlines over HTTP (issue 35): who may read and write a job's expectation, every refusal with
 * its code, what a change does to the days not decided yet, and a day's status. The app's clock stands
 * at 2026-11-21T03:00Z (10:00 in Bangkok): the status's default day is 2026-11-21.
 */
const EXPECTATION = {
  company_code: 'A',
  legacy_id: 'PAYROLL-IN',
  enabled: true,
  deadline: '09:30',
  warn_before_minutes: 30,
  min_files: 1,
  max_files: null,
  min_size_bytes: 0,
};

describe.each(DATABASE_KINDS)('job expectations API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    const db = t.database.db.kysely;
    await db
      .insertInto('job_configs')
      .values([
        buildJobConfig({ company_code: 'A', legacy_id: 'PAYROLL-IN' }),
        buildJobConfig({ company_code: 'B', legacy_id: 'B-JOB' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const codeOf = (r: { json(): unknown }) => (r.json() as { code: string }).code;
  const put = (username: string, payload: Record<string, unknown>, language = 'en') =>
    t.as(username, {
      method: 'PUT',
      url: '/v1/job-expectations',
      payload,
      headers: { 'accept-language': language },
    });
  const get = (username: string, company: string, legacyId: string) =>
    t.as(username, { url: `/v1/job-expectations?company_code=${company}&legacy_id=${legacyId}` });
  const remove = (username: string, company: string, legacyId: string) =>
    t.as(username, {
      method: 'DELETE',
      url: `/v1/job-expectations?company_code=${company}&legacy_id=${legacyId}`,
    });

  it("an admin of the company sets it, any role of the company reads it; other companies' callers may not", async () => {
    const none = await get('user-a', 'A', 'PAYROLL-IN');
    expect([none.statusCode, codeOf(none)]).toEqual([404, 'EXPECTATION_NOT_FOUND']);
    const saved = await put('admin-a', EXPECTATION);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(EXPECTATION);
    const read = await get('user-a', 'A', 'PAYROLL-IN');
    expect([read.statusCode, read.json()]).toEqual([200, EXPECTATION]);
    expect((await get('root', 'A', 'PAYROLL-IN')).statusCode).toBe(200);

    for (const [username, code] of [
      ['user-a', 'COMPANY_FORBIDDEN'],
      ['admin-b', 'COMPANY_FORBIDDEN'],
    ] as const) {
      const r = await put(username, { ...EXPECTATION, deadline: '10:00' });
      expect([r.statusCode, codeOf(r)], username).toEqual([403, code]);
      const d = await remove(username, 'A', 'PAYROLL-IN');
      expect([d.statusCode, codeOf(d)], username).toEqual([403, code]);
    }
    const other = await get('user-b', 'A', 'PAYROLL-IN');
    expect([other.statusCode, codeOf(other)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    expect((await get('user-a', 'A', 'PAYROLL-IN')).json()).toMatchObject({ deadline: '09:30' });
    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .select(['username', 'target', 'status_code'])
      .where('route', '=', '/v1/job-expectations')
      .execute();
    expect(audit).toContainEqual({ username: 'admin-a', target: 'A|PAYROLL-IN', status_code: 200 });
  });

  it('refuses a job that does not exist, and numbers that do not fit, with their codes (in Thai too)', async () => {
    const ghost = await put('admin-a', { ...EXPECTATION, legacy_id: 'GHOST' });
    expect([ghost.statusCode, codeOf(ghost)]).toEqual([404, 'JOB_NOT_FOUND']);
    for (const r of [await get('user-a', 'A', 'GHOST'), await remove('admin-a', 'A', 'GHOST')])
      expect([r.statusCode, codeOf(r)]).toEqual([404, 'JOB_NOT_FOUND']);
    const cases: [Record<string, unknown>, string][] = [
      [{ min_files: 3, max_files: 2 }, 'max_files (2) is below min_files (3)'],
      [{ deadline: '00:20', warn_before_minutes: 30 }, 'warn before the day starts'],
    ];
    for (const [change, problem] of cases) {
      const r = await put('admin-a', { ...EXPECTATION, ...change });
      expect([r.statusCode, codeOf(r)], problem).toEqual([400, 'EXPECTATION_INVALID']);
      expect((r.json() as { message: string }).message).toContain(problem);
    }
    const thai = await put('admin-a', { ...EXPECTATION, min_files: 3, max_files: 2 }, 'th');
    expect((thai.json() as { message: string }).message).toContain('กำหนดเวลารับไฟล์ไม่ถูกต้อง');
    // What the schema refuses: not HH:MM, a field too many.
    for (const payload of [
      { ...EXPECTATION, deadline: '9:30' },
      { ...EXPECTATION, deadline: '24:00' },
      { ...EXPECTATION, extra: 1 },
    ]) {
      const r = await put('admin-a', payload);
      expect([r.statusCode, codeOf(r)]).toEqual([400, 'REQUEST_INVALID']);
    }
    expect((await get('user-a', 'A', 'PAYROLL-IN')).json()).toEqual(EXPECTATION);
  });

  it("a change makes the days not decided yet again; a day's status lists the caller's companies", async () => {
    const db = t.database.db.kysely;
    const day = (
      legacyId: string,
      company: string,
      state: 'PENDING' | 'MISSING',
      businessDay = '2026-11-21',
    ) => ({
      company_code: company,
      legacy_id: legacyId,
      business_day: businessDay,
      state,
      deadline_at: Date.parse(`${businessDay}T02:30:00Z`),
      warn_at: Date.parse(`${businessDay}T02:00:00Z`),
      arrived_at: null,
      job_instance_no: null,
      files: 0,
      created_at: 0,
      evaluated_at: null,
    });
    await db
      .insertInto('expectation_days')
      .values([
        day('PAYROLL-IN', 'A', 'MISSING', '2026-11-20'),
        day('PAYROLL-IN', 'A', 'PENDING'),
        day('B-JOB', 'B', 'MISSING'),
      ])
      .execute();
    await db.updateTable('job_expectations').set({ days_through: '2026-11-21' }).execute();

    const status = await t.as('user-a', { url: '/v1/job-expectations/status' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      result_list: [
        {
          company_code: 'A',
          legacy_id: 'PAYROLL-IN',
          business_day: '2026-11-21',
          deadline_at: '2026-11-21T02:30:00.000Z',
          warn_at: '2026-11-21T02:00:00.000Z',
          state: 'PENDING',
          arrived_at: null,
          job_instance_no: null,
          files: 0,
        },
      ],
    });
    const all = await t.as('root', { url: '/v1/job-expectations/status?date=2026-11-21' });
    expect(
      (all.json() as { result_list: { legacy_id: string }[] }).result_list.map((row) => row.legacy_id),
    ).toEqual(['PAYROLL-IN', 'B-JOB']);
    const yesterday = await t.as('user-a', {
      url: '/v1/job-expectations/status?company_code=A&date=2026-11-20',
    });
    expect(
      (yesterday.json() as { result_list: { state: string }[] }).result_list.map((row) => row.state),
    ).toEqual(['MISSING']);
    const forbidden = await t.as('user-a', { url: '/v1/job-expectations/status?company_code=B' });
    expect([forbidden.statusCode, codeOf(forbidden)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    const bad = await t.as('user-a', { url: '/v1/job-expectations/status?date=2026-02-30' });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'EXPECTATION_INVALID']);

    // A new deadline: today's PENDING day goes (the evaluator makes it again), the decided one stays.
    expect((await put('admin-a', { ...EXPECTATION, deadline: '11:00' })).statusCode).toBe(200);
    const days = await db
      .selectFrom('expectation_days')
      .select(['business_day', 'state'])
      .where('legacy_id', '=', 'PAYROLL-IN')
      .execute();
    expect(days).toEqual([{ business_day: '2026-11-20', state: 'MISSING' }]);
    const marks = await db
      .selectFrom('job_expectations')
      .select(['version', 'days_through'])
      .where('legacy_id', '=', 'PAYROLL-IN')
      .executeTakeFirstOrThrow();
    expect([Number(marks.version), marks.days_through]).toEqual([2, '2026-11-20']);
  });

  it("the day's state and deadline are where operators look: monitoring, the timeline, Expected Run Job, /metrics", async () => {
    const deadline = '2026-11-21T02:30:00.000Z';
    const report = await t.as('root', { url: '/v1/legacy/report?company_code=B' });
    expect(report.statusCode, report.body).toBe(200);
    const rows = (report.json() as { result_list: Record<string, unknown>[] }).result_list;
    expect(rows.find((row) => row.legacyid === 'B-JOB')).toMatchObject({
      expectation_state: 'MISSING',
      deadline_at: deadline,
    });
    const a = await t.as('user-a', { url: '/v1/legacy/report' });
    const aRow = (a.json() as { result_list: Record<string, unknown>[] }).result_list.find(
      (row) => row.legacyid === 'PAYROLL-IN',
    );
    // Its day not made yet (the PENDING one went with the change): nothing to show.
    expect(aRow).toBeDefined();
    expect(aRow).not.toHaveProperty('expectation_state');

    const timeline = await t.as('user-b', { url: '/v1/reports/day-timeline?date=2026-11-21' });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const lanes = (timeline.json() as { lanes: Record<string, unknown>[] }).lanes;
    expect(lanes.find((lane) => lane.legacyid === 'B-JOB')).toMatchObject({
      deadline_at: deadline,
      expectation_state: 'MISSING',
    });
    const expected = await t.as('user-b', { url: '/v1/legacy/expected-running-job-report' });
    expect(expected.statusCode, expected.body).toBe(200);
    const expectedRows = (expected.json() as { result_list: Record<string, unknown>[] }).result_list;
    expect(expectedRows.find((row) => row.legacyid === 'B-JOB')).toMatchObject({
      expectation_state: 'MISSING',
      deadline_at: deadline,
    });

    const metrics = await t.as('root', { url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE lis_expectations gauge');
    expect(metrics.body).toContain('lis_expectations{state="MISSING"} 1');
    expect(metrics.body).toContain('lis_expectations{state="ON_TIME"} 0');
  });

  it('an admin removes it (the decided days stay); a second removal is EXPECTATION_NOT_FOUND', async () => {
    const r = await remove('admin-a', 'A', 'PAYROLL-IN');
    expect([r.statusCode, (r.json() as { message: string }).message]).toEqual([
      200,
      'File deadline of job PAYROLL-IN removed',
    ]);
    const again = await remove('admin-a', 'A', 'PAYROLL-IN');
    expect([again.statusCode, codeOf(again)]).toEqual([404, 'EXPECTATION_NOT_FOUND']);
    const history = await t.as('user-a', { url: '/v1/job-expectations/status?date=2026-11-20' });
    expect((history.json() as { result_list: unknown[] }).result_list).toHaveLength(1);
    const log = await t.database.db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('msg_source', '=', 'expectations')
      .orderBy('seq')
      .execute();
    expect(log.map((line) => line.message)).toEqual([
      'File deadline of job PAYROLL-IN set to 09:30 by admin-a',
      'File deadline of job PAYROLL-IN set to 11:00 by admin-a',
      'File deadline of job PAYROLL-IN removed by admin-a',
    ]);
  });
});

import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { legacyReportStatement } from '../src/modules/monitoring/legacy-report.repository.js';

const at = (iso: string) => Date.parse(iso);

describe.each(DATABASE_KINDS)('monitoring report /v1/legacy/report (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const db = t.database.db.kysely;
    await db
      .insertInto('job_configs')
      .values([
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-1',
          legacy_name: 'Invoices',
          is_active: 'Y',
          important_job: 'True',
        }),
        buildJobConfig({ company_code: 'A', legacy_id: 'A-2', legacy_name: 'Never ran', has_suspend: 'Y' }),
        buildJobConfig({ company_code: 'B', legacy_id: 'B-1', legacy_name: 'Other company' }),
      ])
      .execute();
    const run = (
      id: string,
      company: string,
      legacy: string,
      queued: string,
      state: 'FINISHED' | 'ERROR',
    ) => ({
      id,
      job_instance_no: `${legacy}_${id}`,
      owner_kind: 'job' as const,
      company_code: company,
      legacy_id: legacy,
      kind: 'scheduled' as const,
      state,
      queued_at: at(queued),
      started_at: at(queued) + 1000,
      finished_at: at(queued) + 5000,
      attempt: 1,
      message: `${state} message`,
      send_email_status: 'SUCCESS',
    });
    await db
      .insertInto('job_runs')
      .values([
        run('r1', 'A', 'A-1', '2026-11-20T01:00:00Z', 'FINISHED'),
        run('r2', 'A', 'A-1', '2026-11-21T01:00:00Z', 'ERROR'),
        run('r3', 'B', 'B-1', '2026-11-21T02:00:00Z', 'FINISHED'),
      ])
      .execute();
    await db
      .insertInto('run_steps')
      .values([
        {
          run_id: 'r1',
          step: 1,
          status: 'SUCCESS',
          started_at: at('2026-11-20T01:00:01Z'),
          finished_at: null,
          message: null,
        },
        {
          run_id: 'r2',
          step: 1,
          status: 'SUCCESS',
          started_at: at('2026-11-21T01:00:01Z'),
          finished_at: null,
          message: null,
        },
        {
          run_id: 'r2',
          step: 2,
          status: 'SUCCESS',
          started_at: at('2026-11-21T01:00:02Z'),
          finished_at: null,
          message: null,
        },
        {
          run_id: 'r2',
          step: 3,
          status: 'ERROR',
          started_at: at('2026-11-21T01:00:03Z'),
          finished_at: null,
          message: 'x',
        },
      ])
      .execute();
    await db
      .insertInto('triggers')
      .values(
        ['2026-11-22T01:00:00Z', '2026-11-21T23:00:00Z'].map((next, position) => ({
          id: `job|A|A-1|${position}`,
          owner_kind: 'job' as const,
          company_code: 'A',
          owner_id: 'A-1',
          position,
          expression: '0 0 8 * * ?',
          time_zone: 'Asia/Bangkok',
          state: 'WAITING' as const,
          next_fire_at: at(next),
          prev_fire_at: null,
          fire_count: 0,
          misfire_policy: 'fire_once_now' as const,
          paused_by: null,
          updated_at: 0,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it('answers each job of the caller with its latest run, that run steps and its next fire', async () => {
    const r = await t.as('user-a', { url: '/v1/legacy/report?sid=555' });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.total_count).toBe(2);
    const [first, second] = body.result_list;
    expect(first).toMatchObject({
      companycode: 'A',
      legacyid: 'A-1',
      legacyname: 'Invoices',
      job_instanceno: 'A-1_r2',
      status: 'ERROR',
      isactive: 'Y',
      important_job: 'True',
      job_started_on: '2026-11-21T01:00:01.000Z',
      job_finished_on: '2026-11-21T01:00:05.000Z',
      next_fire: '2026-11-21T23:00:00.000Z',
      message: 'ERROR message',
      step1_status: 'SUCCESS',
      step2_status: 'SUCCESS',
      step3_status: 'ERROR',
      step4_status: '',
      send_email_status: 'SUCCESS',
      step3_started_on: '2026-11-21T01:00:03.000Z',
    });
    expect(second).toMatchObject({
      legacyid: 'A-2',
      job_instanceno: '',
      status: '',
      hassuspend: 'Y',
      next_fire: '',
    });
  });

  it.runIf(kind === 'sqlite')(
    "seeks each job's latest run on the job's index, not by walking its company's runs",
    async () => {
      const plan = await sql<{
        detail: string;
      }>`explain query plan ${legacyReportStatement('sqlite', null)}`.execute(t.database.db.kysely);
      const details = plan.rows.map((row) => row.detail);
      expect(details).toContain('SEARCH r USING INDEX job_runs_job_idx (company_code=? AND legacy_id=?)');
      expect(details.join('\n')).not.toContain('job_runs_day_idx');
    },
  );

  it('keeps every company to its own people, for v1 and v2, with company_code repeated', async () => {
    expect((await t.as('user-a', { url: '/v1/legacy/report?company_code=B' })).statusCode).toBe(403);
    expect(
      (await t.as('user-a', { url: '/v2/legacy/report?company_code=A&company_code=B' })).statusCode,
    ).toBe(403);
    const own = await t.as('user-b', { url: '/v2/legacy/report?username=user-b' });
    expect(own.json().result_list.map((row: { legacyid: string }) => row.legacyid)).toEqual(['B-1']);
    const all = await t.as('root', { url: '/v1/legacy/report?company_code=A&company_code=B' });
    expect(
      all
        .json()
        .result_list.map((row: { legacyid: string }) => row.legacyid)
        .sort(),
    ).toEqual(['A-1', 'A-2', 'B-1']);
    expect((await t.app.inject({ url: '/v1/legacy/report' })).statusCode).toBe(401);
  });

  describe('task list /v1/legacy/task', () => {
    const ids = (body: { result_list: { job_instanceno: string }[] }) =>
      body.result_list.map((row) => row.job_instanceno);

    it('lists the caller runs newest start first, paged, with each run steps', async () => {
      const r = await t.as('user-a', { url: '/v1/legacy/task?sid=555&page=1&page_size=25' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().total_count).toBe(2);
      expect(ids(r.json())).toEqual(['A-1_r2', 'A-1_r1']);
      expect(r.json().result_list[0]).toMatchObject({
        legacyname: 'Invoices',
        step3_status: 'ERROR',
        status: 'ERROR',
      });
      const second = await t.as('user-a', { url: '/v1/legacy/task?page=2&page_size=1' });
      expect(ids(second.json())).toEqual(['A-1_r1']);
      expect(second.json().total_count).toBe(2);
    });

    it('filters by status (repeated), text and the start window in LIS_TIMEZONE', async () => {
      const get = async (query: string, user = 'root') => {
        const r = await t.as(user, { url: `/v1/legacy/task?${query}` });
        expect(r.statusCode, r.body).toBe(200);
        return ids(r.json());
      };
      expect(await get('status=ERROR')).toEqual(['A-1_r2']);
      expect(await get('status=ERROR&status=FINISHED')).toEqual(['B-1_r3', 'A-1_r2', 'A-1_r1']);
      expect(await get('legacy_name=invoic')).toEqual(['A-1_r2', 'A-1_r1']);
      expect(await get('job_instance_no=R3')).toEqual(['B-1_r3']);
      // 2026-11-21 in Asia/Bangkok is 2026-11-20T17:00Z to 2026-11-21T17:00Z.
      expect(await get('job_started_on_from=20261121000000&job_started_on_to=20261121000000')).toEqual([
        'B-1_r3',
        'A-1_r2',
      ]);
      expect(await get('job_started_on_to=20261120000000')).toEqual(['A-1_r1']);
    });

    it('refuses bad dates and other companies, and answers nothing of B to a user of A', async () => {
      let r = await t.as('user-a', { url: '/v1/legacy/task?job_started_on_from=20261131000000' });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain('job_started_on_from');
      r = await t.as('user-a', {
        url: '/v1/legacy/task?job_started_on_from=20261122&job_started_on_to=20261121',
      });
      expect(r.statusCode).toBe(400);
      r = await t.as('user-a', { url: '/v1/legacy/task?status=PAUSED' });
      expect(r.statusCode).toBe(400);
      expect((await t.as('user-a', { url: '/v1/legacy/task?company_code=B' })).statusCode).toBe(403);
      r = await t.as('user-a', { url: '/v1/legacy/task?job_instance_no=B-1' });
      expect(r.json()).toEqual({ result_list: [], total_count: 0 });
    });
  });

  describe('task export /v1/legacy/task/export', () => {
    it('writes the spec workbook for the start window, scoped to the caller', async () => {
      const r = await t.as('user-a', {
        url: '/v1/legacy/task/export?job_started_on_from=20261120000000&job_started_on_to=20261121000000',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe(
        'attachment; filename="legacy_tasks_20261120_to_20261121.xlsx"',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Legacy Tasks');
      expect(sheet?.getRow(1).values).toEqual([
        undefined,
        'number',
        'Company Code',
        'Legacy ID',
        'Legacy Name',
        'Job Instanceno',
        'Status',
        'Job Start',
        'Job Finished On',
        'Load Files Status',
        'Load Files started on',
        'Conversion Status',
        'Call Function Status',
        'Call Function started on',
        'Return Files Status',
        'Return Files started on',
        'Function status',
        'Message',
      ]);
      expect(sheet?.rowCount).toBe(3);
      // Times in Asia/Bangkok (UTC+7).
      expect(sheet?.getRow(2).values).toEqual(
        expect.arrayContaining([1, 'A', 'A-1', 'A-1_r2', 'ERROR', '21-11-2026 08:00:01']),
      );
    });

    it('needs a start date and answers 204 when nothing ran', async () => {
      let r = await t.as('user-a', { url: '/v1/legacy/task/export' });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Please select a date');
      r = await t.as('user-a', { url: '/v1/legacy/task/export?job_started_on_from=20250101000000' });
      expect(r.statusCode).toBe(204);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { JobRunTable, RunFileTable } from '../src/db/schema.js';
import { LocalBlobStore } from '../src/engine/files/blob-store.js';
import { blobRoot } from '../src/composition/create-pipeline.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** Bangkok wall time (UTC+7) → epoch ms. The test clock stands at 10:00 on 21-11-2026 in Bangkok. */
const bkk = (wall: string) => Date.parse(`${wall}+07:00`);

const run = (
  id: string,
  over: Partial<Insertable<JobRunTable>> & Pick<Insertable<JobRunTable>, 'company_code' | 'legacy_id'>,
): Insertable<JobRunTable> => ({
  id,
  job_instance_no: `${over.legacy_id}_${id}`,
  owner_kind: 'job',
  kind: 'scheduled',
  state: 'FINISHED',
  queued_at: bkk('2026-11-21T08:00:00'),
  started_at: bkk('2026-11-21T08:00:01'),
  finished_at: bkk('2026-11-21T08:00:09'),
  attempt: 1,
  ...over,
});

const RUNS: Insertable<JobRunTable>[] = [
  // A-1 fires at 08:00, 12:00, 16:00: today's 08:00 fire ran; a manual run at 09:00 failed.
  run('r1', {
    company_code: 'A',
    legacy_id: 'A-1',
    trigger_id: 'job|A|A-1|0',
    scheduled_at: bkk('2026-11-21T08:00:00'),
  }),
  run('r2', {
    company_code: 'A',
    legacy_id: 'A-1',
    kind: 'manual',
    state: 'ERROR',
    queued_at: bkk('2026-11-21T09:00:00'),
    started_at: bkk('2026-11-21T09:00:02'),
    finished_at: bkk('2026-11-21T09:00:05'),
  }),
  // Yesterday's 16:00 fire, still within the report's first day.
  run('r3', {
    company_code: 'A',
    legacy_id: 'A-1',
    trigger_id: 'job|A|A-1|0',
    scheduled_at: bkk('2026-11-20T16:00:00'),
    state: 'WARNING',
    queued_at: bkk('2026-11-20T16:00:00'),
    started_at: bkk('2026-11-20T16:00:01'),
    finished_at: bkk('2026-11-20T16:00:30'),
  }),
  // A-2 fires at 09:00 and 09:30: the first was skipped (overlap), the second is still running.
  run('r4', {
    company_code: 'A',
    legacy_id: 'A-2',
    trigger_id: 'job|A|A-2|0',
    scheduled_at: bkk('2026-11-21T09:00:00'),
    state: 'SKIPPED',
    queued_at: bkk('2026-11-21T09:00:00'),
    started_at: null,
    finished_at: null,
  }),
  run('r5', {
    company_code: 'A',
    legacy_id: 'A-2',
    trigger_id: 'job|A|A-2|0',
    scheduled_at: bkk('2026-11-21T09:30:00'),
    state: 'RUNNING',
    queued_at: bkk('2026-11-21T09:30:00'),
    started_at: bkk('2026-11-21T09:30:01'),
    finished_at: null,
  }),
  // The day before the report: not counted.
  run('r6', {
    company_code: 'A',
    legacy_id: 'A-1',
    queued_at: bkk('2026-11-19T23:59:59'),
    started_at: bkk('2026-11-20T00:00:01'),
  }),
  // Company B.
  run('r7', {
    company_code: 'B',
    legacy_id: 'B-1',
    trigger_id: 'job|B|B-1|0',
    scheduled_at: bkk('2026-11-21T08:00:00'),
  }),
];

const file = (
  runId: string,
  company: string,
  legacyId: string,
  listType: RunFileTable['list_type'],
  name: string,
  content: string,
  createdAt: number,
): Insertable<RunFileTable> => ({
  run_id: runId,
  company_code: company,
  legacy_id: legacyId,
  job_instance_no: `${legacyId}_${runId}`,
  list_type: listType,
  file_name: name,
  size: Buffer.byteLength(content),
  sha256: '0'.repeat(64),
  origin: 'test',
  blob_key: `${company}/${legacyId}/${runId}/${listType}/${name}`,
  created_at: createdAt,
});

const FILE_CONTENT: Record<string, string> = {
  'in-1.csv': 'a;1\nb;2\n',
  'in-2.csv': 'ภาษาไทย;3',
  'response.json': '{"status":"ok"}',
  'old.csv': 'yesterday\n',
  'out.csv': 'ok',
  'b.csv': 'company B secret',
};

const FILES = [
  file('r1', 'A', 'A-1', 'source', 'in-1.csv', FILE_CONTENT['in-1.csv']!, bkk('2026-11-21T08:00:02')),
  file('r1', 'A', 'A-1', 'source', 'in-2.csv', FILE_CONTENT['in-2.csv']!, bkk('2026-11-21T08:00:03')),
  file(
    'r1',
    'A',
    'A-1',
    'api_response',
    'response.json',
    FILE_CONTENT['response.json']!,
    bkk('2026-11-21T08:00:05'),
  ),
  file('r1', 'A', 'A-1', 'return_success', 'out.csv', FILE_CONTENT['out.csv']!, bkk('2026-11-21T08:00:06')),
  file('r3', 'A', 'A-1', 'source', 'old.csv', FILE_CONTENT['old.csv']!, bkk('2026-11-20T16:00:02')),
  file('r7', 'B', 'B-1', 'source', 'b.csv', FILE_CONTENT['b.csv']!, bkk('2026-11-21T08:00:02')),
];

describe.each(DATABASE_KINDS)('report screens (%s)', (kind) => {
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
          cron_trigger: '0 0 8,12,16 * * ?',
        }),
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-2',
          legacy_name: 'Payments',
          cron_trigger: '0 0,30 9 * * ?|bad cron',
        }),
        buildJobConfig({ company_code: 'A', legacy_id: 'A-3', legacy_name: 'Off', is_active: 'N' }),
        buildJobConfig({ company_code: 'A', legacy_id: 'A-4', legacy_name: 'Chain only', cron_trigger: '' }),
        buildJobConfig({
          company_code: 'B',
          legacy_id: 'B-1',
          legacy_name: 'Other company',
          cron_trigger: '0 0 8 * * ?',
        }),
      ])
      .execute();
    await db.insertInto('job_runs').values(RUNS).execute();
    await db.insertInto('run_files').values(FILES).execute();
    const blobs = new LocalBlobStore(blobRoot(t.context.config));
    for (const row of FILES) await blobs.put(row.blob_key, Buffer.from(FILE_CONTENT[row.file_name]!));
  });
  afterAll(() => t.close());

  describe('GET /v1/legacy/daily-report', () => {
    const report = (who: string, query: string, language = 'en') =>
      t.as(who, {
        url: `/v1/legacy/daily-report?sid=555&${query}`,
        headers: { 'accept-language': language },
      });

    it('counts runs and files per day and job, newest day first', async () => {
      const r = await report('user-a', 'date_from=20261120&date_to=20261121');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({
        total_count: 3,
        result_list: [
          {
            report_date: '2026-11-21',
            companycode: 'A',
            legacyid: 'A-1',
            legacyname: 'Invoices',
            legacytype: 'OUTBOUND',
            run_count: 2,
            finished_count: 1,
            warning_count: 0,
            error_count: 1,
            running_count: 0,
            skipped_count: 0,
            stopped_count: 0,
            files_loaded: 2,
            files_returned: 1,
            first_started_on: '2026-11-21T01:00:01.000Z',
            last_finished_on: '2026-11-21T02:00:05.000Z',
          },
          expect.objectContaining({
            report_date: '2026-11-21',
            legacyid: 'A-2',
            run_count: 2,
            running_count: 1,
            skipped_count: 1,
            files_loaded: 0,
            last_finished_on: '',
          }),
          expect.objectContaining({
            report_date: '2026-11-20',
            legacyid: 'A-1',
            run_count: 1,
            warning_count: 1,
            files_loaded: 1,
            files_returned: 0,
          }),
        ],
      });
    });

    it("never shows another company's jobs; a named company must be the caller's", async () => {
      const own = await report('user-b', 'date_from=20261120&date_to=20261121');
      expect(own.json().result_list.map((row: { legacyid: string }) => row.legacyid)).toEqual(['B-1']);
      expect((await report('user-a', 'company_code=B&date_from=20261121&date_to=20261121')).statusCode).toBe(
        403,
      );
      const both = await report('root', 'company_code=A&company_code=B&date_from=20261121&date_to=20261121');
      expect(both.json().result_list.map((row: { legacyid: string }) => row.legacyid)).toEqual([
        'A-1',
        'A-2',
        'B-1',
      ]);
    });

    it('asks for both dates, in the caller’s language', async () => {
      const r = await report('user-a', 'date_from=20261121');
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: 'Please specify date_from and date_to', code: 'DATE_REQUIRED' });
      expect((await report('user-a', 'date_to=20261121', 'th')).json()).toEqual({
        message: 'กรุณาระบุ date_from และ date_to',
        code: 'DATE_REQUIRED',
      });
    });

    it.each([
      ['date_from=2026-11-21&date_to=20261121', 'date_from must be a date as yyyymmdd'],
      ['date_from=20261131&date_to=20261201', 'date_from must be a date as yyyymmdd'],
      ['date_from=20261122&date_to=20261121', 'date_from must not be later than date_to'],
      ['date_from=20250101&date_to=20261121', 'at most 366 days'],
      ["date_from=20261121&date_to=20261121&company_code=A'--", ''],
    ])('refuses %s', async (query, text) => {
      const r = await report('user-a', query);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain(text);
    });
  });

  describe('GET /v1/legacy/expected-running-job-report', () => {
    const expected = (who: string, query = '') =>
      t.as(who, { url: `/v1/legacy/expected-running-job-report?sid=555${query}` });

    it('sets the fires due today until now against the scheduled runs (skipped fires and manual runs left out)', async () => {
      const r = await expected('user-a');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({
        report_date: '2026-11-21',
        time_zone: 'Asia/Bangkok',
        total_count: 2,
        result_list: [
          {
            companycode: 'A',
            legacyid: 'A-1',
            legacyname: 'Invoices',
            expected_time: '08:00',
            expected_count: 1,
            expected_count_day: 3,
            actual_time: '08:00:01',
            actual_count: 1,
            invalid_triggers: [],
          },
          {
            companycode: 'A',
            legacyid: 'A-2',
            legacyname: 'Payments',
            expected_time: '09:00, 09:30',
            expected_count: 2,
            expected_count_day: 2,
            actual_time: '09:30:01',
            actual_count: 1,
            invalid_triggers: ['bad cron'],
          },
        ],
      });
    });

    it('follows the clock: later in the day more fires are due', async () => {
      t.clock.advance(6 * 3_600_000); // 16:00 in Bangkok
      try {
        const row = (await expected('user-a', '&company_code=A')).json().result_list[0];
        expect(row).toMatchObject({
          expected_time: '08:00, 12:00, 16:00',
          expected_count: 3,
          actual_count: 1,
        });
      } finally {
        t.clock.advance(-6 * 3_600_000);
      }
    });

    it('counts a run fired ahead of its time (decision 0032) only once its time has come', async () => {
      const db = t.database.db.kysely;
      // A-1's 12:00 fire, queued from 12:00 — two hours ahead of the test clock's 10:00.
      await db
        .insertInto('job_runs')
        .values(
          run('r-ahead', {
            company_code: 'A',
            legacy_id: 'A-1',
            trigger_id: 'job|A|A-1|0',
            scheduled_at: bkk('2026-11-21T12:00:00'),
            state: 'QUEUED',
            queued_at: bkk('2026-11-21T12:00:00'),
            started_at: null,
            finished_at: null,
            attempt: 0,
          }),
        )
        .execute();
      try {
        const row = async () => (await expected('user-a', '&company_code=A')).json().result_list[0];
        expect(await row()).toMatchObject({ expected_count: 1, actual_time: '08:00:01', actual_count: 1 });
        t.clock.advance(2 * 3_600_000); // 12:00 in Bangkok: due, and queued
        expect(await row()).toMatchObject({
          expected_count: 2,
          actual_time: '08:00:01, 12:00:00',
          actual_count: 2,
        });
      } finally {
        t.clock.advance(-2 * 3_600_000);
        await db.deleteFrom('job_runs').where('id', '=', 'r-ahead').execute();
      }
    });

    it('keeps to the caller’s companies', async () => {
      const own = await expected('user-b');
      expect(own.json().result_list).toEqual([expect.objectContaining({ legacyid: 'B-1', actual_count: 1 })]);
      expect((await expected('user-a', '&company_code=B')).statusCode).toBe(403);
      expect((await expected('root')).json().total_count).toBe(3);
    });

    it('counts a job created or switched on mid-day from that moment, not from midnight', async () => {
      const job = (legacyid: string, isactive: 'Y' | 'N') => ({
        sid: '555',
        companycode: 'A',
        legacyid,
        legacyname: `Hourly ${legacyid}`,
        legacytype: 'OUT_WAIT',
        isactive,
        cron_trigger: '0 0 * * * ?',
      });
      const save = async (mode: 'add' | 'update', body: object) => {
        const r = await t.as('admin-a', {
          method: mode === 'add' ? 'POST' : 'PUT',
          url: `/v1/config/job-config/${mode}`,
          payload: body,
        });
        expect(r.statusCode, r.body).toBe(200);
      };
      const rowOf = async (legacyId: string) =>
        ((await expected('user-a', '&company_code=A')).json().result_list as { legacyid: string }[]).find(
          (row) => row.legacyid === legacyId,
        );
      const advanced: number[] = [];
      const advance = (ms: number) => {
        t.clock.advance(ms);
        advanced.push(ms);
      };
      try {
        // 10:00: created, active, hourly. Midnight to 10:00 were not its fires.
        await save('add', job('NEW-1', 'Y'));
        expect(await rowOf('NEW-1')).toMatchObject({
          expected_count: 0,
          expected_count_day: 13,
          actual_count: 0,
        });
        // 10:00: created switched off; switched on at 11:00.
        await save('add', job('LATE-1', 'N'));
        advance(3_600_000);
        await save('update', job('LATE-1', 'Y'));
        advance(2.5 * 3_600_000); // 13:30
        expect(await rowOf('NEW-1')).toMatchObject({
          expected_time: '11:00, 12:00, 13:00',
          expected_count: 3,
        });
        expect(await rowOf('LATE-1')).toMatchObject({
          expected_time: '12:00, 13:00',
          expected_count: 2,
          expected_count_day: 12,
        });
        // A job that was there all day still counts from midnight.
        expect(await rowOf('A-1')).toMatchObject({ expected_time: '08:00, 12:00', expected_count: 2 });
      } finally {
        for (const ms of advanced.reverse()) t.clock.advance(-ms);
        for (const id of ['NEW-1', 'LATE-1'])
          await t.as('admin-a', {
            method: 'DELETE',
            url: `/v1/config/job-config?company_code=A&legacyid=${id}`,
          });
      }
    });
  });

  describe('POST /v1/lis-server/get-backup-file-with-instanceids', () => {
    const download = (who: string, payload: object, language = 'en') =>
      t.as(who, {
        method: 'POST',
        url: '/v1/lis-server/get-backup-file-with-instanceids',
        payload,
        headers: { 'accept-language': language },
      });
    const body = (over: object = {}) => ({
      sid: '555',
      company_code: 'A',
      legacy_id: 'A-1',
      lis_type: 'source',
      job_instance_no_list: ['A-1_r1', 'A-1_r3'],
      ...over,
    });

    it('joins the source backups of the chosen runs, each after a header line', async () => {
      const r = await download('admin-a', body());
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(r.headers['content-disposition']).toContain('filename="A-1_source.txt"');
      expect(r.body).toBe(
        [
          '===== A-1_r3 / old.csv (10 bytes) =====',
          'yesterday\n',
          '===== A-1_r1 / in-1.csv (8 bytes) =====',
          'a;1\nb;2\n',
          `===== A-1_r1 / in-2.csv (${Buffer.byteLength('ภาษาไทย;3')} bytes) =====`,
          'ภาษาไทย;3',
          '',
        ].join('\n'),
      );
      expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
    });

    it('gives the function answers for `response`', async () => {
      const r = await download('admin-a', body({ lis_type: 'response', job_instance_no_list: ['A-1_r1'] }));
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-disposition']).toContain('filename="A-1_response.txt"');
      expect(r.body).toBe('===== A-1_r1 / response.json (15 bytes) =====\n{"status":"ok"}\n');
    });

    it("never gives another job's or company's files", async () => {
      const foreignRun = await download('admin-a', body({ job_instance_no_list: ['B-1_r7'] }));
      expect(foreignRun.statusCode).toBe(404);
      expect(foreignRun.json()).toEqual({
        message: 'The selected runs have no such files',
        code: 'DOWNLOAD_EMPTY',
      });
      expect(
        (await download('admin-a', body({ legacy_id: 'B-1', job_instance_no_list: ['B-1_r7'] }))).statusCode,
      ).toBe(404);
      const otherCompany = await download('user-b', body());
      expect(otherCompany.statusCode).toBe(403);
      expect(otherCompany.body).not.toContain('a;1');
      const mixed = await download('root', body({ job_instance_no_list: ['A-1_r1', 'B-1_r7'] }));
      expect(mixed.body).not.toContain('company B secret');
    });

    it.each([
      [{ lis_type: 'return' }],
      [{ job_instance_no_list: [] }],
      [{ job_instance_no_list: ['../etc'] }],
      [{ job_instance_no_list: [''] }],
      [{ job_instance_no_list: Array.from({ length: 1001 }, (_, i) => `A-1_r${i}`) }],
      [{ company_code: undefined }],
    ])('refuses %j with 400', async (over) => {
      const r = await download('root', body(over));
      expect(r.statusCode).toBe(400);
      expect(r.json()).toHaveProperty('message');
    });

    it('refuses with 413 before a byte when the files are too large', async () => {
      await t.database.db.kysely
        .insertInto('run_files')
        .values(file('r2', 'A', 'A-1', 'source', 'huge.csv', '', bkk('2026-11-21T09:00:03')))
        .execute();
      await t.database.db.kysely
        .updateTable('run_files')
        .set({ size: 300 * 1024 * 1024 })
        .where('file_name', '=', 'huge.csv')
        .execute();
      const r = await download('admin-a', body({ job_instance_no_list: ['A-1_r2'] }), 'th');
      expect(r.statusCode).toBe(413);
      expect(r.json().message).toContain('ขนาดใหญ่เกินไป');
    });
  });
});

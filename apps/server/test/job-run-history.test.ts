import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { JobRunTable, RunFileTable } from '../src/db/schema.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const at = (iso: string) => Date.parse(iso);

const run = (over: Partial<Insertable<JobRunTable>> & { id: string }): Insertable<JobRunTable> => ({
  job_instance_no: `A-HIST-${over.id}`,
  owner_kind: 'job',
  company_code: 'A',
  legacy_id: 'HIST-1',
  kind: 'scheduled',
  trigger_id: 'job|A|HIST-1|0',
  scheduled_at: null,
  parent_run_id: null,
  state: 'FINISHED',
  queued_at: at('2026-11-17T03:00:00Z'),
  started_at: at('2026-11-17T03:00:01Z'),
  finished_at: at('2026-11-17T03:00:31Z'),
  wait_until: null,
  lease_owner: null,
  lease_until: null,
  attempt: 1,
  requested_by: null,
  cancel_requested_by: null,
  message: 'done',
  send_email_status: null,
  ...over,
});

const RUNS: Insertable<JobRunTable>[] = [
  run({ id: 'r1' }),
  run({
    id: 'r2',
    kind: 'manual',
    trigger_id: null,
    requested_by: 'operator-7',
    state: 'ERROR',
    queued_at: at('2026-11-18T03:00:00Z'),
    started_at: at('2026-11-18T03:00:02Z'),
    finished_at: at('2026-11-18T03:02:02Z'),
    message: 'Step 3 failed',
  }),
  run({ id: 'r3', kind: 'chain_member', trigger_id: null, queued_at: at('2026-11-19T03:00:00Z') }),
  run({
    id: 'r4',
    state: 'RUNNING',
    queued_at: at('2026-11-21T02:59:00Z'),
    started_at: at('2026-11-21T02:59:15Z'),
    finished_at: null,
  }),
  run({
    id: 'q5',
    state: 'QUEUED',
    queued_at: at('2026-11-24T03:00:00Z'),
    started_at: null,
    finished_at: null,
  }),
  // Another job of A and a job of B with the same id: never in the list.
  run({ id: 'other', legacy_id: 'HIST-2', queued_at: at('2026-11-25T03:00:00Z') }),
  run({ id: 'b1', company_code: 'B', queued_at: at('2026-11-25T03:00:00Z') }),
];

const file = (
  runId: string,
  listType: RunFileTable['list_type'],
  name: string,
): Insertable<RunFileTable> => ({
  run_id: runId,
  company_code: 'A',
  legacy_id: 'HIST-1',
  job_instance_no: `A-HIST-${runId}`,
  list_type: listType,
  file_name: name,
  size: 1,
  sha256: '0'.repeat(64),
  origin: 'test',
  blob_key: `${runId}/${listType}/${name}`,
  created_at: at('2026-11-21T03:00:05Z'),
  blob_store: null,
  stored_by: null,
  backup_deleted_at: null,
});

const FILES: Insertable<RunFileTable>[] = [
  file('r2', 'source', 'a.csv'),
  file('r2', 'source', 'b.csv'),
  file('r2', 'source', 'c.csv'),
  file('r2', 'return_success', 'a.out'),
  file('r2', 'return_error', 'b.err'),
  file('r2', 'api_request', 'req.json'),
  file('r1', 'source', 'x.csv'),
];

describe.each(DATABASE_KINDS)('job run history (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const db = t.database.db.kysely;
    await db.insertInto('job_runs').values(RUNS).execute();
    await db.insertInto('run_files').values(FILES).execute();
  });
  afterAll(() => t.close());

  const history = (who: string, query: Record<string, string>, language = 'en') =>
    t.as(who, {
      url: `/v1/legacy/job-run-history?${new URLSearchParams(query).toString()}`,
      headers: { 'accept-language': language },
    });

  it("lists a job's runs newest first with state, times, duration, files in and out and who started them", async () => {
    const r = await history('user-a', { company_code: 'A', legacy_id: 'HIST-1' });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.total_count).toBe(5);
    expect(body.result_list.map((row: { job_instanceno: string }) => row.job_instanceno)).toEqual([
      'A-HIST-q5',
      'A-HIST-r4',
      'A-HIST-r3',
      'A-HIST-r2',
      'A-HIST-r1',
    ]);
    const byId = Object.fromEntries(
      body.result_list.map((row: { job_instanceno: string }) => [row.job_instanceno, row]),
    );
    expect(byId['A-HIST-r2']).toEqual({
      job_instanceno: 'A-HIST-r2',
      status: 'ERROR',
      queued_on: '2026-11-18T03:00:00.000Z',
      job_started_on: '2026-11-18T03:00:02.000Z',
      job_finished_on: '2026-11-18T03:02:02.000Z',
      duration_ms: 120_000,
      files_in: 3,
      files_out: 2,
      started_how: 'user',
      started_by: 'operator-7',
      message: 'Step 3 failed',
    });
    expect(byId['A-HIST-r1']).toMatchObject({
      started_how: 'trigger',
      started_by: '',
      files_in: 1,
      files_out: 0,
    });
    expect(byId['A-HIST-r1'].duration_ms).toBe(30_000);
    expect(byId['A-HIST-r3']).toMatchObject({ started_how: 'chain', started_by: '' });
    expect(byId['A-HIST-q5']).toMatchObject({ status: 'QUEUED', job_started_on: '', duration_ms: null });
    // A running run's duration runs to now (the test clock: 2026-11-21T03:00:00Z).
    expect(byId['A-HIST-r4'].duration_ms).toBe(45_000);
  });

  it('keeps the newest `limit` runs and refuses a bad limit with a clear 400', async () => {
    const r = await history('admin-a', { company_code: 'A', legacy_id: 'HIST-1', limit: '2' });
    expect(r.json().result_list.map((row: { job_instanceno: string }) => row.job_instanceno)).toEqual([
      'A-HIST-q5',
      'A-HIST-r4',
    ]);
    expect(r.json().total_count).toBe(5);
    for (const limit of ['0', '201', 'x']) {
      const bad = await history('admin-a', { company_code: 'A', legacy_id: 'HIST-1', limit });
      expect(bad.statusCode, limit).toBe(400);
      expect(bad.json().message).toMatch(/limit/);
    }
    expect((await history('admin-a', { company_code: 'A' })).statusCode).toBe(400);
  });

  it('is for the roles of the company only: another company 403, an unknown job 404 (EN/TH)', async () => {
    expect((await history('user-b', { company_code: 'A', legacy_id: 'HIST-1' })).statusCode).toBe(403);
    const own = await history('user-b', { company_code: 'B', legacy_id: 'HIST-1' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result_list.map((row: { job_instanceno: string }) => row.job_instanceno)).toEqual([
      'A-HIST-b1',
    ]);
    expect((await history('root', { company_code: 'A', legacy_id: 'HIST-1' })).json().total_count).toBe(5);
    const missing = await history('user-a', { company_code: 'A', legacy_id: 'NO-SUCH' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('NO-SUCH');
    const thai = await history('user-a', { company_code: 'A', legacy_id: 'NO-SUCH' }, 'th');
    expect(thai.statusCode).toBe(404);
    expect(thai.json().message).not.toBe(missing.json().message);
    expect(
      (await t.app.inject({ url: '/v1/legacy/job-run-history?company_code=A&legacy_id=HIST-1' })).statusCode,
    ).toBe(401);
  });
});

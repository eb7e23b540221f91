import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { DailyReportRow } from '@lis/contracts';
import type { ExpectationDayState, ExpectationDayTable, JobRunTable } from '../src/db/schema.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Issue 35 on the Daily Report (`GET /v1/legacy/daily-report`): each row of a job that expects files
 * that day carries the day's `expectation_state` and `deadline_at`; a job that expected files on a day
 * it had no run has a row all the same (every count 0); a job that expects none has neither field; a
 * caller sees only its companies' days. The app's zone is Asia/Bangkok.
 */
const bkk = (wall: string) => Date.parse(`${wall}+07:00`);

const day = (
  company: string,
  legacyId: string,
  businessDay: string,
  state: ExpectationDayState,
): Insertable<ExpectationDayTable> => ({
  company_code: company,
  legacy_id: legacyId,
  business_day: businessDay,
  state,
  deadline_at: bkk(`${businessDay}T10:00:00`),
  warn_at: bkk(`${businessDay}T09:30:00`),
  arrived_at: null,
  job_instance_no: null,
  files: 0,
  created_at: 0,
  evaluated_at: null,
});

let n = 0;
const run = (company: string, legacyId: string, queued: string): Insertable<JobRunTable> => {
  n += 1;
  return {
    id: `run-${n}`,
    job_instance_no: `${legacyId}_${n}`,
    owner_kind: 'job',
    company_code: company,
    legacy_id: legacyId,
    kind: 'scheduled',
    state: 'FINISHED',
    queued_at: bkk(queued),
    started_at: bkk(queued),
    finished_at: bkk(queued) + 60_000,
    attempt: 1,
  };
};

describe.each(DATABASE_KINDS)('Daily Report: the file deadline of the day (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const db = t.database.db.kysely;
    await db
      .insertInto('job_configs')
      .values([
        buildJobConfig({ company_code: 'A', legacy_id: 'PAYROLL-IN', legacy_name: 'Payroll in' }),
        buildJobConfig({ company_code: 'A', legacy_id: 'NO-DEADLINE', legacy_name: 'Plain job' }),
        buildJobConfig({ company_code: 'A', legacy_id: 'SILENT-IN', legacy_name: 'Silent partner' }),
        buildJobConfig({ company_code: 'B', legacy_id: 'B-JOB' }),
      ])
      .execute();
    await db
      .insertInto('job_runs')
      .values([
        run('A', 'PAYROLL-IN', '2026-11-20T08:00:00'),
        run('A', 'PAYROLL-IN', '2026-11-21T08:00:00'),
        run('A', 'NO-DEADLINE', '2026-11-21T08:00:00'),
        run('B', 'B-JOB', '2026-11-21T08:00:00'),
      ])
      .execute();
    await db
      .insertInto('expectation_days')
      .values([
        day('A', 'PAYROLL-IN', '2026-11-20', 'ON_TIME'),
        day('A', 'PAYROLL-IN', '2026-11-21', 'LATE'),
        // No run at all that day: the row that must not be left out.
        day('A', 'SILENT-IN', '2026-11-21', 'MISSING'),
        // Outside the report's days.
        day('A', 'SILENT-IN', '2026-11-19', 'MISSING'),
        day('B', 'B-JOB', '2026-11-21', 'RECOVERED'),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const report = async (username: string, query: string) => {
    const r = await t.as(username, { url: `/v1/legacy/daily-report?sid=555${query}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { result_list: DailyReportRow[]; total_count: number };
  };
  const deadlineOf = (row: DailyReportRow) => [
    row.report_date,
    row.legacyid,
    row.expectation_state,
    row.deadline_at,
  ];

  it("adds the day's state and deadline to each expecting job's row, and a row for a day without runs", async () => {
    const answer = await report('user-a', '&date_from=20261120&date_to=20261121');
    expect(answer.result_list.map(deadlineOf)).toEqual([
      ['2026-11-21', 'NO-DEADLINE', undefined, undefined],
      ['2026-11-21', 'PAYROLL-IN', 'LATE', '2026-11-21T03:00:00.000Z'],
      ['2026-11-21', 'SILENT-IN', 'MISSING', '2026-11-21T03:00:00.000Z'],
      ['2026-11-20', 'PAYROLL-IN', 'ON_TIME', '2026-11-20T03:00:00.000Z'],
    ]);
    expect(answer.total_count).toBe(4);
    const plain = answer.result_list.find((row) => row.legacyid === 'NO-DEADLINE');
    expect(plain).not.toHaveProperty('expectation_state');
    expect(plain).not.toHaveProperty('deadline_at');
    expect(answer.result_list.find((row) => row.legacyid === 'PAYROLL-IN')).toMatchObject({
      run_count: 1,
      finished_count: 1,
    });
    expect(answer.result_list.find((row) => row.legacyid === 'SILENT-IN')).toEqual({
      report_date: '2026-11-21',
      companycode: 'A',
      legacyid: 'SILENT-IN',
      legacyname: 'Silent partner',
      legacytype: 'OUTBOUND',
      run_count: 0,
      finished_count: 0,
      warning_count: 0,
      error_count: 0,
      running_count: 0,
      skipped_count: 0,
      stopped_count: 0,
      files_loaded: 0,
      files_returned: 0,
      first_started_on: '',
      last_finished_on: '',
      expectation_state: 'MISSING',
      deadline_at: '2026-11-21T03:00:00.000Z',
    });
  });

  it("one day: only that day's deadlines; a caller sees only its companies' days", async () => {
    const one = await report('user-a', '&date_from=20261120&date_to=20261120');
    expect(one.result_list.map(deadlineOf)).toEqual([
      ['2026-11-20', 'PAYROLL-IN', 'ON_TIME', '2026-11-20T03:00:00.000Z'],
    ]);
    const b = await report('user-b', '&date_from=20261121&date_to=20261121');
    expect(b.result_list.map(deadlineOf)).toEqual([
      ['2026-11-21', 'B-JOB', 'RECOVERED', '2026-11-21T03:00:00.000Z'],
    ]);
    const rootOfB = await report('root', '&company_code=B&date_from=20261121&date_to=20261121');
    expect(rootOfB.result_list.map(deadlineOf)).toEqual(b.result_list.map(deadlineOf));
    const all = await report('root', '&date_from=20261121&date_to=20261121');
    expect(all.result_list.map((row) => `${row.companycode}/${row.legacyid}`)).toEqual([
      'A/NO-DEADLINE',
      'A/PAYROLL-IN',
      'A/SILENT-IN',
      'B/B-JOB',
    ]);
  });
});

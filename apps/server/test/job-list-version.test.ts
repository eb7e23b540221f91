import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { jobListVersion } from '../src/db/job-list-version.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { inWriteTransaction } from '../src/db/write-transaction.js';
import { suspendJob } from '../src/engine/pipeline/pipeline-job.repository.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { JobConfigRepository } from '../src/modules/job-config/job-config.repository.js';
import { openReportReader } from '../src/modules/reports/report-reader.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

// Issue 19: the Expected Run Job keeps the job list across requests while the job list's version
// (db/job-list-version.ts) stays the same. These tests write through the real writers and check that
// the next answer shows the write — a writer that forgot to mark the list would leave it stale.

interface ExpectedRow {
  legacyid: string;
  legacyname: string;
  expected_count_day: number;
}

describe.each(DATABASE_KINDS)('the job list kept by the Expected Run Job (%s)', (kind) => {
  let t: TestApp;
  const rowsOf = async (): Promise<ExpectedRow[]> => {
    const r = await t.as('user-a', { url: '/v1/legacy/expected-running-job-report?sid=555&company_code=A' });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { result_list: ExpectedRow[] }).result_list;
  };
  const rowOf = async (legacyId: string) => (await rowsOf()).find((row) => row.legacyid === legacyId);
  const save = async (mode: 'add' | 'update', legacyid: string, fields: object) => {
    const r = await t.as('admin-a', {
      method: mode === 'add' ? 'POST' : 'PUT',
      url: `/v1/config/job-config/${mode}`,
      payload: {
        sid: '555',
        companycode: 'A',
        legacyid,
        legacyname: 'Hourly',
        legacytype: 'OUT_WAIT',
        isactive: 'Y',
        cron_trigger: '0 0 * * * ?',
        ...fields,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  it('shows a job added, renamed, rescheduled, switched off and deleted through the service at once', async () => {
    expect(await rowOf('KEPT-1')).toBeUndefined();
    await save('add', 'KEPT-1', {});
    expect(await rowOf('KEPT-1')).toMatchObject({ legacyname: 'Hourly', expected_count_day: 13 });
    // Created at 10:00: its hourly fires from 11:00 count. Asked again with nothing written: the same
    // answer (from the kept list).
    expect(await rowOf('KEPT-1')).toMatchObject({ legacyname: 'Hourly', expected_count_day: 13 });

    await save('update', 'KEPT-1', { legacyname: 'Renamed' });
    expect(await rowOf('KEPT-1')).toMatchObject({ legacyname: 'Renamed', expected_count_day: 13 });

    await save('update', 'KEPT-1', { legacyname: 'Renamed', cron_trigger: '0 0 8,20 * * ?' });
    expect(await rowOf('KEPT-1')).toMatchObject({ expected_count_day: 1 });

    await save('update', 'KEPT-1', { legacyname: 'Renamed', isactive: 'N' });
    expect(await rowOf('KEPT-1')).toBeUndefined();

    await save('update', 'KEPT-1', { legacyname: 'Renamed', isactive: 'Y' });
    expect(await rowOf('KEPT-1')).toMatchObject({ legacyname: 'Renamed' });

    const r = await t.as('admin-a', {
      method: 'DELETE',
      url: '/v1/config/job-config?company_code=A&legacyid=KEPT-1',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await rowOf('KEPT-1')).toBeUndefined();
  });

  it('marks the job list changed when a run suspends a job and when an operator resumes it', async () => {
    await save('add', 'KEPT-2', {});
    const db = t.database.db;
    const before = await jobListVersion(db.kysely);
    await inWriteTransaction(db, (scope) =>
      suspendJob(scope, db.dialect, 'A', 'KEPT-2', { id: 'none', job_instance_no: 'KEPT-2_1' }),
    );
    const suspended = await jobListVersion(db.kysely);
    expect(suspended).not.toBe(before);
    const r = await t.as('admin-a', { url: '/v1/job/resume?company_code=A&legacy_id=KEPT-2' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await jobListVersion(db.kysely)).not.toBe(suspended);
  });
});

describe('every writer of job_configs in the server marks the job list changed', () => {
  it('no source file writes job_configs without calling bumpJobListVersion', () => {
    const root = path.join(__dirname, '..', 'src');
    const writes =
      /(insertInto|updateTable|deleteFrom)\(\s*'job_configs'|(insert\s+into|update|delete\s+from)\s+job_configs\b/i;
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('migrations'),
    );
    const writers = files.filter((file) => writes.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(writers.length).toBeGreaterThanOrEqual(5);
    const forgetful = writers.filter(
      (file) => !fs.readFileSync(path.join(root, file), 'utf8').includes('bumpJobListVersion('),
    );
    expect(forgetful).toEqual([]);
  });
});

describe('reader threads each keep their own job list (SQLite file)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-job-list-version-'));
  const db = openDatabase({ sqliteFile: path.join(dir, 'lis.sqlite') });
  const reader = openReportReader(db, { threads: 2 });
  const repo = new JobConfigRepository(db.kysely);
  const NOW = Date.parse('2026-11-21T10:00:00+07:00');
  const namesInEveryThread = async () => {
    // Four at once on two threads: both threads answer.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => reader.run('expectedRunReport', ['C1'], NOW, 'Asia/Bangkok')),
    );
    return answers.map((answer) => answer.result_list.map((row) => row.legacyname).join(','));
  };

  beforeAll(async () => {
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await reader.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('see a job written by the server connection in the next answer', async () => {
    await repo.insert(buildJobConfig({ legacy_id: 'JOB1', legacy_name: 'One', updated_at: 1 }));
    expect(await namesInEveryThread()).toEqual(Array(4).fill('One'));
    await repo.insert(buildJobConfig({ legacy_id: 'JOB2', legacy_name: 'Two', updated_at: 2 }));
    expect(await namesInEveryThread()).toEqual(Array(4).fill('One,Two'));
    await repo.update('C1', 'JOB1', { legacy_name: 'First', updated_at: 3 });
    expect(await namesInEveryThread()).toEqual(Array(4).fill('First,Two'));
    await repo.delete('C1', 'JOB2', 4);
    expect(await namesInEveryThread()).toEqual(Array(4).fill('First'));
  });
});

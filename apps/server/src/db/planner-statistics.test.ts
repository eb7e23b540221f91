import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { keepPlannerStatistics, type PlannerStatistics } from './planner-statistics.js';

const COMPANIES = 10;
const JOBS = 500;

/** 10,000 runs of 500 jobs over 10 companies, interleaved as the scheduler queues them. */
async function seedRuns(db: Db) {
  const runs = Array.from({ length: 10_000 }, (_, i) => ({
    id: crypto.randomUUID(),
    job_instance_no: `J${i % JOBS}_${i}`,
    owner_kind: 'job' as const,
    company_code: `C${i % COMPANIES}`,
    legacy_id: `J${i % JOBS}`,
    kind: 'scheduled' as const,
    state: 'FINISHED' as const,
    queued_at: i,
    attempt: 1,
    message: '',
  }));
  for (let start = 0; start < runs.length; start += 500)
    await db.kysely
      .insertInto('job_runs')
      .values(runs.slice(start, start + 500))
      .execute();
}

/** How SQLite would find a job's queued run (Run Immediate's check). */
async function planOfQueuedRunOfJob(db: Db): Promise<string> {
  const plan = await sql<{ detail: string }>`explain query plan
    select job_instance_no from job_runs
    where owner_kind = 'job' and company_code = 'C1' and legacy_id = 'J1' and state = 'QUEUED'`.execute(
    db.kysely,
  );
  return plan.rows.map((row) => row.detail).join('\n');
}

describe('planner statistics (SQLite)', () => {
  let db: Db | undefined;
  let statistics: PlannerStatistics | undefined;
  afterEach(async () => {
    statistics?.stop();
    await db?.close();
  });

  it("once the runs have grown, a job's runs are no longer sought by walking its company's", async () => {
    db = openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    const errors: unknown[] = [];
    statistics = await keepPlannerStatistics(db, (error) => errors.push(error));
    await seedRuns(db);
    // Without statistics SQLite takes the daily report's covering index (owner_kind, company_code, …).
    expect(await planOfQueuedRunOfJob(db)).toContain('job_runs_day_idx (owner_kind=? AND company_code=?)');
    await statistics.refresh();
    const stats = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'job_runs'`.execute(
      db.kysely,
    );
    expect(stats.rows.map((row) => row.idx)).toContain('job_runs_job_idx');
    expect(await planOfQueuedRunOfJob(db)).not.toContain('job_runs_day_idx');
    expect(errors).toEqual([]);
  });

  it('starts without statistics when another process holds the database, and says why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-statistics-'));
    const file = path.join(dir, 'lis.sqlite');
    db = openDatabase({ sqliteFile: file });
    await migrateToLatest(db);
    await seedRuns(db);
    const other = new SqliteDatabase(file);
    other.exec('begin immediate');
    try {
      await sql`pragma busy_timeout = 0`.execute(db.kysely);
      const errors: unknown[] = [];
      statistics = await keepPlannerStatistics(db, (error) => errors.push(error));
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toMatch(/locked|busy/i);
    } finally {
      other.exec('rollback');
      other.close();
      await db.close();
      db = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

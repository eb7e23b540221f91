import type { Kysely } from 'kysely';

/**
 * Indexes for the reports over runs (DESIGN §8: lists p95 < 200 ms with 20 clients). The Daily Report
 * counts a day's runs per company and job: with every column it reads in the index (the run's id too,
 * for its files), it never opens the runs' rows. The Expected Run Job report finds the day's scheduled
 * runs by their fire time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_runs_day_idx')
    .on('job_runs')
    .columns([
      'owner_kind',
      'company_code',
      'queued_at',
      'legacy_id',
      'state',
      'started_at',
      'finished_at',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('job_runs_scheduled_idx')
    .on('job_runs')
    .columns(['owner_kind', 'scheduled_at'])
    .execute();
}

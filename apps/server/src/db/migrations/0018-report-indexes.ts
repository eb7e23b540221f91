import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Issue 19: the report reads of the job list (Expected Run Job, the day timeline, the Daily Report's
 * names) take a few columns of every job of the companies, in key order. On SQLite a job's row is
 * wide (~60 columns), so reading 5,000 of them walks every row's pages; an index holding just those
 * columns in key order answers the read alone (~25 % less time for 5,000 jobs, measured in
 * docs/performance.md). SQLite only: PostgreSQL reads these rows by a sequential scan that is already
 * cheap, and its B-tree entries are capped in size, which a long `cron_trigger` could exceed.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  if (context.dialect !== 'sqlite') return;
  await db.schema
    .createIndex('job_configs_report_idx')
    .on('job_configs')
    .columns([
      'company_code',
      'legacy_id',
      'is_active',
      'created_at',
      'legacy_name',
      'legacy_type',
      'cron_trigger',
    ])
    .execute();
}

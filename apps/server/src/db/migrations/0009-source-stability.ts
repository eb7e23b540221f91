import type { Kysely } from 'kysely';

/**
 * Per-job stability options of step 1 (DESIGN §4 step 1, decision 0018): a minimum file age in
 * seconds (0: none), a done-marker pattern (NULL: none) and the names never taken (NULL: the
 * defaults). Existing jobs keep taking files as before except the default temporary names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One ALTER per column: SQLite accepts a single ADD COLUMN per statement.
  await db.schema
    .alterTable('job_configs')
    .addColumn('sftp_source_min_age_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('job_configs').addColumn('sftp_source_done_marker', 'text').execute();
  await db.schema.alterTable('job_configs').addColumn('sftp_source_exclude_names', 'text').execute();
}

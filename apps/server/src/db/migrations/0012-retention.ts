import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Retention (docs/decisions/0022-retention.md): the lease that lets one node at a time sweep, the queue of
 * kept files to delete from the file store once no ledger row needs them, the mark of a ledger row whose
 * kept copy is gone, and the indexes the sweep's bounded deletes read by age.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  const time = 'bigint';

  // One row per periodic task of the cluster: who holds it, until when, and how its last pass went.
  await db.schema
    .createTable('maintenance_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(100)')
    .addColumn('lease_until', time)
    .addColumn('last_started_at', time)
    .addColumn('last_finished_at', time)
    .addColumn('last_result', 'text')
    .execute();

  // Kept files whose ledger rows are gone (or expired): deleted from the file store after the commit.
  await db.schema
    .createTable('blob_deletions')
    .addColumn('blob_key', 'varchar(400)', (c) => c.primaryKey())
    /** Set for a backup that expired while its run is kept: the delete is skipped if that run was re-run. */
    .addColumn('run_id', 'varchar(36)')
    .addColumn('expired_before', time)
    .addColumn('queued_at', time, (c) => c.notNull())
    .execute();

  // When the kept copy of a ledger row was deleted (the backup window is shorter than the run's).
  await db.schema.alterTable('run_files').addColumn('backup_deleted_at', time).execute();
  await db.schema
    .createIndex('run_files_backup_age_idx')
    .on('run_files')
    .columns(['backup_deleted_at', 'created_at'])
    .execute();
  await db.schema.createIndex('system_log_age_idx').on('system_log').column('created_at').execute();
  await db.schema.createIndex('application_log_age_idx').on('application_log').column('created_at').execute();
  await db.schema.createIndex('mail_outbox_age_idx').on('mail_outbox').column('created_at').execute();
  await db.schema.createIndex('missed_fires_age_idx').on('missed_fires').column('detected_at').execute();
}

import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The scheduler: job and chain configurations (the columns the engine needs; the connection and
 * e-mail columns arrive with the configuration screens), their triggers, runs, missed fires, the
 * nodes of the cluster and the system log.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const time = 'bigint';
  const serial = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('seq', dialect === 'postgres' ? sql`bigserial` : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );

  await db.schema
    .createTable('job_configs')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('legacy_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('legacy_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('important_job', 'varchar(5)', (c) => c.notNull().defaultTo('False'))
    .addColumn('is_active', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
    .addColumn('has_suspend', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
    .addColumn('stopif_step4_error', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
    .addColumn('criteria_stopif_mainstatus_warning', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
    .addColumn('cron_trigger', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('legacy_criteria', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overlap_policy', 'varchar(16)', (c) => c.notNull().defaultTo('skip'))
    .addColumn('misfire_policy', 'varchar(16)', (c) => c.notNull().defaultTo('fire_once_now'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addPrimaryKeyConstraint('job_configs_pk', ['company_code', 'legacy_id'])
    .execute();

  await db.schema
    .createTable('chain_jobs')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('chain_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('chain_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('legacy_list', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
    .addColumn('cron_trigger', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_jobs_pk', ['company_code', 'chain_id'])
    .execute();

  await db.schema
    .createTable('triggers')
    .addColumn('id', 'varchar(250)', (c) => c.primaryKey())
    .addColumn('owner_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('expression', 'varchar(200)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('next_fire_at', time)
    .addColumn('prev_fire_at', time)
    .addColumn('fire_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('misfire_policy', 'varchar(16)', (c) => c.notNull())
    .addColumn('paused_by', 'varchar(64)')
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('triggers_due_idx').on('triggers').columns(['state', 'next_fire_at']).execute();
  await db.schema
    .createIndex('triggers_owner_idx')
    .on('triggers')
    .columns(['owner_kind', 'company_code', 'owner_id', 'position'])
    .unique()
    .execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('job_instance_no', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('owner_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger_id', 'varchar(250)')
    .addColumn('scheduled_at', time)
    .addColumn('parent_run_id', 'varchar(36)')
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('queued_at', time, (c) => c.notNull())
    .addColumn('started_at', time)
    .addColumn('finished_at', time)
    .addColumn('wait_until', time)
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_until', time)
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'varchar(64)')
    .addColumn('cancel_requested_by', 'varchar(64)')
    .addColumn('message', 'text')
    .execute();
  // One run per trigger and fire time, whichever node fires it (NULLs — manual runs — never clash).
  await db.schema
    .createIndex('job_runs_fire_idx')
    .on('job_runs')
    .columns(['trigger_id', 'scheduled_at'])
    .unique()
    .execute();
  await db.schema.createIndex('job_runs_state_idx').on('job_runs').columns(['state', 'queued_at']).execute();
  await db.schema
    .createIndex('job_runs_job_idx')
    .on('job_runs')
    .columns(['company_code', 'legacy_id', 'queued_at'])
    .execute();

  await db.schema
    .createTable('missed_fires')
    .addColumn('trigger_id', 'varchar(250)', (c) => c.notNull())
    .addColumn('scheduled_at', time, (c) => c.notNull())
    .addColumn('detected_at', time, (c) => c.notNull())
    .addColumn('policy', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('missed_fires_pk', ['trigger_id', 'scheduled_at'])
    .execute();

  await db.schema
    .createTable('scheduler_nodes')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('hostname', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('roles', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', time, (c) => c.notNull())
    .addColumn('heartbeat_at', time, (c) => c.notNull())
    .addColumn('stopped_at', time)
    .execute();

  await serial('system_log')
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('job_instance_no', 'varchar(160)')
    .addColumn('log_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('msg_source', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('system_log_instance_idx')
    .on('system_log')
    .columns(['job_instance_no', 'seq'])
    .execute();
  await db.schema
    .createIndex('system_log_created_idx')
    .on('system_log')
    .columns(['company_code', 'created_at'])
    .execute();
}

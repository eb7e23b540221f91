import type { Kysely } from 'kysely';

/**
 * Issue 34: maintenance windows. `maintenance_windows` holds each company's windows and those for
 * every company (company `*`, written by super_admin); `schedule` is the window's JSON
 * (MaintenanceSchedule of @lis/contracts: one-off `from`/`to`, or a recurring cron and duration) as
 * text; a disabled window (`enabled` 0) holds nothing.
 *
 * `triggers.maintenance_held_since`: the database time at which a maintenance window first left the
 * trigger's due fire unfired. The hold stands while the trigger's `next_fire_at` is not after it;
 * when the window ends, the trigger's misfire policy decides (engine/scheduler/maintenance-hold.ts).
 * Every existing trigger is held by nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_windows')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .addPrimaryKeyConstraint('maintenance_windows_pk', ['company_code', 'name'])
    .execute();
  await db.schema.alterTable('triggers').addColumn('maintenance_held_since', 'bigint').execute();
}

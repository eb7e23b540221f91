import type { Kysely } from 'kysely';

/**
 * Issue 34: named business calendars. `calendars` holds each company's own and the shared ones
 * (company `*`, written by super_admin); `definition` is the calendar's JSON (CalendarDefinition of
 * @lis/contracts) as text. `job_configs.trigger_calendars` and `chain_jobs.trigger_calendars` name the
 * calendar of each trigger: `|`-joined, aligned with the `|`-joined cron list ('' at a position: that
 * trigger has no calendar). Every row that exists already has no calendar.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendars')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .addPrimaryKeyConstraint('calendars_pk', ['company_code', 'name'])
    .execute();
  for (const table of ['job_configs', 'chain_jobs'])
    await db.schema
      .alterTable(table)
      .addColumn('trigger_calendars', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
}

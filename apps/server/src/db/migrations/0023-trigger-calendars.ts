import type { Kysely } from 'kysely';

/**
 * Issue 34: the business calendar a trigger fires by. `calendar_company` and `calendar_name` are the
 * calendar the trigger's name resolved to when it was planned (the owner's company's own calendar of
 * that name, else the shared one: company `*`); `calendar_name` without a company: the name resolved
 * to no calendar (the trigger fires without one, as Quartz does for a calendar it cannot find).
 * `calendar_version` is a digest of the definition the trigger's next fire time was planned with, so
 * a re-plan sees that its calendar changed. Every existing trigger has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('triggers').addColumn('calendar_company', 'varchar(32)').execute();
  await db.schema.alterTable('triggers').addColumn('calendar_name', 'varchar(64)').execute();
  await db.schema.alterTable('triggers').addColumn('calendar_version', 'varchar(64)').execute();
}

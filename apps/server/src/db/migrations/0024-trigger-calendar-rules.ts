import type { Kysely } from 'kysely';

/**
 * Issue 34: the business-day rule a trigger fires by, beside its calendar — its text form (`nth=3`,
 * `nth=-1`, `shift=next`, `shift=previous`), as its owner's `trigger_calendars` names it after the
 * calendar (`NAME;RULE`). The trigger's next fire time was planned with it, so a re-plan that finds
 * another rule (or none) plans again, as for a changed calendar. Every existing trigger has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('triggers').addColumn('calendar_rule', 'varchar(32)').execute();
}

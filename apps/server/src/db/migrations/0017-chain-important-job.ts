import type { Kysely } from 'kysely';

/**
 * Issue 17 (point 6): the chain dialog's ImportantJob box (spec 001 "Chain Job Config", shown there
 * but "not wired to data"; DESIGN §81 wires what the spec leaves unwired).
 *
 * `chain_jobs.important_job`: Y/N like the chain's `is_active`, default N — every chain that exists
 * already is not important, as the old dialog never stored the box.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chain_jobs')
    .addColumn('important_job', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
    .execute();
}

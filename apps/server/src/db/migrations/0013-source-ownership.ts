import type { Kysely } from 'kysely';

/**
 * Step 1 takes each source file in two moves: its backup and ledger row, then the delete at the
 * source. Between the two the row is `source_state = 'pending'`: the run holds a backup of a file that
 * may still be at the source. Whoever continues the run (a re-run of step 1, a takeover) settles it —
 * deletes the source if it still holds the same bytes, or lets the file go when another run took it —
 * so that a file is never delivered twice nor lost (docs/reliability.md). NULL: the run owns the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('run_files').addColumn('source_state', 'text').execute();
}

import type { Kysely } from 'kysely';

/**
 * Issue 31: a step re-run keeps the record of each earlier attempt of the steps it runs again. Before
 * the re-run forgets a step's record in `run_steps`, the record is copied here with its attempt number
 * (1 the first run of the step, 2 the first re-run, …) and who asked for the re-run. Monitor Detail
 * shows them under the step. Deleted with the run (retention, the demo's removal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('run_step_attempts')
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('message', 'text')
    .addColumn('message_key', 'varchar(100)')
    .addColumn('message_params', 'text')
    /** Who asked for the re-run that ended this attempt's record, and when. */
    .addColumn('rerun_by', 'varchar(100)')
    .addColumn('rerun_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('run_step_attempts_pk', ['run_id', 'step', 'attempt'])
    .execute();
}

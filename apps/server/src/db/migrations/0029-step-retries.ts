import type { Kysely } from 'kysely';

/**
 * Issue 36, part 2: retry with backoff (docs/retries.md, decision 0050).
 *
 * - `job_configs.retry_policy` and `companies.retry_policy`: the policy as JSON text (attempts,
 *   first_delay_ms, factor, max_delay_ms, jitter); a job's null takes its company's, a company's null
 *   the built-in default (retries off).
 * - `job_runs.retry_*`: the durable schedule of a run whose step failed and will be tried again. The
 *   run is QUEUED (no lease) and no claim takes it before `retry_at`; `retry_step` is the step to run
 *   again, `retry_attempt` the attempt it will be (2 the first retry), `retry_max` the attempts the
 *   policy allowed when it was scheduled (the run shows "attempt 2 of 5"), `retry_cancelled_by` the
 *   operator who cancelled the retries (the step stays ERROR and the run ends). Any node takes the
 *   run when it is due: a restart or a takeover continues the schedule, it never restarts it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_configs').addColumn('retry_policy', 'varchar(300)').execute();
  await db.schema.alterTable('companies').addColumn('retry_policy', 'varchar(300)').execute();
  await db.schema.alterTable('job_runs').addColumn('retry_step', 'integer').execute();
  await db.schema.alterTable('job_runs').addColumn('retry_attempt', 'integer').execute();
  await db.schema.alterTable('job_runs').addColumn('retry_max', 'integer').execute();
  await db.schema.alterTable('job_runs').addColumn('retry_at', 'bigint').execute();
  await db.schema.alterTable('job_runs').addColumn('retry_cancelled_by', 'varchar(100)').execute();
}

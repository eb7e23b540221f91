import type { Kysely } from 'kysely';

/**
 * Issue 35: file deadlines. `job_expectations` holds at most one expectation per job — files expected
 * by `deadline` (HH:MM in LIS_TIMEZONE) on each business day of the job, `min_files`..`max_files` of at
 * least `min_size_bytes`, LATE `warn_before_minutes` before. `version` grows with every change;
 * `days_through` (yyyy-mm-dd) is the last day the evaluator has made day rows for (null: none yet).
 *
 * `expectation_days` holds one row per job and business day: its state (PENDING, ON_TIME, LATE,
 * MISSING, RECOVERED), deadline and warning time (epoch ms), when the files arrived and by which run.
 * Its primary key (company, legacy id, business day) is what makes the evaluation of a day one row
 * however many nodes evaluate it; every state change is an UPDATE conditional on the old state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_expectations')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deadline', 'varchar(5)', (c) => c.notNull())
    .addColumn('warn_before_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_files', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_files', 'integer')
    .addColumn('min_size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('days_through', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .addPrimaryKeyConstraint('job_expectations_pk', ['company_code', 'legacy_id'])
    .execute();
  await db.schema
    .createTable('expectation_days')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('business_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .addColumn('warn_at', 'bigint', (c) => c.notNull())
    .addColumn('arrived_at', 'bigint')
    .addColumn('job_instance_no', 'varchar(160)')
    .addColumn('files', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('evaluated_at', 'bigint')
    .addPrimaryKeyConstraint('expectation_days_pk', ['company_code', 'legacy_id', 'business_day'])
    .execute();
  // The evaluator's pass reads the days still open; the status and reports read a day's rows.
  await db.schema
    .createIndex('expectation_days_state_idx')
    .on('expectation_days')
    .columns(['state', 'deadline_at'])
    .execute();
  await db.schema
    .createIndex('expectation_days_day_idx')
    .on('expectation_days')
    .columns(['business_day', 'company_code'])
    .execute();
}

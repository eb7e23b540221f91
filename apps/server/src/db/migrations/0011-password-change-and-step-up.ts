import type { Kysely } from 'kysely';

/**
 * Issue 15 (decision 0020). `users.must_change_password`: a generated one-time password (the first
 * super_admin's, the demo users', `lis user reset-password`) must be replaced at the first sign-in.
 * `step_up_budget`: one row per user counting step-up attempts (run-now and run-step of important jobs,
 * protected deletes) in a fixed window; the count is raised atomically before the password is
 * verified, so parallel guesses on any node all count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('step_up_budget')
    .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .execute();
}

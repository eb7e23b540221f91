import type { Kysely } from 'kysely';

/**
 * Issue 16 (decision 0026).
 *
 * `users.token_generation`: carried in every LIS token (claim `gen`) and compared with the user's row
 * on every request. Raised when the password changes or is reset; a created user starts at a random
 * value, so a user deleted and created again under the same name does not inherit the old tokens.
 * Rows that exist already start at 0 — tokens issued before this migration carry no `gen` and are
 * refused (everyone signs in once after the upgrade).
 *
 * `login_attempts`: the sign-in throttle, shared by every node. One row per key (user name, address
 * and user name, address, portal address, password change) counting attempts in a fixed window; an
 * attempt is counted by one atomic upsert before the password is verified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('throttle_key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_window_start')
    .on('login_attempts')
    .column('window_start')
    .execute();
}

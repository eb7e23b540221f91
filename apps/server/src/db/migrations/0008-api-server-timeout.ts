import type { Kysely } from 'kysely';

/**
 * The time limit of a function call (step 2) becomes a setting of each API server (DESIGN §5,
 * docs/function-server.md): `api_timeout_seconds`, 1..3600, default 120 — the contract's default, so
 * servers saved before keep the limit the code used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_servers')
    .addColumn('api_timeout_seconds', 'integer', (c) => c.notNull().defaultTo(120))
    .execute();
}

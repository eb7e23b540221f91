import type { Kysely } from 'kysely';

/**
 * Issue 17 (server messages by key). Run messages, step messages and system-log lines keep, beside
 * their English `message`, the key of the message catalogue (`i18n/run-messages.messages.ts`) and its
 * parameters as JSON, so that a reader sees them in their own language. Nullable: rows written before
 * this migration, and text from outside (a peer's error), have no key and read as stored.
 *
 * The application log has no key: its message is the function server's own text for each document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_runs', 'run_steps', 'system_log']) {
    await db.schema.alterTable(table).addColumn('message_key', 'varchar(100)').execute();
    await db.schema.alterTable(table).addColumn('message_params', 'text').execute();
  }
}

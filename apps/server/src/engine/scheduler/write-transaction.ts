import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** A transaction, or a connection inside `BEGIN IMMEDIATE`: both are queried the same way. */
export type WriteScope = Kysely<Database> | Transaction<Database>;

/**
 * Runs `work` in one write transaction. SQLite: `BEGIN IMMEDIATE` on the single connection takes
 * the write lock up front, so two processes on one file never both read a trigger as due and then
 * race to write (a deferred BEGIN would only fail at the first write). PostgreSQL: an ordinary
 * transaction; the callers lock the rows they change (`FOR UPDATE [SKIP LOCKED]`).
 */
export async function inWriteTransaction<T>(db: Db, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().execute(work);
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

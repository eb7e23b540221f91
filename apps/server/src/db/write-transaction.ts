import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** A transaction, or a connection inside `BEGIN IMMEDIATE`: both are queried the same way. */
export type WriteScope = Kysely<Database> | Transaction<Database>;

interface PendingWork {
  work: (scope: WriteScope) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Units of work committed together at most (SQLite group commit). */
const MAX_GROUP = 256;

/** SQLite: the write transactions waiting for the one connection, per database. */
const queues = new WeakMap<Db, { pending: PendingWork[]; draining: boolean }>();

/**
 * Runs `work` in one write transaction. SQLite: `BEGIN IMMEDIATE` on the single connection takes
 * the write lock up front, so two processes on one file never both read a trigger as due and then
 * race to write (a deferred BEGIN would only fail at the first write). PostgreSQL: an ordinary
 * transaction; the callers lock the rows they change (`FOR UPDATE [SKIP LOCKED]`).
 *
 * SQLite group commit (issue 19): the units of work that are waiting for the connection when it
 * frees up run one after the other inside one `BEGIN IMMEDIATE … COMMIT`, each in a savepoint of
 * its own — a unit that throws rolls back to its savepoint and rejects alone, the others commit
 * together. A commit costs far more than the statements of a run's end (the benchmark's profile),
 * and a node ending 16 runs at once paid 16 of them. Nothing waits to fill a group: a unit alone
 * runs at once, as before.
 */
export async function inWriteTransaction<T>(db: Db, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().execute(work);
  let queue = queues.get(db);
  if (!queue) {
    queue = { pending: [], draining: false };
    queues.set(db, queue);
  }
  const result = new Promise<T>((resolve, reject) => {
    queue.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
  if (!queue.draining) void drain(db, queue);
  return result;
}

async function drain(db: Db, queue: { pending: PendingWork[]; draining: boolean }): Promise<void> {
  queue.draining = true;
  try {
    while (queue.pending.length > 0) await commitGroup(db, queue.pending.splice(0, MAX_GROUP));
  } finally {
    queue.draining = false;
  }
}

async function commitGroup(db: Db, group: PendingWork[]): Promise<void> {
  const settled: { unit: PendingWork; value: unknown }[] = [];
  try {
    await db.kysely.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        for (const unit of group) {
          if (group.length === 1) {
            settled.push({ unit, value: await unit.work(connection) });
            continue;
          }
          await sql`savepoint lis_unit`.execute(connection);
          try {
            settled.push({ unit, value: await unit.work(connection) });
            await sql`release lis_unit`.execute(connection);
          } catch (error) {
            try {
              await sql`rollback to lis_unit`.execute(connection);
              await sql`release lis_unit`.execute(connection);
            } catch {
              // SQLite rolled the whole transaction back itself (a full disk): the group fails, and
              // with the unit's error — "no such savepoint" would hide the cause.
              throw error;
            }
            unit.reject(error);
          }
        }
        await sql`commit`.execute(connection);
      } catch (error) {
        // After SQLITE_FULL or an I/O error SQLite may have rolled back already: "no transaction is
        // active" must not replace the error that says why (docs/reliability.md, "Database faults").
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  } catch (error) {
    // BEGIN or COMMIT failed (or a lone unit threw): nothing of the group was written. A unit
    // already rejected by its savepoint ignores the second rejection.
    for (const unit of group) unit.reject(error);
    return;
  }
  for (const { unit, value } of settled) unit.resolve(value);
}

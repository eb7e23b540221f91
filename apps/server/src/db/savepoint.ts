import { sql } from 'kysely';
import type { WriteScope } from './write-transaction.js';

/**
 * `work` inside a savepoint of the caller's transaction `scope`: when it throws, its writes are rolled
 * back and the transaction goes on (on PostgreSQL a failed statement would otherwise doom it), and the
 * error is rethrown. `name` is a plain identifier of the caller's.
 */
export async function inSavepoint<T>(scope: WriteScope, name: string, work: () => Promise<T>): Promise<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new RangeError(`not a savepoint name: ${name}`);
  const id = sql.id(name);
  await sql`savepoint ${id}`.execute(scope);
  try {
    const value = await work();
    await sql`release savepoint ${id}`.execute(scope);
    return value;
  } catch (error) {
    await sql`rollback to savepoint ${id}`.execute(scope);
    await sql`release savepoint ${id}`.execute(scope);
    throw error;
  }
}

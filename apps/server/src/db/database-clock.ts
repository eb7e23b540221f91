import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/**
 * The database's clock in epoch milliseconds. Due checks and leases use it, never a node's own
 * clock, so nodes whose clocks disagree still agree on what is due (DESIGN §3).
 */
export async function databaseNow(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ now: number | string }>`select (extract(epoch from clock_timestamp()) * 1000)::bigint as now`
      : sql<{
          now: number;
        }>`select cast(round((julianday('now') - 2440587.5) * 86400000.0) as integer) as now`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.now);
}

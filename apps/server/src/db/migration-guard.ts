import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database.js';

/**
 * The database was last migrated by a newer LIS: it has migrations this version does not know.
 * Migrations only run forward, so starting an older version on it could misread its tables.
 */
export class DatabaseNewerThanCodeError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `The database was migrated by a newer version of LIS: it has the migration(s) ${unknownMigrations.join(', ')}, ` +
        'which this version does not know. Migrations never run backwards: start the newer version again, ' +
        'or restore a backup made with this version (README "Upgrading").',
    );
    this.name = 'DatabaseNewerThanCodeError';
  }
}

/** The names in the migration table (none before the first migration). */
export async function appliedMigrationNames(
  kysely: Kysely<unknown>,
  dialect: DialectName,
  table: string,
): Promise<string[]> {
  const found =
    dialect === 'sqlite'
      ? await sql<{
          n: number | string;
        }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(kysely)
      : await sql<{
          n: number | string;
        }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(
          kysely,
        );
  if (Number(found.rows[0]?.n ?? 0) === 0) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(kysely);
  return rows.map((row) => row.name);
}

/** Refuses a database that holds migrations the code does not know (a data folder newer than the code). */
export async function refuseNewerDatabase(
  kysely: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  known: readonly string[],
): Promise<void> {
  const unknown = (await appliedMigrationNames(kysely, dialect, table)).filter(
    (name) => !known.includes(name),
  );
  if (unknown.length) throw new DatabaseNewerThanCodeError(unknown.sort());
}

import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** A description safe to log (no password). */
  description: string;
  /** The SQLite file (absent on PostgreSQL): other read-only connections may open it (WAL). */
  sqliteFile?: string;
  close(): Promise<void>;
}

/** Answers when the database does (the readiness probe); throws when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

// bigint (int8) columns hold epoch milliseconds: well inside Number's exact range.
pg.types.setTypeParser(20, (value) => Number(value));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for tests. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
}

export function openDatabase(options: OpenOptions): Db {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.pgSchema, options.pgPoolSize ?? 10);
  return openSqlite(options.sqliteFile ?? ':memory:');
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    kysely,
    dialect: 'sqlite',
    description: `SQLite ${file}`,
    sqliteFile: file,
    close: () => kysely.destroy(),
  };
}

function openPostgres(url: string, schema: string | undefined, max: number): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return {
    kysely,
    dialect: 'postgres',
    description: `PostgreSQL ${safe.host}${safe.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => kysely.destroy(),
  };
}

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

/**
 * Answers when the database does (the readiness probe); throws when it cannot be reached or does not
 * answer within `timeoutMs` (a database behind a dropped network would otherwise hold the probe).
 */
export async function pingDatabase(db: Db, timeoutMs = 3_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db.kysely), late]);
  } finally {
    clearTimeout(timer);
  }
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
  /** PostgreSQL `application_name` of the pool's connections (APPLICATION_NAME unless the URL names one). */
  applicationName?: string;
  /**
   * PostgreSQL: told when a connection of the pool breaks (the server restarted, an administrator
   * terminated it, the network dropped it). The connection is dropped and the next query opens another;
   * without a listener such an error would end the process.
   */
  onConnectionError?: (error: Error) => void;
}

/** PostgreSQL's `application_name` of LIS's connections, unless the URL names another. */
export const APPLICATION_NAME = 'lis';
/** How long opening a PostgreSQL connection may take before the query fails (retryable). */
const CONNECT_TIMEOUT_MS = 10_000;

export function openDatabase(options: OpenOptions): Db {
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.pgSchema,
      options.pgPoolSize ?? 10,
      options.onConnectionError ?? (() => undefined),
      options.applicationName ?? APPLICATION_NAME,
    );
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

function openPostgres(
  url: string,
  schema: string | undefined,
  max: number,
  onConnectionError: (error: Error) => void,
  applicationName: string,
): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that breaks is reported on the pool, which drops it. One that is checked out
  // (Kysely holds it between the statements of a transaction) emits on itself: the statement in flight,
  // or the next one, fails (retryable, see isDatabaseUnavailable) and its caller reports it; the pool
  // drops the connection when it comes back, and the next query opens another.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', () => undefined));
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

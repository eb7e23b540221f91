import crypto from 'node:crypto';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { LisServer } from './server.js';

type Row = Record<string, string | number | null>;

/**
 * Opens the running server's embedded SQLite file (`<LIS_DATA_DIR>/lis.sqlite`, WAL mode) for what
 * the API cannot do yet, runs `work`, and closes it. The server keeps running: writes wait for its
 * lock (busy timeout) like any other connection.
 */
export function withServerDatabase<T>(
  server: LisServer,
  work: (db: SqliteDatabase.Database) => T,
  options: { readonly?: boolean } = {},
): T {
  const db = new SqliteDatabase(path.join(server.dataDir, 'lis.sqlite'), {
    readonly: options.readonly ?? false,
    fileMustExist: true,
  });
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Changes job rows behind the server's back (a test's shortcut), and replaces the job list's version
 * as every writer of `job_configs` in the product does (the Expected Run Job keeps the job list while
 * the version stands).
 */
export function updateJobConfigs(server: LisServer, sql: string, ...params: unknown[]): void {
  withServerDatabase(server, (db) =>
    db.transaction(() => {
      db.prepare(sql).run(...params);
      db.prepare(
        `insert into settings (key, value, updated_at) values ('job_list_version', ?, ?)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
      ).run(crypto.randomUUID(), Date.now());
    })(),
  );
}

/** Inserts rows into `table` of the server's database, in one transaction (columns from the first row). */
export function insertRows(server: LisServer, table: string, rows: readonly Row[]): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {});
  const sql =
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
    `values (${columns.map((c) => `@${c}`).join(', ')})`;
  withServerDatabase(server, (db) => {
    const insert = db.prepare(sql);
    db.transaction(() => rows.forEach((row) => insert.run(row)))();
  });
}

/** `select count(*)` of `table`, optionally under a `where` with `?` parameters. */
export function countRows(
  server: LisServer,
  table: string,
  where?: string,
  ...parameters: (string | number)[]
): number {
  return withServerDatabase(
    server,
    (db) => {
      const sql = `select count(*) as n from "${table}"${where ? ` where ${where}` : ''}`;
      const row = db.prepare(sql).get(...parameters) as { n: number };
      return Number(row.n);
    },
    { readonly: true },
  );
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../test-support/eventually.js';
import { openDatabase, type Db } from './database.js';
import { describeDatabaseFailure, isDatabaseUnavailable } from './database-errors.js';
import { migrateToLatest } from './migrate.js';
import { inWriteTransaction } from './write-transaction.js';

/**
 * The embedded store's own faults (issue 32, docs/reliability.md "Database faults"): another process
 * holding the write lock (SQLITE_BUSY), and a full disk (SQLITE_FULL, simulated with a `max_page_count`
 * just above the file's size — a tmpfs of a few MB would need a mount this test cannot make).
 */
let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-sqlite-faults-'));
  file = path.join(dir, 'lis.sqlite');
  db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const HOLD_MS = 400;

/** Another process takes the write lock, holds it HOLD_MS, commits; resolves once it holds it. */
async function lockHolder(): Promise<{ done: Promise<number | null> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { timeout: 0 });
    db.exec('begin immediate');
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${HOLD_MS});
    db.exec('commit');
    db.close();
  `;
  const child = spawn(process.execPath, ['-e', script, file], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await eventually(() => output.includes('locked'), { message: 'the other process to hold the lock' });
  return { done };
}

describe('SQLite, the embedded store', () => {
  it(`waits for a lock another process holds (busy timeout 5 s) instead of failing`, async () => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db.kysely);
    expect(rows[0]?.timeout).toBe(5000);
    const holder = await lockHolder();
    // The lock is real: a connection that does not wait is refused at once, and that error is retryable.
    const impatient = new SqliteDatabase(file, { timeout: 0 });
    let refused: unknown;
    try {
      impatient.exec(`insert into settings (key, value, updated_at) values ('impatient', '1', 0)`);
    } catch (error) {
      refused = error;
    } finally {
      impatient.close();
    }
    expect((refused as { code?: string } | undefined)?.code).toBe('SQLITE_BUSY');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(describeDatabaseFailure(refused)).toMatch(/stayed locked past the busy timeout/);

    // LIS's connection waits for the other process's commit, then writes.
    await db.kysely.insertInto('settings').values({ key: 'patient', value: '1', updated_at: 0 }).execute();
    expect(await holder.done).toBe(0);
    const row = await db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'patient')
      .executeTakeFirst();
    expect(row?.value).toBe('1');
  });

  it('a full disk refuses the write with a clear error, keeps what was committed, and writes again once there is room', async () => {
    await db.kysely.insertInto('settings').values({ key: 'before', value: 'kept', updated_at: 0 }).execute();
    const pages = Number(
      (await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely)).rows[0]?.page_count,
    );
    // The disk is full: the file may not grow by a single page more.
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db.kysely);
    const big = 'x'.repeat(64 * 1024);
    let failure: unknown;
    try {
      // LIS's write path (group commit), with many units queued together.
      await Promise.all(
        Array.from({ length: 64 }, (_, i) =>
          inWriteTransaction(db, (scope) =>
            scope
              .insertInto('settings')
              .values({ key: `big-${i}`, value: big, updated_at: 0 })
              .execute(),
          ),
        ),
      );
    } catch (error) {
      failure = error;
    }
    expect((failure as { code?: string } | undefined)?.code).toBe('SQLITE_FULL');
    expect(describeDatabaseFailure(failure)).toMatch(/^the disk of the SQLite database is full \(/);
    // Not "unavailable": a run is not handed back into the same full disk in a loop.
    expect(isDatabaseUnavailable(failure)).toBe(false);

    // Nothing of the refused transaction, everything before it, and a sound file.
    const keys = await db.kysely.selectFrom('settings').select('key').execute();
    expect(keys.map((row) => row.key)).toContain('before');
    expect(keys.some((row) => row.key.startsWith('big-'))).toBe(false);
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
    expect(check.rows).toEqual([{ integrity_check: 'ok' }]);

    // Room again (space freed): the same write succeeds, on the same connection.
    await sql.raw(`pragma max_page_count = 1073741823`).execute(db.kysely);
    await db.kysely.insertInto('settings').values({ key: 'after', value: big, updated_at: 0 }).execute();
    await db.close();
    const reopened = new SqliteDatabase(file, { readonly: true });
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(
        reopened.prepare(`select key from settings where key in ('before', 'after') order by key`).all(),
      ).toEqual([{ key: 'after' }, { key: 'before' }]);
    } finally {
      reopened.close();
    }
    db = openDatabase({ sqliteFile: file });
  });
});

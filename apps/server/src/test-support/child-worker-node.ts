import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { eventually } from './eventually.js';
import { createTestDatabase } from './test-database.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** A database that a child process (a worker node to be killed) can open too. */
export interface SharedDatabase {
  db: Db;
  /** What the child needs to open the same database (see the fixtures under test/fixtures/). */
  childEnv: Record<string, string>;
  cleanup(): Promise<void>;
}

async function postgresShared(): Promise<SharedDatabase> {
  const test = await createTestDatabase('postgres');
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(test.db.kysely);
  return {
    db: test.db,
    childEnv: {
      WORKER_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      WORKER_PG_SCHEMA: rows[0]?.schema ?? '',
    },
    cleanup: () => test.drop(),
  };
}

async function sqliteFileShared(): Promise<SharedDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-node-kill-'));
  const file = path.join(dir, 'lis.db');
  const db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db);
  return {
    db,
    childEnv: { WORKER_SQLITE_FILE: file },
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The databases a child process can share: a SQLite file always, PostgreSQL when configured. */
export const SHARED_DATABASES: Array<[string, () => Promise<SharedDatabase>]> = process.env.TEST_DATABASE_URL
  ? [
      ['postgres', postgresShared],
      ['sqlite file', sqliteFileShared],
    ]
  : [['sqlite file', sqliteFileShared]];

/** Starts a worker-node fixture in a child process; resolves once it printed `claimed {runId}`. */
export async function startNodeThatClaims(
  fixture: string,
  env: Record<string, string>,
  runId: string,
  timeoutMs = 30_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx/esm', fixture], {
    // From the repository, whatever the test process's working folder is: `tsx` resolves from there.
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: { code: number | null } | undefined;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', (code) => (exit = { code }));
  try {
    await eventually(
      () => {
        if (output.includes(`claimed ${runId}`)) return true;
        if (exit) throw new Error(`node exited (${exit.code}) before claiming: ${output}`);
        return false;
      },
      { timeout: timeoutMs, message: `the node to claim ${runId}` },
    );
  } catch (error) {
    if (exit) throw error;
    throw new Error(`no claim within ${timeoutMs / 1000} s: ${output}`, { cause: error });
  }
  return child;
}

/** SIGKILLs the child; resolves when it is gone. */
export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * The database-fault tests' nodes: real LIS servers (`src/main.ts`, every role) in child processes, on
 * one PostgreSQL schema, each with a data folder of its own, the database file store, and an
 * `application_name` of its own — so that a test terminates the backends of ITS nodes only
 * (`pg_terminate_backend … where application_name = …`), never another test's on the shared server.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { eventually } from '../src/test-support/eventually.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const MAIN = path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');

export interface ServerNode {
  name: string;
  /** PostgreSQL `application_name` of every connection of this node (pool and LISTEN). */
  applicationName: string;
  url: string;
  /** Whether the process still runs. */
  alive(): boolean;
  /** What the node printed (its log), to read a failure. */
  output(): string;
  /** GET /readyz's status (0 when the node does not answer). */
  readiness(): Promise<number>;
  stop(): Promise<void>;
}

export interface NodeDatabase {
  /** The PostgreSQL server's URL (TEST_DATABASE_URL), with the port the node connects to. */
  url: string;
  port?: number;
  schema: string;
}

/** The connection string of a node: the test's schema and the node's own application name. */
export function nodeDatabaseUrl(database: NodeDatabase, applicationName: string): string {
  const url = new URL(database.url);
  if (database.port !== undefined) url.port = String(database.port);
  url.searchParams.set('application_name', applicationName);
  url.searchParams.set('options', `-c search_path=${database.schema}`);
  return url.href;
}

/** Starts a LIS node; resolves once it serves (its URL is read from its log). */
export async function startServerNode(
  name: string,
  database: NodeDatabase,
  masterKey: Buffer,
): Promise<ServerNode> {
  const applicationName = `lis-test-${crypto.randomBytes(5).toString('hex')}-${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lis-dbfault-${name}-`));
  const env: Record<string, string> = {};
  // The test process's own LIS_* variables are not the node's.
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !key.startsWith('LIS_') && key !== 'DATABASE_URL') env[key] = value;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx/esm', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      DATABASE_URL: nodeDatabaseUrl(database, applicationName),
      LIS_DATA_DIR: dataDir,
      LIS_FILE_STORE: 'database',
      LIS_MASTER_KEY: masterKey.toString('base64'),
      LIS_HOST: '127.0.0.1',
      LIS_PORT: '0',
      LIS_DEMO: 'off',
      LIS_ADMIN_PASSWORD: `Node-${crypto.randomBytes(9).toString('hex')}`,
      LIS_LOG_REQUESTS: 'off',
      LIS_TIMEZONE: 'Asia/Bangkok',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const url = await eventually(
    () => {
      if (exit) throw new Error(`node ${name} exited (${exit.code}) before serving: ${output}`);
      return /LIS is serving the console and the API at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    },
    { timeout: 60_000, message: `node ${name} to serve` },
  );
  return {
    name,
    applicationName,
    url,
    alive: () => exit === undefined,
    output: () => output,
    readiness: async () => {
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) });
        return response.status;
      } catch {
        return 0;
      }
    },
    stop: async () => {
      if (!exit) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Terminates every backend of these nodes (only theirs); answers how many were terminated. */
export async function terminateBackendsOf(db: Db, nodes: readonly ServerNode[]): Promise<number> {
  const names = nodes.map((node) => node.applicationName);
  const { rows } = await sql<{ terminated: boolean }>`
    select pg_terminate_backend(pid) as terminated from pg_stat_activity
    where application_name in (${sql.join(names)}) and pid <> pg_backend_pid()`.execute(db.kysely);
  return rows.filter((row) => row.terminated).length;
}

/** Waits until every node runs and answers /readyz 200; answers how long that took. */
export async function allReady(nodes: readonly ServerNode[], timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  await eventually(
    async () => {
      for (const node of nodes)
        if (!node.alive()) throw new Error(`node ${node.name} exited:\n${node.output().slice(-4_000)}`);
      const states = await Promise.all(nodes.map((node) => node.readiness()));
      return states.every((status) => status === 200);
    },
    { timeout: timeoutMs, interval: 100, message: 'both nodes to be alive and ready' },
  );
  return Date.now() - started;
}

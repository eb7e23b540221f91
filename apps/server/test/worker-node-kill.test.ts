import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { inProcessSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { Worker } from '../src/engine/worker/worker.js';
import {
  insertRun,
  RecordingHandler,
  runReaches,
  systemLogOf,
} from '../src/engine/worker/worker-test-support.js';
import { createTestDatabase, type TestDatabase } from '../src/test-support/test-database.js';

const LEASE_MS = 2_000;
const RECOVERY_MS = 250;
/** Process and database latency on top of lease + recovery interval. */
const SLACK_MS = 1_000;
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'worker-node.ts');

interface Target {
  db: Db;
  childEnv: Record<string, string>;
  cleanup(): Promise<void>;
}

async function postgresTarget(): Promise<Target> {
  const test: TestDatabase = await createTestDatabase('postgres');
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

async function sqliteFileTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-worker-kill-'));
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

/** Starts the fixture node; resolves with the process once it has claimed `runId`. */
function startNodeThatClaims(env: Record<string, string>, runId: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx/esm', FIXTURE], {
    env: { ...process.env, ...env, WORKER_LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no claim within 20 s: ${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`claimed ${runId}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`node exited (${code}) before claiming: ${output}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const targets: Array<[string, () => Promise<Target>]> = [['sqlite file', sqliteFileTarget]];
if (process.env.TEST_DATABASE_URL) targets.unshift(['postgres', postgresTarget]);

describe.each(targets)('a node killed during a run (%s)', (_name, open) => {
  let target: Target | undefined;
  let worker: Worker | undefined;
  let child: ChildProcess | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await worker?.stop();
    await target?.cleanup();
    worker = undefined;
    target = undefined;
  });

  async function killNodeMidRun(maxAttempts: number) {
    target = await open();
    const run = await insertRun(target.db);
    child = await startNodeThatClaims(target.childEnv, run.id);
    const claimed = await runReaches(target.db, run.id, ['RUNNING']);
    const killedAt = Date.now();
    await killed(child);

    const handler = new RecordingHandler();
    worker = new Worker({
      db: target.db,
      signal: inProcessSignal(),
      handler,
      leaseMs: LEASE_MS,
      pollMs: 100,
      recoveryMs: RECOVERY_MS,
      maxAttempts,
    });
    await worker.start();
    const ended = await runReaches(target.db, run.id, ['FINISHED', 'ERROR'], 15_000);
    const elapsed = Date.now() - killedAt;
    console.info(`${_name}: maxAttempts ${maxAttempts}, killed → ${ended.state} in ${elapsed} ms`);
    expect(elapsed).toBeLessThan(LEASE_MS + RECOVERY_MS + SLACK_MS);
    return { run, claimed, ended, handler, worker };
  }

  it('another node takes the run over within the lease time and completes it', async () => {
    const { run, claimed, ended, handler, worker: taker } = await killNodeMidRun(2);
    expect(claimed.attempt).toBe(1);
    expect(ended).toMatchObject({ state: 'FINISHED', attempt: 2, message: 'done' });
    expect(handler.calls).toEqual([
      expect.objectContaining({ runId: run.id, node: taker.nodeId, attempt: 2 }),
    ]);
    const log = await systemLogOf(target!.db, run.job_instance_no);
    expect(log.some((line) => line.startsWith(`lease of node ${claimed.lease_owner} expired`))).toBe(true);
    expect(log).toContain(`run taken over by node ${taker.nodeId} (attempt 2)`);
  });

  it('ends the run "node lost" when its attempts are used up', async () => {
    const { run, claimed, ended, handler } = await killNodeMidRun(1);
    expect(ended).toMatchObject({ state: 'ERROR', message: 'node lost', attempt: 1 });
    expect(handler.calls).toHaveLength(0);
    expect(await systemLogOf(target!.db, run.job_instance_no)).toContain(
      `node lost: ${claimed.lease_owner} (attempt 1)`,
    );
  });
});

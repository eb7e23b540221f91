import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReferenceFunction } from '../../../tools/reference-function-server/function-contract.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createPipelineHandler } from '../src/engine/pipeline/create-pipeline.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { createTestDatabase } from '../src/test-support/test-database.js';
import {
  API_PASSWORD,
  API_USER,
  bigCsv,
  deliveriesOf,
  eventually,
  expectNothingLostOrDoubled,
  FaultApp,
  inWaitJob,
  partialFileIn,
  sourceScene,
} from './pipeline-faults-harness.js';
import { startSlowForwarder, type SlowForwarder } from './pipeline-faults-network.js';

const LEASE_MS = 2_000;
const LINK_BYTES_PER_SECOND = 1_500_000;
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'pipeline-worker-node.ts');

interface Target {
  db: Db;
  childEnv: Record<string, string>;
  cleanup(): Promise<void>;
}

async function postgresTarget(): Promise<Target> {
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

async function sqliteFileTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-pipeline-kill-'));
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

/** Starts the pipeline worker node; resolves once it has claimed `runId`. */
function startNodeThatClaims(env: Record<string, string>, runId: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx/esm', FIXTURE], {
    env: { ...process.env, ...env, WORKER_LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no claim within 30 s: ${output}`)), 30_000);
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

/**
 * Fault/slowFirstCall: the first call waits like Demo/slow (until the caller hangs up); later calls
 * echo the files back as success files, so the takeover has something to deliver.
 */
function slowFirstCall(calls: { count: number; firstStarted: () => void }): ReferenceFunction {
  return {
    description: 'waits on the first call, echoes afterwards',
    run: async (request, { signal }) => {
      calls.count += 1;
      if (calls.count === 1) {
        calls.firstStarted();
        await wait(60_000, undefined, { signal });
      }
      return {
        status: 'success',
        message: `${request.files.length} file(s) echoed`,
        files: request.files.map((file) => ({
          file_name: file.file_name,
          content_base64: file.content_base64,
          kind: 'success' as const,
        })),
        results: request.files.map((file) => ({ status: 'S', message: 'echoed', file_name: file.file_name })),
      };
    },
  };
}

const targets: Array<[string, () => Promise<Target>]> = [['sqlite file', sqliteFileTarget]];
if (process.env.TEST_DATABASE_URL) targets.unshift(['postgres', postgresTarget]);

let sshd: OpenSshServer | undefined;
beforeAll(async () => {
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await sshd?.stop();
});

describe.skipIf(!canRunOpenSsh()).each(targets)('a worker node killed mid-run (%s)', (_name, open) => {
  let target: Target;
  let app: FaultApp;
  let fapp: ReferenceFunctionServer;
  let root: string;
  let child: ChildProcess | undefined;
  let slow: SlowForwarder | undefined;
  let firstCall: Promise<void>;
  const calls: { count: number; firstStarted: () => void } = { count: 0, firstStarted: () => undefined };

  beforeEach(async () => {
    calls.count = 0;
    firstCall = new Promise<void>((resolve) => (calls.firstStarted = resolve));
    fapp = await createReferenceFunctionServer({
      username: API_USER,
      password: API_PASSWORD,
      functions: { 'Fault/slowFirstCall': slowFirstCall(calls) },
    });
    target = await open();
    app = await FaultApp.create(target.db);
    await app.saveSftpServer('sftp-a', sshd as OpenSshServer);
    await app.saveApiServer('fapp-a', fapp.url);
    root = fs.mkdtempSync('/tmp/lis-faults-node-');
    fs.chmodSync(root, 0o755);
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) await killed(child);
    child = undefined;
    await app?.close();
    await slow?.close();
    slow = undefined;
    await fapp?.close();
    await target?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Queues a run of `legacyId` and starts the child node; answers once the node has claimed it. */
  async function runOnChildNode(legacyId: string): Promise<{ runId: string; node: ChildProcess }> {
    const runId = await app.queueRun(legacyId, 'IN_WAIT');
    child = await startNodeThatClaims(
      {
        ...target.childEnv,
        WORKER_DATA_DIR: app.config.dataDir,
        WORKER_MASTER_KEY: app.masterKey.toString('hex'),
      },
      runId,
    );
    return { runId, node: child };
  }

  /** Kills the node and lets an in-process worker take the run over; answers the ended run. */
  async function killAndTakeOver(runId: string, node: ChildProcess) {
    const victim = (await app.runOf(runId)).lease_owner;
    await killed(node);
    const taker = await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey), {
      leaseMs: LEASE_MS,
      recoveryMs: 250,
    });
    const run = await app.ended(runId, 40_000);
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(run.attempt).toBe(2);
    const log = await app.systemLog(run);
    expect(log.some((line) => line.startsWith(`lease of node ${victim} expired`))).toBe(true);
    expect(log).toContain(`run taken over by node ${taker.nodeId} (attempt 2)`);
    await eventually('the taker to hold no run', () => (taker.heldRunIds().length === 0 ? true : undefined));
    const count = (text: string) => log.filter((line) => line.startsWith(text)).length;
    return { run, count };
  }

  it('while step 2 waits: another worker takes the run over after the lease, continues after step 1, delivers once', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'KILLED', { 'k.csv': 'K1,x,1\nK2,y,2\n' });
    await app.addJob('KILLED', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'slowFirstCall' }),
      api_classname: 'Fault',
    });
    const { runId, node } = await runOnChildNode('KILLED');
    // Step 2 waits on the function: steps 1 and 5 are done, the source backed up and deleted.
    await firstCall;
    expect(await app.stepStatuses(runId)).toEqual({ 1: 'SUCCESS', 5: 'SUCCESS', 2: 'RUNNING' });
    expect(fs.readdirSync(inbox)).toEqual([]);

    const { count } = await killAndTakeOver(runId, node);
    expect(calls.count).toBe(2);
    expect(count('step 1 (load files) started')).toBe(1);
    expect(count('step 5 (conversion) started')).toBe(1);
    expect(count('step 2 (call function) started')).toBe(2);
    expect(count('downloaded ')).toBe(1);
    expect(count('deleted ')).toBe(1);
    const backups = await app.db.kysely
      .selectFrom('run_files')
      .select(['file_name', 'sha256'])
      .where('run_id', '=', runId)
      .where('list_type', '=', 'source')
      .execute();
    expect(backups).toEqual([{ file_name: 'k.csv', sha256: sources.get('k.csv') }]);
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/k.csv`]);
    expect(fs.readFileSync(path.join(outbox, 'return_success', 'k.csv'), 'utf8')).toBe('K1,x,1\nK2,y,2\n');
    const scene = { app, legacyId: 'KILLED', sourceDir: inbox, sources, deleteSource: true };
    await expectNothingLostOrDoubled({ ...scene, returnDirs: [outbox] });
  });

  it('mid-download (step 1): the taker downloads the source again, backs it up once, deletes it after, delivers once', async () => {
    slow = await startSlowForwarder((sshd as OpenSshServer).port, LINK_BYTES_PER_SECOND);
    await app.saveSftpServer('sftp-slow', sshd as OpenSshServer, slow.port);
    const big = bigCsv(1_500, 2_000, 'N');
    const { inbox, outbox, sources } = sourceScene(root, 'KILLED-1', { 'big.csv': big });
    await app.addJob('KILLED-1', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
      sftp_source_server_id: 'sftp-slow',
    });
    const { runId, node } = await runOnChildNode('KILLED-1');
    await partialFileIn(path.join(app.config.dataDir, 'tmp', runId), /lis-part-/, 64 * 1024);
    expect(await app.stepStatuses(runId)).toEqual({ 1: 'RUNNING' });

    const { count } = await killAndTakeOver(runId, node);
    expect(count('step 1 (load files) started')).toBe(2);
    expect(count('downloaded ')).toBe(1);
    expect(count('deleted ')).toBe(1);
    expect(fs.readdirSync(inbox)).toEqual([]);
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/big.csv`]);
    expect(fs.existsSync(path.join(app.config.dataDir, 'tmp', runId))).toBe(false);
    const scene = { app, legacyId: 'KILLED-1', sourceDir: inbox, sources, deleteSource: true };
    await expectNothingLostOrDoubled({ ...scene, returnDirs: [outbox] });
  });

  it('mid-delivery (step 3): the taker delivers only what was not delivered, nothing twice', async () => {
    slow = await startSlowForwarder((sshd as OpenSshServer).port, LINK_BYTES_PER_SECOND);
    await app.saveSftpServer('sftp-slow', sshd as OpenSshServer, slow.port);
    const big = bigCsv(1_500, 2_000, 'M');
    const { inbox, outbox, sources } = sourceScene(root, 'KILLED-3', { 'a.csv': 'A1,x,1\n', 'big.csv': big });
    await app.addJob('KILLED-3', {
      ...inWaitJob({ inbox, outbox, deleteSource: false, sftp: 'sftp-a', fn: 'echo' }),
      sftp_return_server_id: 'sftp-slow',
    });
    const { runId, node } = await runOnChildNode('KILLED-3');
    // a.csv is delivered; big.csv is being written under its temporary name: kill the node.
    await partialFileIn(outbox, /^\.big\.csv\.lis-part-/, 64 * 1024);
    expect(await app.stepStatuses(runId)).toMatchObject({ 2: 'SUCCESS', 3: 'RUNNING' });
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-slow:${outbox}/return_success/a.csv`]);

    const { run, count } = await killAndTakeOver(runId, node);
    expect(count('step 2 (call function) started')).toBe(1);
    expect(count('step 3 (return files) started')).toBe(2);
    expect(count(`delivered ${outbox}/return_success/a.csv `)).toBe(1);
    expect(count(`delivered ${outbox}/return_success/big.csv `)).toBe(1);
    expect((await app.steps(run.id))[3]?.message).toBe('1 file(s) delivered, 1 already delivered before');
    expect(await deliveriesOf(app, runId)).toEqual([
      `sftp:sftp-slow:${outbox}/return_success/a.csv`,
      `sftp:sftp-slow:${outbox}/return_success/big.csv`,
    ]);
    const scene = { app, legacyId: 'KILLED-3', sourceDir: inbox, sources, deleteSource: false };
    await expectNothingLostOrDoubled({ ...scene, returnDirs: [outbox] });
  });
});

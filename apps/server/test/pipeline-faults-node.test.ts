import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  deliveriesOf,
  eventually,
  expectNothingLostOrDoubled,
  FaultApp,
  sha256,
} from './pipeline-faults-harness.js';

const LEASE_MS = 2_000;
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
  let target: Target | undefined;
  let app: FaultApp | undefined;
  let child: ChildProcess | undefined;
  let fapp: ReferenceFunctionServer | undefined;
  let root: string | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) await killed(child);
    await app?.close();
    await fapp?.close();
    await target?.cleanup();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    child = undefined;
    app = undefined;
    fapp = undefined;
    target = undefined;
  });

  it('another worker takes the run over after the lease, continues after step 1, delivers once', async () => {
    let firstStarted: () => void = () => undefined;
    const firstCall = new Promise<void>((resolve) => (firstStarted = resolve));
    const calls = { count: 0, firstStarted };
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
    const inbox = path.join(root, 'in');
    const outbox = path.join(root, 'out');
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    const content = 'K1,x,1\nK2,y,2\n';
    fs.writeFileSync(path.join(inbox, 'k.csv'), content);
    await app.addJob('KILLED', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_source_isdeletesource: 'Y',
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: outbox,
      api_serverid: 'fapp-a',
      api_classname: 'Fault',
      api_function_name: 'slowFirstCall',
    });

    const runId = await app.queueRun('KILLED', 'IN_WAIT');
    child = await startNodeThatClaims(
      {
        ...target.childEnv,
        WORKER_DATA_DIR: app.config.dataDir,
        WORKER_MASTER_KEY: app.masterKey.toString('hex'),
      },
      runId,
    );
    // Step 2 waits on the function: steps 1 and 5 are done, the source backed up and deleted.
    await firstCall;
    expect(await app.stepStatuses(runId)).toEqual({ 1: 'SUCCESS', 5: 'SUCCESS', 2: 'RUNNING' });
    expect(fs.readdirSync(inbox)).toEqual([]);
    const victim = (await app.runOf(runId)).lease_owner;
    await killed(child);

    const taker = await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey), {
      leaseMs: LEASE_MS,
      recoveryMs: 250,
    });
    const run = await app.ended(runId, 40_000);
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(run.attempt).toBe(2);
    expect(calls.count).toBe(2);

    const log = await app.systemLog(run);
    const count = (text: string) => log.filter((line) => line.startsWith(text)).length;
    expect(log.some((line) => line.startsWith(`lease of node ${victim} expired`))).toBe(true);
    expect(log).toContain(`run taken over by node ${taker.nodeId} (attempt 2)`);
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
    expect(backups).toEqual([{ file_name: 'k.csv', sha256: sha256(content) }]);
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/k.csv`]);
    expect(fs.readFileSync(path.join(outbox, 'return_success', 'k.csv'), 'utf8')).toBe(content);
    await eventually('the taker to hold no run', () => (taker.heldRunIds().length === 0 ? true : undefined));
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'KILLED',
      sourceDir: inbox,
      sources: new Map([['k.csv', sha256(content)]]),
      deleteSource: true,
      returnDirs: [outbox],
    });
  });
});

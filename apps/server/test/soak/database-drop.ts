import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, pingDatabase, type Db } from '../../src/db/database.js';
import { openBlobStore } from '../../src/engine/files/file-store.js';
import { DEFAULT_PIPELINE_SETTINGS } from '../../src/engine/pipeline/pipeline-context.js';
import { PipelineHandler } from '../../src/engine/pipeline/pipeline.handler.js';
import { inProcessSignal } from '../../src/engine/scheduler/scheduler-signal.js';
import { Worker } from '../../src/engine/worker/index.js';
import { PipelineJobLoader } from '../../src/modules/server-config/pipeline-job-loader.js';
import { SecretBox } from '../../src/modules/secrets/secret-box.js';
import { ServerConfigRepository } from '../../src/modules/server-config/server-config.repository.js';
import { deliberateDelay } from '../../src/test-support/deliberate-delay.js';
import { eventually } from '../../src/test-support/eventually.js';
import type { SeededRandom } from './seeded-random.js';
import type { SoakWorld } from './soak-world.js';
import { peerClients } from '../../src/composition/peer-clients.js';
import { createTransferTargets } from '../../src/composition/transfer-targets.js';

const FAST = { stableIntervalMs: 100, sftpBackoffMs: 50, sftpAttempts: 2 };

/**
 * The database fault of the soak (issue 32), at a random point of step 1, 2 or 3 of a run:
 * - PostgreSQL: two worker nodes, each on a pool of its own with an `application_name` of its own; every
 *   backend of both is terminated (`pg_terminate_backend`, theirs only — never another test's). With
 *   LIS_SOAK_PG_RESTART=1 (and root) the PostgreSQL server itself is restarted instead (`pg_ctlcluster
 *   … restart`): only on a machine of your own — it cuts every other user of that server.
 * - SQLite: another process holds the write lock for up to 3 s (under the 5 s busy timeout).
 * Then both nodes must be alive (still running) and ready (their database answers) within 30 s of the
 * database answering again, and the run must end; the trial's recovery and the oracle follow.
 */
export async function dropTheDatabase(
  world: SoakWorld,
  random: SeededRandom,
  legacyId: string,
): Promise<string> {
  const { app } = world;
  await app.stopWorkers();
  const postgres = world.database === 'postgres';
  const nodes = postgres ? ['a', 'b'].map(() => openNodeDatabase(world)) : [{ db: app.db, name: '' }];
  const workers = nodes.map(({ db }) => workerOn(world, db));
  try {
    for (const worker of workers) await worker.start();
    const runId = await app.queueRun(legacyId, 'IN_WAIT');
    const step = random.pick([1, 2, 3]);
    await eventually(
      async () =>
        (await app.stepStatuses(runId))[step] === 'RUNNING' || (await app.runOf(runId)).finished_at !== null,
      { timeout: 60_000, interval: 5, message: `step ${step} to start` },
    );
    const delay = random.int(0, 100);
    await deliberateDelay(delay);
    const statuses = Object.entries(await app.stepStatuses(runId))
      .map(([number, status]) => `${number}:${status}`)
      .join(' ');
    let what: string;
    if (!postgres) what = await holdSqliteLock(world, random.int(200, 3_000));
    else if (process.env.LIS_SOAK_PG_RESTART === '1') what = restartPostgres();
    else {
      const names = nodes.map((node) => node.name);
      const { rows } = await sql<{ terminated: boolean }>`
        select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where application_name in (${sql.join(names)})`.execute(app.db.kysely);
      what = `${rows.filter((row) => row.terminated).length} backends of both nodes terminated`;
    }
    const answered = Date.now();
    await eventually(
      async () => {
        try {
          for (const { db } of nodes) await pingDatabase(db, 2_000);
          return true;
        } catch {
          return false; // not ready yet (a connection that broke fails its query: the next one reconnects)
        }
      },
      { timeout: 30_000, interval: 100, message: 'both nodes to be ready again' },
    ).catch((error: unknown) => {
      throw new Error(`the nodes were not ready within 30 s: ${String(error)}`);
    });
    const readyMs = Date.now() - answered;
    const run = await app.ended(runId, 60_000);
    return `${what} ${delay} ms into step ${step} (${statuses || 'before step 1'}); ready after ${readyMs} ms; run ${run.state}`;
  } finally {
    for (const worker of workers) await worker.stop();
    if (postgres) for (const { db } of nodes) await db.close();
  }
}

function openNodeDatabase(world: SoakWorld): { db: Db; name: string } {
  const name = `lis-soak-${crypto.randomBytes(5).toString('hex')}`;
  const db = openDatabase({
    databaseUrl: world.target.childEnv.WORKER_DATABASE_URL,
    pgSchema: world.target.childEnv.WORKER_PG_SCHEMA,
    pgPoolSize: 4,
    applicationName: name,
  });
  return { db, name };
}

function workerOn(world: SoakWorld, db: Db): Worker {
  const { app } = world;
  const handler = new PipelineHandler({
    db,
    blobs: openBlobStore(app.config, db),
    loader: new PipelineJobLoader(new ServerConfigRepository(db.kysely), new SecretBox(app.masterKey)),
    targets: createTransferTargets(peerClients),
    peers: peerClients,
    settings: {
      ...DEFAULT_PIPELINE_SETTINGS,
      scratchDir: path.join(app.config.dataDir, 'tmp'),
      smtpConfigured: false,
      ...FAST,
    },
  });
  return new Worker({ db, signal: inProcessSignal(), handler, leaseMs: 2_000, pollMs: 50, recoveryMs: 250 });
}

/** Another process holds the SQLite write lock for `ms`; resolves once it holds it. */
async function holdSqliteLock(world: SoakWorld, ms: number): Promise<string> {
  const file = world.target.childEnv.WORKER_SQLITE_FILE ?? '';
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { timeout: 5000 });
    db.exec('begin immediate');
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('commit');
    db.close();
  `;
  const child = spawn(process.execPath, ['-e', script, file], {
    cwd: path.resolve(import.meta.dirname, '..', '..', '..', '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await eventually(() => output.includes('locked'), { message: 'the other process to hold the lock' });
  return `the SQLite write lock held ${ms} ms by another process`;
}

/** LIS_SOAK_PG_RESTART=1 only: restarts every PostgreSQL cluster of this machine (root). */
function restartPostgres(): string {
  const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 2 && fields[0]);
  for (const [version, name] of clusters)
    execFileSync('pg_ctlcluster', [version ?? '', name ?? '', 'restart']);
  return `PostgreSQL restarted (${clusters.map(([version, name]) => `${version}/${name}`).join(', ')})`;
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { deliberateDelay } from '../src/test-support/deliberate-delay.js';
import { deriveKey } from '../src/modules/auth/master-key.js';
import { TokenRevocationRepository } from '../src/modules/auth/token-revocation.repository.js';
import { TokenService } from '../src/modules/auth/token.service.js';
import { systemClock } from '../src/platform/clock.js';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { createTestDatabase, type TestDatabase } from '../src/test-support/test-database.js';
import { postgresSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { allReady, startServerNode, terminateBackendsOf, type ServerNode } from './database-faults-nodes.js';
import { API_PASSWORD, API_USER, FaultApp, sha256, type RunRow } from './pipeline-faults-app.js';
import { inWaitJob } from './pipeline-faults-harness.js';
import { startSlowForwarder, type SlowForwarder } from './pipeline-faults-network.js';
import { checkInvariant, type TrialManifest } from './soak/invariant-oracle.js';
import { SeededRandom } from './soak/seeded-random.js';
import { SoakFunction } from './soak/soak-function.js';
import { SwitchableLink } from './soak/switchable-link.js';

/**
 * Issue 32: the database goes away, the nodes do not. Two real LIS nodes (child processes, every role)
 * on one PostgreSQL schema; the test terminates every backend of BOTH nodes — found by their own
 * application_name, never another test's — at a random point of step 1, 2 or 3 of a run, or cuts the
 * nodes' network path to PostgreSQL for a while. After each: both nodes alive and ready within 30 s of
 * the database answering again, then the invariant oracle of the fault soak (every file delivered
 * exactly once, none lost, no run stuck). docs/reliability.md, "Database faults".
 */
const SEED = Number(process.env.DB_FAULT_SEED ?? 20_261_129);
/** A transfer takes a moment over this link: a test can strike while step 1 or 3 moves bytes. */
const LINK_BYTES_PER_SECOND = 1_500_000;
const PLAN = [1, 5, 2, 3, 4];

const postgres = process.env.TEST_DATABASE_URL;

/** Counts the `event:` messages of an open `/v1/events` response; `ended` once the server closes it. */
function liveEvents(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const state = { count: 0, ended: false, close: () => reader.cancel() };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        state.count += parts.filter((part) => part.startsWith('event:')).length;
      }
    } catch {
      // cancelled by the test
    }
    state.ended = true;
  })();
  return state;
}

describe.skipIf(!postgres || !canRunOpenSsh())('two nodes on PostgreSQL lose their database', () => {
  let sshd: OpenSshServer;
  let slow: SlowForwarder;
  let fapp: ReferenceFunctionServer;
  let test: TestDatabase;
  let app: FaultApp;
  let link: SwitchableLink;
  let nodes: ServerNode[] = [];
  /** Wakes the nodes when the test queued a run (they would find it at their next poll anyway). */
  let wake: SchedulerSignal;
  let root: string;
  const soakFunction = new SoakFunction();
  const random = new SeededRandom(SEED);

  beforeAll(async () => {
    sshd = await startOpenSshServer();
    slow = await startSlowForwarder(sshd.port, LINK_BYTES_PER_SECOND);
    fapp = await createReferenceFunctionServer({
      username: API_USER,
      password: API_PASSWORD,
      functions: { 'Soak/echo': soakFunction.reference },
    });
    test = await createTestDatabase('postgres');
    app = await FaultApp.create(test.db);
    await app.saveSftpServer('sftp-a', sshd, slow.port);
    await app.saveApiServer('fapp-a', fapp.url);
    root = fs.mkdtempSync('/tmp/lis-dbfault-');
    fs.chmodSync(root, 0o755);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(test.db.kysely);
    // The nodes reach PostgreSQL through a link the test can take down (an unreachable database).
    link = await SwitchableLink.start(Number(new URL(postgres ?? '').port || 5432));
    const database = { url: postgres ?? '', port: link.port, schema: rows[0]?.schema ?? '' };
    wake = await postgresSignal(postgres ?? '', database.schema);
    nodes = await Promise.all(['a', 'b'].map((name) => startServerNode(name, database, app.masterKey)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await wake?.close();
    await link?.close();
    await app?.close();
    await fapp?.close();
    await slow?.close();
    await sshd?.stop();
    await test?.drop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  /** A job of its own with 2–3 files of a few hundred kB; answers its manifest for the oracle. */
  async function jobWithFiles(legacyId: string, slowCall: boolean): Promise<TrialManifest> {
    const inbox = path.join(root, `${legacyId}-in`);
    const outbox = path.join(root, `${legacyId}-out`);
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    const manifest: TrialManifest = {
      legacyId,
      inbox,
      outbox,
      good: new Map(),
      hostile: new Map(),
      markers: [],
    };
    for (let i = 0, count = random.int(2, 3); i < count; i++) {
      const lines = Array.from(
        { length: random.int(1_500, 3_000) },
        (_, line) => `${legacyId}-${i},${crypto.randomBytes(24).toString('hex')},${line}`,
      );
      const content = `${lines.join('\n')}\n`;
      fs.writeFileSync(path.join(inbox, `f${i}.csv`), content);
      manifest.good.set(`f${i}.csv`, sha256(content));
    }
    soakFunction.behave(
      legacyId,
      slowCall ? { kind: 'slow-once', ms: random.int(800, 1_500) } : { kind: 'echo' },
    );
    await app.addJob(legacyId, {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
      api_classname: 'Soak',
      criteria_stopif_mainstatus_warning: 'N',
      stopif_step4_error: 'N',
    });
    return manifest;
  }

  /** Queues a run of the job and wakes the nodes; answers the run's id. */
  async function queued(legacyId: string): Promise<string> {
    const runId = await app.queueRun(legacyId, 'IN_WAIT');
    await wake.notify('runs', ['A']);
    return runId;
  }

  /**
   * The documented recovery (docs/reliability.md), when something needs it: re-run an ERROR run from
   * its first ERROR step, then run once more for what stayed at the source.
   */
  async function recover(manifest: TrialManifest): Promise<void> {
    const { legacyId } = manifest;
    await eventually(() => soakFunction.inFlight === 0, {
      timeout: 20_000,
      message: 'the function to finish',
    });
    const runs = await app.db.kysely
      .selectFrom('job_runs')
      .select('state')
      .where('legacy_id', '=', legacyId)
      .execute();
    if (runs.every((run) => run.state === 'FINISHED') && fs.readdirSync(manifest.inbox).length === 0) return;
    for (let round = 0; round < 3; round++) {
      const errored = await app.db.kysely
        .selectFrom('job_runs')
        .selectAll()
        .where('legacy_id', '=', legacyId)
        .where('state', '=', 'ERROR')
        .execute();
      if (errored.length === 0) break;
      for (const run of errored) {
        const statuses = await app.stepStatuses(run.id);
        const step = PLAN.find((candidate) => statuses[candidate] === 'ERROR');
        if (step === undefined) continue;
        const again = app.rerunStep(run as RunRow, step);
        await wake.notify('runs', ['A']);
        await again;
      }
    }
    await app.ended(await queued(legacyId), 60_000);
  }

  /** Waits until step `step` of the run is RUNNING, then a random moment more; answers where it struck. */
  async function strikeDuring(runId: string, step: number): Promise<string> {
    await eventually(async () => (await app.stepStatuses(runId))[step] === 'RUNNING', {
      timeout: 60_000,
      interval: 10,
      message: `step ${step} of the run to be under way`,
    });
    const delay = random.int(0, step === 2 ? 600 : 150);
    await deliberateDelay(delay);
    const statuses = await app.stepStatuses(runId);
    return `${delay} ms into step ${step} (${Object.entries(statuses)
      .map(([number, status]) => `${number}:${status}`)
      .join(' ')})`;
  }

  for (const step of [1, 2, 3]) {
    it(`every backend of both nodes terminated at a random point of step ${step}: both ready within 30 s, every file delivered once`, async () => {
      const legacyId = `DBF-${step}`;
      const manifest = await jobWithFiles(legacyId, step === 2);
      const runId = await queued(legacyId);
      const point = await strikeDuring(runId, step);
      const terminated = await terminateBackendsOf(app.db, nodes);
      // Each node holds its pool's connections and its LISTEN connection.
      expect(terminated, point).toBeGreaterThanOrEqual(2);
      const readyMs = await allReady(nodes);
      const run = await app.ended(runId, 90_000);
      process.stderr.write(
        `[database-faults] step ${step}: ${terminated} backends terminated ${point}; ready after ${readyMs} ms; run ${run.state} (attempt ${run.attempt})\n`,
      );
      await recover(manifest);
      expect(await checkInvariant(app, soakFunction, manifest)).toEqual([]);
      expect(nodes.every((node) => node.alive())).toBe(true);
    }, 180_000);
  }

  it('the database unreachable for a while (its network path cut): /readyz 503 meanwhile, both ready within 30 s after, the run finishes, live updates go on', async () => {
    const legacyId = 'DBF-CUT';
    const manifest = await jobWithFiles(legacyId, true);
    const runId = await queued(legacyId);
    // The console's live updates on node a: the stream stays open through the outage.
    // A token as a node issues it (the test app's clock is a manual one).
    const tokens = new TokenService(
      new TokenRevocationRepository(app.db.kysely),
      deriveKey(app.masterKey, 'token-signing'),
      3_600_000,
      systemClock,
    );
    const admin = await app.built.context.users.find('admin-a');
    if (!admin) throw new Error('the test app has no admin');
    const token = await tokens.issue(admin, {
      username: 'admin-a',
      first_name: '',
      last_name: '',
      citizen_id: '',
    });
    const live = await fetch(`${nodes[0]?.url}/v1/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(live.status).toBe(200);
    const events = liveEvents(live);
    const point = await strikeDuring(runId, random.pick([1, 2, 3]));
    link.takeDown();
    await eventually(
      async () => {
        const states = await Promise.all(nodes.map((node) => node.readiness()));
        return states.every((status) => status === 503);
      },
      { timeout: 30_000, interval: 100, message: 'both nodes to say they are not ready' },
    );
    expect(nodes.every((node) => node.alive())).toBe(true);
    link.up();
    const heardBefore = events.count;
    const readyMs = await allReady(nodes);
    const run = await app.ended(runId, 90_000);
    // The run's end, heard after the database was back, reaches the stream opened before the outage.
    await eventually(
      () => {
        if (events.ended) throw new Error('the live-updates stream ended');
        return events.count > heardBefore;
      },
      { timeout: 30_000, message: 'a live update after the database was back' },
    );
    await events.close();
    process.stderr.write(
      `[database-faults] network cut ${point}: ready ${readyMs} ms after the database was reachable; run ${run.state} (attempt ${run.attempt})\n`,
    );
    await recover(manifest);
    expect(await checkInvariant(app, soakFunction, manifest)).toEqual([]);
  }, 180_000);
});

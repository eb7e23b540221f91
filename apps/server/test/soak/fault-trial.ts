import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBlobStore } from '../../src/engine/files/file-store.js';
import { DEFAULT_PIPELINE_SETTINGS } from '../../src/engine/pipeline/pipeline-context.js';
import { PipelineJobLoader } from '../../src/modules/server-config/pipeline-job-loader.js';
import { PipelineHandler } from '../../src/engine/pipeline/pipeline.handler.js';
import { SecretBox } from '../../src/modules/secrets/secret-box.js';
import { ServerConfigRepository } from '../../src/modules/server-config/server-config.repository.js';
import { deliberateDelay } from '../../src/test-support/deliberate-delay.js';
import { eventually } from '../../src/test-support/eventually.js';
import { sha256, type RunRow } from '../pipeline-faults-app.js';
import { killed, LEASE_MS, startNodeThatClaims } from '../pipeline-faults-nodes.js';
import { FaultyBlobStore } from './faulty-blob-store.js';
import { dropTheDatabase } from './database-drop.js';
import { MAIL_FIELDS, sendTrialMail } from './soak-mail.js';
import { checkInvariant, type TrialManifest } from './invariant-oracle.js';
import type { SeededRandom } from './seeded-random.js';
import type { FunctionBehaviour } from './soak-function.js';
import type { SoakWorld } from './soak-world.js';
import { SwitchableLink } from './switchable-link.js';
import { peerClients } from '../../src/composition/peer-clients.js';
import { createTransferTargets } from '../../src/composition/transfer-targets.js';

export const FAULT_KINDS = [
  'none',
  'sftp-cut',
  'sftp-outage',
  'sftp-stall',
  'disk-full',
  'function-fail',
  'function-slow',
  'function-duplicate',
  'hostile-names',
  'writer-pause',
  'node-kill',
  'database-drop',
  'smtp-slow',
  'smtp-down',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface TrialResult {
  index: number;
  kind: FaultKind;
  /** Where the fault struck, in words (e.g. "after put 3 of ~7"). */
  point: string;
  files: number;
  runs: number;
  violations: string[];
  ms: number;
}

const FAST = { stableIntervalMs: 100, sftpBackoffMs: 50, sftpAttempts: 2 };
const HOSTILE = ['partner\\export.csv', 'ctl\u0001x.csv', 'line\nbreak.csv', 'tab\tname.csv'];
/** The steps of an IN_WAIT run in order: the first in ERROR is the one an operator re-runs. */
const PLAN = [1, 5, 2, 3, 4];

function csv(random: SeededRandom, tag: string): string {
  const lines = random.chance(0.2) ? random.int(2_000, 20_000) : random.int(1, 40);
  const out: string[] = [];
  for (let line = 0; line < lines; line++)
    out.push(`${tag}${line},${crypto.randomBytes(6).toString('hex')},${line}`);
  return `${out.join('\n')}\n`;
}

/**
 * One trial: a job of its own with random files, one fault of `kind` at a random point, the documented
 * recovery (re-run each ERROR run from its first ERROR step, then one more run for what stayed at the
 * source), then the oracle.
 */
export async function runTrial(
  world: SoakWorld,
  random: SeededRandom,
  index: number,
  kind: FaultKind,
): Promise<TrialResult> {
  const started = Date.now();
  const { app } = world;
  const legacyId = `SOAK-${index}`;
  const inbox = path.join(world.root, `${legacyId}-in`);
  const outbox = path.join(world.root, `${legacyId}-out`);
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
  const count = random.int(1, 5);
  for (let i = 0; i < count; i++) {
    const name = `f${index}-${i}.csv`;
    const content = csv(random, `R${i}`);
    fs.writeFileSync(path.join(inbox, name), content);
    manifest.good.set(name, sha256(content));
  }
  if (kind === 'hostile-names' || random.chance(0.1)) {
    for (const name of HOSTILE.filter(() => random.chance(0.6))) {
      const content = `H,${name.length},1\n`;
      fs.writeFileSync(path.join(inbox, name), content);
      manifest.hostile.set(name, sha256(content));
    }
  }
  const mailed = kind === 'smtp-slow' || kind === 'smtp-down';
  const link = await SwitchableLink.start(world.sshd.port);
  const server = `sftp-${index}`;
  await app.saveSftpServer(server, world.sshd, link.port);
  const behaviour: FunctionBehaviour =
    kind === 'function-fail'
      ? { kind: 'fail-once' }
      : kind === 'function-slow'
        ? { kind: 'slow-once', ms: random.int(1_300, 2_000) }
        : kind === 'function-duplicate'
          ? { kind: 'duplicate' }
          : { kind: 'echo' };
  world.soakFunction.behave(legacyId, behaviour);
  await app.addJob(legacyId, {
    legacytype: 'IN_WAIT',
    sftp_source_server_id: server,
    sftp_source_path: inbox,
    sftp_source_isdeletesource: 'Y',
    sftp_return_server_id: server,
    sftp_return_path: outbox,
    api_serverid: 'fapp-soak',
    api_classname: 'Soak',
    api_function_name: 'echo',
    criteria_stopif_mainstatus_warning: 'N',
    stopif_step4_error: 'N',
    ...(kind === 'writer-pause' ? { sftp_source_done_marker: '{name}.done' } : {}),
    ...(mailed ? MAIL_FIELDS : {}),
  });
  if (kind === 'writer-pause') {
    for (const name of manifest.good.keys()) {
      fs.writeFileSync(path.join(inbox, `${name}.done`), '');
      manifest.markers.push(`${name}.done`);
    }
  }

  let point = '-';
  let store: FaultyBlobStore | undefined;
  let writer: Promise<void> | undefined;
  try {
    if (kind === 'node-kill') {
      point = await killANode(world, random, legacyId);
    } else if (kind === 'database-drop') {
      point = await dropTheDatabase(world, random, legacyId);
    } else {
      // Puts of a run: one per source file, the API request and answer, one per return backup.
      const puts = 2 * count + 2;
      const at = random.int(1, puts);
      const code = random.chance(0.3) ? ('EROFS' as const) : ('ENOSPC' as const);
      const stallMs = random.int(200, 2_500);
      if (['sftp-cut', 'sftp-outage', 'sftp-stall', 'disk-full'].includes(kind))
        point = `put ${at} of ~${puts}`;
      if (kind === 'disk-full') point += ` (${code})`;
      if (kind === 'sftp-stall') point += ` for ${stallMs} ms`;
      store = new FaultyBlobStore(openBlobStore(app.config, app.db), {
        at,
        kind: kind === 'disk-full' ? 'fail-from' : 'after-put',
        code,
        onPut:
          kind === 'sftp-cut'
            ? () => link.cutAll()
            : kind === 'sftp-outage'
              ? () => link.takeDown()
              : kind === 'sftp-stall'
                ? () => {
                    link.stall();
                    void deliberateDelay(stallMs).then(() => link.resume());
                  }
                : undefined,
      });
      await app.startWorker(pipelineOver(world, store, mailed));
      if (kind === 'writer-pause') writer = writeWithPause(world, random, manifest, index);
      const runId = await app.queueRun(legacyId, 'IN_WAIT');
      if (kind === 'sftp-cut' && random.chance(0.5)) {
        const delay = random.int(0, 300);
        point = `${delay} ms after the run was queued`;
        await deliberateDelay(delay);
        link.cutAll();
      }
      await app.ended(runId, 60_000);
    }
    // The fault ends; the operator recovers as docs/reliability.md says.
    link.up();
    store?.heal();
    world.soakFunction.behave(legacyId, { kind: 'echo' });
    await writer;
    await app.stopWorkers();
    await app.startWorker(pipelineOver(world, openBlobStore(app.config, app.db), mailed), {
      leaseMs: LEASE_MS,
      recoveryMs: 250,
    });
    await recover(world, legacyId);
    const runs = await app.db.kysely
      .selectFrom('job_runs')
      .select('id')
      .where('legacy_id', '=', legacyId)
      .execute();
    if (kind === 'smtp-slow' || kind === 'smtp-down') {
      manifest.mailIds = await sendTrialMail(
        app.db,
        runs.map((run) => run.id),
        kind,
        random,
      );
      point = `${manifest.mailIds.length} mail(s) reached the relay`;
    }
    const violations = await checkInvariant(app, world.soakFunction, manifest);
    // What the runs said, to read a violation without replaying it.
    if (violations.length > 0) violations.push(...(await runStory(world, legacyId)));
    return {
      index,
      kind,
      point,
      files: manifest.good.size,
      runs: runs.length,
      violations,
      ms: Date.now() - started,
    };
  } finally {
    await app.stopWorkers();
    await link.close();
  }
}

function pipelineOver(
  world: SoakWorld,
  blobs: FaultyBlobStore | ReturnType<typeof openBlobStore>,
  smtpConfigured = false,
): PipelineHandler {
  const { app } = world;
  return new PipelineHandler({
    db: app.db,
    blobs,
    loader: new PipelineJobLoader(new ServerConfigRepository(app.db.kysely), new SecretBox(app.masterKey)),
    targets: createTransferTargets(peerClients),
    peers: peerClients,
    settings: {
      ...DEFAULT_PIPELINE_SETTINGS,
      scratchDir: path.join(app.config.dataDir, 'tmp'),
      smtpConfigured,
      ...FAST,
    },
  });
}

async function runStory(world: SoakWorld, legacyId: string): Promise<string[]> {
  const runs = await world.app.db.kysely
    .selectFrom('job_runs')
    .select(['id', 'job_instance_no', 'state', 'message'])
    .where('legacy_id', '=', legacyId)
    .orderBy('queued_at')
    .execute();
  const story: string[] = [];
  for (const run of runs) {
    story.push(`(run ${run.job_instance_no} ${run.state}: ${run.message ?? ''})`);
    for (const [step, { status, message }] of Object.entries(await world.app.steps(run.id)))
      story.push(`(  step ${step} ${status}: ${message})`);
  }
  return story;
}

/** Re-runs each ERROR run from its first ERROR step (a few rounds), then runs the job once more. */
async function recover(world: SoakWorld, legacyId: string): Promise<void> {
  const { app } = world;
  await eventually(() => world.soakFunction.inFlight === 0, {
    timeout: 20_000,
    message: 'the function to finish its calls',
  });
  for (let round = 0; round < 4; round++) {
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
      await app.rerunStep(run as RunRow, step);
    }
  }
  await app.runNow(legacyId, 'IN_WAIT');
}

/** A writer that writes half of each file, pauses, then the rest, then its done-marker. */
async function writeWithPause(
  world: SoakWorld,
  random: SeededRandom,
  manifest: TrialManifest,
  index: number,
): Promise<void> {
  const name = `w${index}.csv`;
  const content = csv(random, 'W');
  const file = path.join(manifest.inbox, name);
  manifest.good.set(name, sha256(content));
  manifest.markers.push(`${name}.done`);
  const half = Math.floor(content.length / 2);
  fs.writeFileSync(file, content.slice(0, half));
  await deliberateDelay(random.int(200, 1_500));
  fs.appendFileSync(file, content.slice(half));
  fs.writeFileSync(`${file}.done`, '');
  void world;
}

/** Node A (a child process) claims the run and is killed with SIGKILL at a random moment. */
async function killANode(world: SoakWorld, random: SeededRandom, legacyId: string): Promise<string> {
  const { app } = world;
  await app.stopWorkers();
  const runId = await app.queueRun(legacyId, 'IN_WAIT');
  const ownFolder = world.separateDataFolders
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'lis-soak-node-'))
    : undefined;
  const node = await startNodeThatClaims(
    {
      ...world.target.childEnv,
      WORKER_DATA_DIR: ownFolder ?? app.config.dataDir,
      WORKER_FILE_STORE: world.separateDataFolders ? 'database' : 'local',
      WORKER_MASTER_KEY: app.masterKey.toString('hex'),
    },
    runId,
  );
  const delay = random.int(0, 1_200);
  await deliberateDelay(delay);
  const steps = await app.stepStatuses(runId);
  await killed(node);
  // Another node takes the run over once the dead node's lease runs out.
  await app.startWorker(pipelineOver(world, openBlobStore(app.config, app.db)), {
    leaseMs: LEASE_MS,
    recoveryMs: 250,
  });
  await app.ended(runId, 60_000);
  if (ownFolder) fs.rmSync(ownFolder, { recursive: true, force: true });
  const where =
    Object.entries(steps)
      .map(([step, status]) => `${step}:${status}`)
      .join(' ') || 'before step 1';
  return `killed ${delay} ms after its claim (${where})`;
}

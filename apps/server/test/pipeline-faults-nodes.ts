/**
 * The node-kill fault tests' scene: a database a child process can open too (a SQLite file, or a
 * PostgreSQL schema), the test app on it with an sFTP and a function server saved, and the child
 * worker node (fixtures/pipeline-worker-node.ts) that runs the real pipeline until SIGKILLed; then an
 * in-process worker takes the run over.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ReferenceFunction } from '../../../tools/reference-function-server/function-contract.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import type { OpenSshServer } from '../src/test-support/openssh-server.js';
import {
  killed,
  SHARED_DATABASES,
  startNodeThatClaims as startChildNode,
  type SharedDatabase,
} from '../src/test-support/child-worker-node.js';
import { deliberateDelay } from '../src/test-support/deliberate-delay.js';
import { eventually } from '../src/test-support/eventually.js';
import { API_PASSWORD, API_USER, FaultApp } from './pipeline-faults-app.js';
import { startSlowForwarder, type SlowForwarder } from './pipeline-faults-network.js';

export const LEASE_MS = 2_000;
/** Slow enough that a few-MB transfer is still under way when the test kills the node. */
export const LINK_BYTES_PER_SECOND = 1_500_000;
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'pipeline-worker-node.ts');

export type Target = SharedDatabase;

/** Starts the pipeline worker node; resolves once it has claimed `runId`. */
export function startNodeThatClaims(env: Record<string, string>, runId: string): Promise<ChildProcess> {
  return startChildNode(FIXTURE, { ...env, WORKER_LEASE_MS: String(LEASE_MS) }, runId);
}

export { killed };

/**
 * Fault/slowFirstCall: the first call waits like Demo/slow (until the caller hangs up); later calls
 * echo the files back as success files, so the takeover has something to deliver.
 */
export function slowFirstCall(calls: { count: number; firstStarted: () => void }): ReferenceFunction {
  return {
    description: 'waits on the first call, echoes afterwards',
    run: async (request, { signal }) => {
      calls.count += 1;
      if (calls.count === 1) {
        calls.firstStarted();
        await deliberateDelay(60_000, signal); // hangs until the caller hangs up: the fault under test
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

/**
 * Fault/postOnce: like a function posting documents to an ERP — it goes on when the caller hangs up
 * (a killed node), waits until the test releases it, and counts its executions.
 */
export interface PostOnce {
  executions: number;
  started: Promise<void>;
  release(): void;
}

function postOnce(): { state: PostOnce; fn: ReferenceFunction } {
  let started!: () => void;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state: PostOnce = {
    executions: 0,
    started: new Promise<void>((resolve) => (started = resolve)),
    release,
  };
  const fn: ReferenceFunction = {
    description: 'posts once, whether or not the caller stays (test)',
    run: async (request) => {
      state.executions += 1;
      const execution = state.executions;
      started();
      await released;
      return {
        status: 'success',
        message: `posted by execution ${execution}`,
        files: request.files.map((file) => ({
          file_name: file.file_name,
          content_base64: file.content_base64,
          kind: 'success' as const,
        })),
        results: [],
      };
    },
  };
  return { state, fn };
}

export const NODE_TARGETS = SHARED_DATABASES;

/** One node-kill test's world; `close()` undoes it. */
export class NodeKillScene {
  child: ChildProcess | undefined;
  private slow: SlowForwarder | undefined;

  private constructor(
    readonly target: Target,
    readonly app: FaultApp,
    readonly fapp: ReferenceFunctionServer,
    readonly root: string,
    private readonly sshd: OpenSshServer,
    /** Calls of Fault/slowFirstCall, and when its first call started. */
    readonly calls: { count: number },
    readonly firstCall: Promise<void>,
    /** Fault/postOnce's executions, its start and its release. */
    readonly post: PostOnce,
  ) {}

  static async create(open: () => Promise<Target>, sshd: OpenSshServer): Promise<NodeKillScene> {
    const calls: { count: number; firstStarted: () => void } = { count: 0, firstStarted: () => undefined };
    const firstCall = new Promise<void>((resolve) => (calls.firstStarted = resolve));
    const post = postOnce();
    const fapp = await createReferenceFunctionServer({
      username: API_USER,
      password: API_PASSWORD,
      functions: { 'Fault/slowFirstCall': slowFirstCall(calls), 'Fault/postOnce': post.fn },
    });
    const target = await open();
    const app = await FaultApp.create(target.db);
    await app.saveSftpServer('sftp-a', sshd);
    await app.saveApiServer('fapp-a', fapp.url);
    const root = fs.mkdtempSync('/tmp/lis-faults-node-');
    fs.chmodSync(root, 0o755);
    return new NodeKillScene(target, app, fapp, root, sshd, calls, firstCall, post.state);
  }

  /** Saves `id` as the sFTP server behind a slowed link (a transfer a test can catch under way). */
  async saveSlowSftpServer(id: string): Promise<void> {
    this.slow ??= await startSlowForwarder(this.sshd.port, LINK_BYTES_PER_SECOND);
    await this.app.saveSftpServer(id, this.sshd, this.slow.port);
  }

  /** Queues a run of `legacyId` and starts the child node; answers once the node has claimed it. */
  async runOnChildNode(
    legacyId: string,
    env: Record<string, string> = {},
  ): Promise<{ runId: string; node: ChildProcess }> {
    const runId = await this.app.queueRun(legacyId, 'IN_WAIT');
    this.child = await startNodeThatClaims(
      {
        ...this.target.childEnv,
        WORKER_DATA_DIR: this.app.config.dataDir,
        WORKER_MASTER_KEY: this.app.masterKey.toString('hex'),
        ...env,
      },
      runId,
    );
    return { runId, node: this.child };
  }

  /** Kills the node and lets an in-process worker take the run over; answers the ended run. */
  async killAndTakeOver(runId: string, node: ChildProcess) {
    const { app } = this;
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
    await eventually(() => taker.heldRunIds().length === 0, {
      timeout: 30_000,
      message: 'the taker to hold no run',
    });
    const count = (text: string) => log.filter((line) => line.startsWith(text)).length;
    return { run, count };
  }

  async close(): Promise<void> {
    this.post.release();
    const { child } = this;
    if (child && child.exitCode === null && child.signalCode === null) await killed(child);
    await this.app.close();
    await this.slow?.close();
    await this.fapp.close();
    await this.target.cleanup();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

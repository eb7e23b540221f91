/**
 * Issue 36, part 2: the retry tests' scene — a database a child worker node can open too, the test app
 * on it with the real OpenSSH server and the reference function server saved, and `Flaky/call`: a
 * function whose answers the test scripts per run (an HTTP status to fail with, or success), which
 * records when each call arrived, its idempotency key, and how many times it did its work.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  HttpFailure,
  type ReferenceFunction,
} from '../../../tools/reference-function-server/function-contract.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import type { RetryPolicy } from '@lis/contracts';
import type { OpenSshServer } from '../src/test-support/openssh-server.js';
import { killed, startNodeThatClaims, type SharedDatabase } from '../src/test-support/child-worker-node.js';
import { API_PASSWORD, API_USER, FaultApp } from './pipeline-faults-app.js';
import { inWaitJob, sourceScene } from './pipeline-faults-harness.js';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'pipeline-worker-node.ts');

/** One call of Flaky/call as the function server saw it. */
export interface FlakyCall {
  at: number;
  key: string | undefined;
  answered: number;
}

export class RetryScene {
  /** Per job instance: the statuses to fail with, in order; once used up, the function succeeds. */
  readonly script = new Map<string, number[]>();
  readonly calls = new Map<string, FlakyCall[]>();
  /** Per job instance: executions that did the work (answered success). */
  readonly executions = new Map<string, number>();
  private children: ChildProcess[] = [];

  private constructor(
    readonly target: SharedDatabase,
    readonly app: FaultApp,
    readonly fapp: ReferenceFunctionServer,
    readonly root: string,
  ) {}

  static async create(open: () => Promise<SharedDatabase>, sshd: OpenSshServer): Promise<RetryScene> {
    const holder: { scene?: RetryScene } = {};
    const flaky: ReferenceFunction = {
      description: 'fails as the test scripts, then echoes (test)',
      run: async (request) => {
        const self = holder.scene as RetryScene;
        const instance = request.job_instance_no;
        const calls = self.calls.get(instance) ?? [];
        const script = self.script.get(instance) ?? [];
        const status = script.shift();
        self.script.set(instance, script);
        calls.push({ at: Date.now(), key: request.idempotency_key, answered: status ?? 200 });
        self.calls.set(instance, calls);
        if (status !== undefined) throw new HttpFailure(status, `scripted HTTP ${status}`);
        self.executions.set(instance, (self.executions.get(instance) ?? 0) + 1);
        return {
          status: 'success',
          message: `${request.files.length} file(s) echoed`,
          files: request.files.map((file) => ({
            file_name: file.file_name,
            content_base64: file.content_base64,
            kind: 'success' as const,
          })),
          results: [],
        };
      },
    };
    const fapp = await createReferenceFunctionServer({
      username: API_USER,
      password: API_PASSWORD,
      functions: { 'Flaky/call': flaky },
    });
    const target = await open();
    const app = await FaultApp.create(target.db);
    await app.saveSftpServer('sftp-a', sshd);
    await app.saveApiServer('fapp-a', fapp.url);
    const root = fs.mkdtempSync('/tmp/lis-retries-');
    fs.chmodSync(root, 0o755);
    holder.scene = new RetryScene(target, app, fapp, root);
    return holder.scene;
  }

  /** An IN_WAIT job calling Flaky/call under `policy`, one source file waiting on `sftp`. */
  async addJob(legacyId: string, policy: RetryPolicy | null, sftp = 'sftp-a') {
    const scene = sourceScene(this.root, legacyId, { [`${legacyId}.csv`]: 'R1,x,1\n' });
    await this.app.addJob(legacyId, {
      ...inWaitJob({ ...scene, deleteSource: true, sftp, fn: 'call' }),
      api_classname: 'Flaky',
      retry_policy: policy,
    });
    return scene;
  }

  /** Queues a run of the job; answers its id and job instance number. */
  async queue(legacyId: string): Promise<{ runId: string; instance: string }> {
    const runId = await this.app.queueRun(legacyId, 'IN_WAIT');
    return { runId, instance: (await this.app.runOf(runId)).job_instance_no };
  }

  /** Starts a worker node in a child process; answers once it has claimed `runId`. */
  async nodeThatClaims(runId: string): Promise<ChildProcess> {
    const env = {
      ...this.target.childEnv,
      WORKER_DATA_DIR: this.app.config.dataDir,
      WORKER_MASTER_KEY: this.app.masterKey.toString('hex'),
      WORKER_LEASE_MS: '2000',
    };
    const child = await startNodeThatClaims(FIXTURE, env, runId);
    this.children.push(child);
    return child;
  }

  async kill(child: ChildProcess): Promise<void> {
    await killed(child);
  }

  async close(): Promise<void> {
    for (const child of this.children)
      if (child.exitCode === null && child.signalCode === null) await killed(child);
    await this.app.close();
    await this.fapp.close();
    await this.target.cleanup();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

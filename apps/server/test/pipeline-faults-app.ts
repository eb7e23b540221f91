/**
 * The app the pipeline fault tests drive: the real HTTP app on a given database with company A and its
 * admin; saved servers and jobs through the API; workers; run-immediate, run-step and waiting for runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SID } from '@lis/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../src/config/config.js';
import { loadConfig } from '../src/config/config.js';
import type { Db } from '../src/db/database.js';
import type { BlobStore } from '../src/engine/files/blob-store.js';
import { openBlobStore } from '../src/engine/files/file-store.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import type { JobHandler } from '../src/engine/worker/job-handler.js';
import { Worker } from '../src/engine/worker/worker.js';
import { buildApp, type BuiltApp } from '../src/composition/build-app.js';
import { hashPassword } from '../src/modules/auth/password-hasher.js';
import { eventually } from '../src/test-support/eventually.js';
import { ManualClock } from '../src/test-support/test-app.js';

export const API_USER = 'fapp';
export const API_PASSWORD = 'Fapp-Secret-3321';
const ADMIN = 'admin-a';

export const sha256 = (bytes: Buffer | string): string =>
  crypto.createHash('sha256').update(bytes).digest('hex');

export interface SftpLogin {
  host: string;
  port: number;
  keyUser: string;
  privateKey: string;
}

export type RunRow = Awaited<ReturnType<FaultApp['runOf']>>;

/** The app (API) on `db`, company A with its admin, a worker slot, and helpers over them. */
export class FaultApp {
  private workers: Worker[] = [];

  private constructor(
    readonly built: BuiltApp,
    readonly db: Db,
    readonly config: Config,
    readonly masterKey: Buffer,
    readonly signal: SchedulerSignal,
    private readonly token: string,
  ) {}

  static async create(db: Db, smtpPort?: number): Promise<FaultApp> {
    const config = loadConfig({
      LIS_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lis-faults-')),
      LIS_TIMEZONE: 'Asia/Bangkok',
      ...(smtpPort
        ? { LIS_SMTP_HOST: '127.0.0.1', LIS_SMTP_PORT: String(smtpPort), LIS_SMTP_TLS: 'opportunistic' }
        : {}),
    });
    const masterKey = crypto.randomBytes(32);
    const clock = new ManualClock();
    const built = await buildApp({ config, db, masterKey, version: '0.0.0-test', clock });
    const { context } = built;
    await context.companies.create(
      { sid: DEFAULT_SID, company_code: 'A', company_name: 'Company A', status: 'active' },
      clock.now(),
    );
    await context.users.create(
      {
        username: ADMIN,
        first_name: 'Admin',
        last_name: 'A',
        citizen_id: '',
        companies: [{ sid: DEFAULT_SID, company_code: 'A', role_access: 'admin' }],
      },
      await hashPassword(`pw-${crypto.randomBytes(8).toString('hex')}`),
      clock.now(),
    );
    const admin = await context.users.find(ADMIN);
    if (!admin) throw new Error('the admin was not created');
    const token = await context.tokens.issue(admin, {
      username: ADMIN,
      first_name: '',
      last_name: '',
      citizen_id: '',
    });
    return new FaultApp(built, db, config, masterKey, inProcessSignal(), token);
  }

  as(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.built.app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), authorization: `Bearer ${this.token}` },
    });
  }

  private async ok(options: InjectOptions): Promise<LightMyRequestResponse> {
    const r = await this.as(options);
    expect(r.statusCode, r.body).toBe(200);
    return r;
  }

  /** The file store of the app's config (a test may set `config.fileStore` before using it). */
  get blobs(): BlobStore {
    return openBlobStore(this.config, this.db);
  }

  async saveSftpServer(id: string, login: SftpLogin, port = login.port): Promise<void> {
    await this.ok({
      method: 'POST',
      url: '/v1/config/sftp-server/add',
      payload: {
        sid: '555',
        companycode: 'A',
        sftp_server_id: id,
        sftp_ip: login.host,
        sftp_port: port,
        sftp_username: login.keyUser,
        private_key: login.privateKey,
      },
    });
  }

  /** Adds an API server (`timeoutSeconds` absent: the default call time limit). */
  async saveApiServer(id: string, url: string, timeoutSeconds?: number): Promise<void> {
    await this.ok({
      method: 'POST',
      url: '/v1/config/api-server/add',
      payload: {
        sid: '555',
        companycode: 'A',
        api_serverid: id,
        api_url_callfunction: url,
        api_username: API_USER,
        api_password: API_PASSWORD,
        ...(timeoutSeconds === undefined ? {} : { api_timeout_seconds: timeoutSeconds }),
      },
    });
  }

  private jobBody(legacyId: string, fields: Record<string, unknown>) {
    return {
      sid: '555',
      companycode: 'A',
      legacyid: legacyId,
      legacyname: `Job ${legacyId}`,
      isactive: 'Y',
      ...fields,
    };
  }

  async addJob(legacyId: string, fields: Record<string, unknown>): Promise<void> {
    await this.ok({
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: this.jobBody(legacyId, fields),
    });
  }

  async updateJob(legacyId: string, fields: Record<string, unknown>): Promise<void> {
    await this.ok({
      method: 'PUT',
      url: '/v1/config/job-config/update',
      payload: this.jobBody(legacyId, fields),
    });
  }

  /** Starts a worker running `handler` on this database (stopped by stopWorkers or close). */
  async startWorker(
    handler: JobHandler,
    options: { leaseMs?: number; recoveryMs?: number } = {},
  ): Promise<Worker> {
    const worker = new Worker({
      db: this.db,
      signal: this.signal,
      handler,
      leaseMs: options.leaseMs ?? 30_000,
      pollMs: 50,
      ...(options.recoveryMs ? { recoveryMs: options.recoveryMs } : {}),
    });
    await worker.start();
    this.workers.push(worker);
    return worker;
  }

  async stopWorkers(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    for (const worker of workers) await worker.stop();
  }

  /** run-immediate; answers the new run's id once it is queued. */
  async queueRun(legacyId: string, type: string): Promise<string> {
    const r = await this.ok({
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${legacyId}&legacy_type=${type}`,
    });
    const instance = (r.json() as { job_instance_no: string }).job_instance_no;
    const run = await this.db.kysely
      .selectFrom('job_runs')
      .select('id')
      .where('job_instance_no', '=', instance)
      .executeTakeFirstOrThrow();
    return run.id;
  }

  runOf(runId: string) {
    return this.db.kysely
      .selectFrom('job_runs')
      .selectAll()
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
  }

  /** Waits (generously) until the run has ended. */
  async ended(runId: string, timeoutMs = 40_000): Promise<RunRow> {
    return eventually(
      async () => {
        const run = await this.runOf(runId);
        return run.finished_at !== null && run.state !== 'RUNNING' && run.state !== 'QUEUED'
          ? run
          : undefined;
      },
      { timeout: timeoutMs, message: `run ${runId} to end` },
    );
  }

  async runNow(legacyId: string, type: string): Promise<RunRow> {
    return this.ended(await this.queueRun(legacyId, type));
  }

  /** GET run-step (the monitoring screen's re-run) and wait for the run to end again. */
  async rerunStep(run: RunRow, step: number): Promise<RunRow> {
    await this.ok({
      url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=${run.legacy_id}&job_instance_no=${run.job_instance_no}&step=${step}`,
    });
    return this.ended(run.id);
  }

  async steps(runId: string): Promise<Record<number, { status: string; message: string }>> {
    const rows = await this.db.kysely
      .selectFrom('run_steps')
      .select(['step', 'status', 'message'])
      .where('run_id', '=', runId)
      .execute();
    return Object.fromEntries(
      rows.map((row) => [row.step, { status: row.status, message: row.message ?? '' }]),
    );
  }

  async stepStatuses(runId: string): Promise<Record<number, string>> {
    const steps = await this.steps(runId);
    return Object.fromEntries(Object.entries(steps).map(([step, value]) => [step, value.status]));
  }

  /** The run's system-log messages, oldest first. */
  async systemLog(run: { job_instance_no: string }): Promise<string[]> {
    const rows = await this.db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('job_instance_no', '=', run.job_instance_no)
      .orderBy('seq')
      .execute();
    return rows.map((row) => row.message);
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    await this.signal.close();
    await this.built.app.close();
    fs.rmSync(this.config.dataDir, { recursive: true, force: true });
  }
}

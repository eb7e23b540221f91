/**
 * What the pipeline fault tests share (SECURITY.md, reliability): a test app on a given database with
 * company A, its admin and saved servers; jobs; run-immediate and waiting for runs; and the four checks
 * every fault ends with — no file lost, none delivered twice, no run stuck, the source deleted only
 * after its backup.
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
import { LocalBlobStore } from '../src/engine/files/blob-store.js';
import { blobRoot } from '../src/engine/pipeline/create-pipeline.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import type { JobHandler } from '../src/engine/worker/job-handler.js';
import { Worker } from '../src/engine/worker/worker.js';
import { buildApp, type BuiltApp } from '../src/http/app.js';
import { hashPassword } from '../src/modules/auth/password-hasher.js';
import { ManualClock } from '../src/test-support/test-app.js';

export const API_USER = 'fapp';
export const API_PASSWORD = 'Fapp-Secret-3321';
const ADMIN = 'admin-a';

export const sha256 = (bytes: Buffer | string): string =>
  crypto.createHash('sha256').update(bytes).digest('hex');

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something other than undefined. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface SftpLogin {
  host: string;
  port: number;
  keyUser: string;
  privateKey: string;
}

export type RunRow = Awaited<ReturnType<FaultApp['runOf']>>;

/** A CSV of `lines` lines of `width` characters (few records, many bytes). */
export function bigCsv(lines: number, width: number, seed: string): string {
  const out: string[] = [];
  for (let line = 0; line < lines; line++)
    out.push(
      `${seed}${line},${crypto
        .createHash('sha1')
        .update(`${seed}${line}`)
        .digest('hex')
        .repeat(width / 40)},${line}`,
    );
  return `${out.join('\n')}\n`;
}

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
    const token = await context.tokens.issue(ADMIN, {
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

  get blobs(): LocalBlobStore {
    return new LocalBlobStore(blobRoot(this.config));
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

  async saveApiServer(id: string, url: string): Promise<void> {
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
      `run ${runId} to end`,
      async () => {
        const run = await this.runOf(runId);
        return run.finished_at !== null && run.state !== 'RUNNING' && run.state !== 'QUEUED'
          ? run
          : undefined;
      },
      timeoutMs,
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

export interface FaultScene {
  app: FaultApp;
  legacyId: string;
  /** The source folder and every file put there by the test, with its SHA-256. */
  sourceDir: string | undefined;
  sources: Map<string, string>;
  deleteSource: boolean;
  /** Local folders the return server writes into (sshd runs here). */
  returnDirs: string[];
}

/** The four checks every fault test ends with (SECURITY.md, reliability). */
export async function expectNothingLostOrDoubled(scene: FaultScene): Promise<void> {
  const { app, legacyId } = scene;
  const kysely = app.db.kysely;

  // No run stuck: every run of the job ended, no step left RUNNING.
  const runs = await kysely.selectFrom('job_runs').selectAll().where('legacy_id', '=', legacyId).execute();
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) {
    expect(['FINISHED', 'WARNING', 'ERROR'], `run ${run.id} is ${run.state}`).toContain(run.state);
    expect(run.finished_at).not.toBeNull();
  }
  const runIds = runs.map((run) => run.id);
  const running = await kysely
    .selectFrom('run_steps')
    .select(['run_id', 'step'])
    .where('run_id', 'in', runIds)
    .where('status', '=', 'RUNNING')
    .execute();
  expect(running).toEqual([]);

  // No file lost: each source file is still in the folder, or backed up with the same SHA-256.
  const backups = await kysely
    .selectFrom('run_files')
    .selectAll()
    .where('run_id', 'in', runIds)
    .where('list_type', '=', 'source')
    .execute();
  const backedUp = new Map<string, string[]>();
  for (const file of backups) {
    const content = Buffer.concat(await (await app.blobs.read(file.blob_key)).toArray());
    expect(sha256(content), `backup of ${file.file_name}`).toBe(file.sha256);
    backedUp.set(file.file_name, [...(backedUp.get(file.file_name) ?? []), file.sha256]);
  }
  const inFolder = (name: string) =>
    scene.sourceDir !== undefined && fs.existsSync(path.join(scene.sourceDir, name))
      ? sha256(fs.readFileSync(path.join(scene.sourceDir, name)))
      : undefined;
  for (const [name, hash] of scene.sources) {
    const here = inFolder(name);
    const kept = backedUp.get(name)?.includes(hash) ?? false;
    expect(here === hash || kept, `${name} is neither in the source folder nor backed up`).toBe(true);
    // Deleted only after its backup: a file gone from the folder has its backup, and the run's
    // log tells of the download (backup) before the delete; without the flag nothing is deleted.
    if (here === undefined) {
      expect(scene.deleteSource, `${name} was deleted without sftp_source_isdeletesource`).toBe(true);
      expect(kept, `${name} deleted without a backup`).toBe(true);
      const owner = backups.find((file) => file.file_name === name && file.sha256 === hash);
      const run = runs.find((r) => r.id === owner?.run_id);
      const log = await app.systemLog(run ?? { job_instance_no: '' });
      const downloaded = log.findIndex(
        (line) => line.startsWith('downloaded ') && line.includes(`/${name} (`),
      );
      const deleted = log.findIndex(
        (line) => line.startsWith('deleted ') && line.includes(`/${name} from the source`),
      );
      expect(downloaded, `${name}: no download line`).toBeGreaterThanOrEqual(0);
      expect(deleted, `${name}: deleted before its backup`).toBeGreaterThan(downloaded);
    }
  }

  // None delivered twice: one delivery per place, holding exactly the function's result file.
  const deliveries = await kysely
    .selectFrom('file_deliveries')
    .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
    .select(['file_deliveries.destination', 'run_files.sha256', 'run_files.list_type', 'run_files.file_name'])
    .where('run_files.run_id', 'in', runIds)
    .execute();
  const places = deliveries.map((delivery) => delivery.destination);
  expect(new Set(places).size, `a place got a file twice: ${places.join(', ')}`).toBe(places.length);
  for (const delivery of deliveries) {
    expect(delivery.list_type).toMatch(/^return_/);
    const remote = /^sftp:[^:]+:(.*)$/.exec(delivery.destination)?.[1];
    if (remote === undefined) continue;
    expect(sha256(fs.readFileSync(remote)), `content delivered to ${remote}`).toBe(delivery.sha256);
  }
  // Nothing else under a final name in the return folders (our temporary names excepted).
  const expected = new Set(deliveries.map((d) => /^sftp:[^:]+:(.*)$/.exec(d.destination)?.[1]));
  for (const dir of scene.returnDirs) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      if (/^\..*\.lis-part-[0-9a-f]{12}$/.test(entry.name)) continue;
      expect(expected.has(full), `${full} is in a return folder but was never delivered`).toBe(true);
    }
  }
}

/** Names the deliveries of a run made (for "delivered once" checks). */
export async function deliveriesOf(app: FaultApp, runId: string): Promise<string[]> {
  const rows = await app.db.kysely
    .selectFrom('file_deliveries')
    .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
    .select('file_deliveries.destination')
    .where('run_files.run_id', '=', runId)
    .execute();
  return rows.map((row) => row.destination).sort();
}

/** `{root}/{name}-in` holding `files` and an empty `{root}/{name}-out`; the files' SHA-256 by name. */
export function sourceScene(root: string, name: string, files: Record<string, string>) {
  const inbox = path.join(root, `${name}-in`);
  const outbox = path.join(root, `${name}-out`);
  fs.mkdirSync(inbox);
  fs.mkdirSync(outbox);
  for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(inbox, file), content);
  const sources = new Map(Object.entries(files).map(([file, content]) => [file, sha256(content)]));
  return { inbox, outbox, sources };
}

/** The fields of an IN_WAIT job from `inbox` to `outbox` on one sFTP server, calling Demo/`fn`. */
export function inWaitJob(job: {
  inbox: string;
  outbox: string;
  deleteSource: boolean;
  sftp: string;
  fn: string;
}) {
  return {
    legacytype: 'IN_WAIT',
    sftp_source_server_id: job.sftp,
    sftp_source_path: job.inbox,
    sftp_source_isdeletesource: job.deleteSource ? 'Y' : 'N',
    sftp_return_server_id: job.sftp,
    sftp_return_path: job.outbox,
    api_serverid: 'fapp-a',
    api_classname: 'Demo',
    api_function_name: job.fn,
  };
}

/** Waits until a file in `dir` (any depth) matching `name` holds more than `bytes`, and answers its size. */
export function partialFileIn(dir: string, name: RegExp, bytes: number): Promise<number> {
  return eventually(
    `a partial file in ${dir}`,
    () => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
      } catch {
        return undefined; // not there yet, or a folder vanished during the walk
      }
      for (const entry of entries) {
        if (!entry.isFile() || !name.test(entry.name)) continue;
        const size = fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size;
        if (size !== undefined && size > bytes) return size;
      }
      return undefined;
    },
    30_000,
    5,
  );
}

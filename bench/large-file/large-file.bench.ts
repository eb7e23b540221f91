// Benchmark (issue 32 §3): one source file of 10 MiB, 300 MiB and 1 GiB through a whole run — step 1
// from a real OpenSSH server, the source backup, step 2's call and answer (echoed by a streaming function
// server), step 3's backup and delivery back to OpenSSH — on a started LIS node (apps/server/dist, a
// child process), with the embedded store and with PostgreSQL's file store. Measured: the node's idle
// RSS before the run, its peak RSS during the run (VmHWM, reset before the run through
// /proc/PID/clear_refs) and the run's time. Budget: peak ≤ idle + 300 MiB for 1 GiB.
// BENCH_LARGE_SIZES=10,300 picks sizes (MiB); BENCH_DATABASE_URL (or TEST_DATABASE_URL) adds PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { eventually } from '../../apps/server/src/test-support/eventually.js';
import {
  canRunOpenSsh,
  startOpenSshServer,
  type OpenSshServer,
} from '../../apps/server/src/test-support/openssh-server.js';
import type { BenchResult } from '../bench-result.js';
import { startEchoFunctionServer, type EchoFunctionServer } from './echo-function-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIB = 2 ** 20;
const ADMIN_PASSWORD = 'Bench-Large-Files-42!';
const BUDGET_MIB = 300;

interface Store {
  name: string;
  databaseUrl?: string;
}

export interface LargeFileRow {
  store: string;
  sizeMiB: number;
  idleRssMiB: number;
  peakRssMiB: number;
  aboveIdleMiB: number;
  seconds: number;
  state: string;
  deliveredExact: boolean;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

/** kB lines of /proc/PID/status in MiB. */
function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** A file of `sizeMiB` MiB of random bytes (1 MiB repeated with a counter: not compressible, fast). */
async function writeSource(file: string, sizeMiB: number): Promise<string> {
  const block = crypto.randomBytes(MIB);
  const hash = crypto.createHash('sha256');
  const out = fs.createWriteStream(file);
  for (let i = 0; i < sizeMiB; i++) {
    block.writeUInt32LE(i, 0);
    hash.update(block);
    if (!out.write(block)) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

class Node {
  private constructor(
    readonly child: ChildProcess,
    readonly base: string,
    private token = '',
  ) {}

  static async start(dataDir: string, databaseUrl: string | undefined): Promise<Node> {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        LIS_PORT: String(port),
        LIS_HOST: '127.0.0.1',
        LIS_DATA_DIR: dataDir,
        LIS_DEMO: 'off',
        LIS_ADMIN_PASSWORD: ADMIN_PASSWORD,
        LIS_LOG_LEVEL: 'warn',
        LIS_FUNCTION_MAX_ANSWER_MB: '4096',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, LIS_FILE_STORE: 'database' } : { DATABASE_URL: '' }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const node = new Node(child, `http://127.0.0.1:${port}`);
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the node exited (${child.exitCode}): ${log}`);
        return (await fetch(`${node.base}/readyz`).catch(() => undefined))?.ok === true;
      },
      { timeout: 120_000, interval: 200, message: 'the node to be ready' },
    );
    const login = await node.call('POST', '/v1/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    node.token = (login as { access_token: string }).access_token;
    return node;
  }

  async call(method: string, url: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

async function configure(
  node: Node,
  sshd: OpenSshServer,
  fapp: EchoFunctionServer,
  inbox: string,
  outbox: string,
) {
  await node.call('POST', '/v1/company_master', { company_code: 'BENCH', company_name: 'Large files' });
  const base = { sid: '555', companycode: 'BENCH' };
  await node.call('POST', '/v1/config/sftp-server/add', {
    ...base,
    sftp_server_id: 'sshd',
    sftp_ip: sshd.host,
    sftp_port: sshd.port,
    sftp_username: sshd.keyUser,
    private_key: sshd.privateKey,
  });
  await node.call('POST', '/v1/config/api-server/add', {
    ...base,
    api_serverid: 'echo',
    api_url_callfunction: fapp.url,
    api_username: 'bench',
    api_password: 'Bench-Echo-Password-1',
    api_timeout_seconds: 3600,
  });
  await node.call('POST', '/v1/config/job-config/add', {
    ...base,
    legacyid: 'LARGE',
    legacyname: 'One large file',
    legacytype: 'IN_WAIT',
    isactive: 'Y',
    api_serverid: 'echo',
    api_classname: 'Demo',
    api_function_name: 'echo',
    sftp_source_server_id: 'sshd',
    sftp_source_path: inbox,
    sftp_source_isdeletesource: 'Y',
    sftp_return_server_id: 'sshd',
    sftp_return_path: outbox,
  });
}

async function runOnce(db: Db, instance: string): Promise<{ state: string; seconds: number }> {
  const started = performance.now();
  const run = await eventually(
    () =>
      db.kysely
        .selectFrom('job_runs')
        .select(['state', 'message'])
        .where('job_instance_no', '=', instance)
        .where('finished_at', 'is not', null)
        .executeTakeFirst(),
    { timeout: 3_600_000, interval: 250, message: `run ${instance} to end` },
  );
  return { state: run.state, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function oneCase(
  store: Store,
  sizeMiB: number,
  sshd: OpenSshServer,
  fapp: EchoFunctionServer,
): Promise<LargeFileRow> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-bench-large-'));
  fs.chmodSync(workspace, 0o755);
  const inbox = path.join(workspace, 'in');
  const outbox = path.join(workspace, 'out');
  fs.mkdirSync(inbox);
  fs.mkdirSync(outbox);
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (store.databaseUrl) {
    const name = `lis_bench_large_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: store.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(store.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: store.databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const node = await Node.start(path.join(workspace, 'data'), databaseUrl);
  const db = databaseUrl
    ? openDatabase({ databaseUrl, pgPoolSize: 1 })
    : openDatabase({ sqliteFile: path.join(workspace, 'data', 'lis.sqlite') });
  try {
    await configure(node, sshd, fapp, inbox, outbox);
    const sourceSha = await writeSource(path.join(inbox, 'large.bin'), sizeMiB);
    const pid = node.child.pid as number;
    const idleRssMiB = statusMiB(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM := VmRSS
    const answer = (await node.call(
      'GET',
      '/v1/lis-server/run-immediate?sid=555&company_code=BENCH&legacy_id=LARGE&legacy_type=IN_WAIT',
    )) as { job_instance_no: string };
    const { state, seconds } = await runOnce(db, answer.job_instance_no);
    const peakRssMiB = statusMiB(pid, 'VmHWM');
    const delivered = path.join(outbox, 'return_success', 'large.bin');
    const deliveredExact = fs.existsSync(delivered) && (await sha256Of(delivered)) === sourceSha;
    return {
      store: store.name,
      sizeMiB,
      idleRssMiB,
      peakRssMiB,
      aboveIdleMiB: Math.round((peakRssMiB - idleRssMiB) * 10) / 10,
      seconds,
      state,
      deliveredExact,
    };
  } finally {
    await node.stop();
    await db.close();
    await dropDatabase();
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

export async function benchLargeFiles(): Promise<BenchResult[]> {
  if (!canRunOpenSsh()) {
    console.error('large-files: no OpenSSH server here (/usr/sbin/sshd): skipped');
    return [];
  }
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')))
    throw new Error('large-files: build the server first (npm run build:server)');
  const sizes = (process.env.BENCH_LARGE_SIZES ?? '10,300,1024').split(',').map(Number);
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const stores: Store[] = [{ name: 'SQLite, local file store' }];
  if (postgres) stores.push({ name: 'PostgreSQL, database file store', databaseUrl: postgres });
  const sshd = await startOpenSshServer();
  const fapp = await startEchoFunctionServer();
  const rows: LargeFileRow[] = [];
  try {
    for (const store of stores) for (const size of sizes) rows.push(await oneCase(store, size, sshd, fapp));
  } finally {
    await fapp.close();
    await sshd.stop();
  }
  console.log(
    [
      '',
      '| file store | file | idle RSS | peak RSS | above idle | run | state | delivered exact |',
      '|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.store} | ${row.sizeMiB} MiB | ${row.idleRssMiB} MiB | ${row.peakRssMiB} MiB | ${row.aboveIdleMiB} MiB | ${row.seconds} s | ${row.state} | ${row.deliveredExact ? 'yes' : 'NO'} |`,
      ),
      '',
    ].join('\n'),
  );
  return rows.map((row) => ({
    name: `large file ${row.sizeMiB} MiB, ${row.store}: peak RSS above idle`,
    unit: 'MiB',
    p50: row.aboveIdleMiB,
    p95: row.aboveIdleMiB,
    p99: row.aboveIdleMiB,
    extra: `idle ${row.idleRssMiB} MiB, peak ${row.peakRssMiB} MiB, run ${row.seconds} s, ${row.state}, delivered exact: ${row.deliveredExact ? 'yes' : 'NO'}`,
    budget: `≤ ${BUDGET_MIB} MiB above idle (1 GiB)`,
  }));
}

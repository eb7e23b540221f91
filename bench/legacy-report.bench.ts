// Benchmark: the monitoring report (GET /v1/legacy/report) over 5,000 jobs with 100,000 runs and their
// steps (DESIGN §8: < 300 ms). Run with `npm run bench`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { keepPlannerStatistics } from '../apps/server/src/db/planner-statistics.js';
import { buildApp } from '../apps/server/src/composition/build-app.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hasher.js';
import { buildJobConfig } from '../apps/server/src/engine/scheduler/scheduler-test-support.js';
import { percentile, type BenchResult } from './bench-result.js';

const JOBS = 5_000;
const RUNS_PER_JOB = 20;
const COMPANIES = 10;
const REQUESTS = 40;
const STATES = ['FINISHED', 'WARNING', 'ERROR'] as const;

export const REPORT_JOBS = JOBS;

/** A server (in this process) over a database of 5,000 jobs, their triggers and 20 runs each. */
export interface ReportBenchServer {
  address: string;
  /** What POST /v1/auth/login answered for the benchmark's super_admin. */
  login: { access_token: string; user_id: string; company_code: string };
  dialect: string;
  /** The SQLite file the server reads (none on PostgreSQL): for probes of the query alone. */
  sqliteFile: string | null;
  close(): Promise<void>;
}

/** Runs one statement on its own connection. */
async function onPostgres(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Seeds the report's data and starts a server on a loopback port (with the console when `webDist`). */
export async function startReportBenchServer(webDist?: string): Promise<ReportBenchServer> {
  const dir = path.join(os.tmpdir(), `lis-bench-${crypto.randomBytes(4).toString('hex')}`);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  // PostgreSQL: a schema of its own, dropped at close (until session 11 the benchmark seeded the
  // database's `public` schema and left it there).
  const pgSchema = databaseUrl ? `bench_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && pgSchema) await onPostgres(databaseUrl, `create schema ${pgSchema}`);
  const db = openDatabase(
    databaseUrl && pgSchema ? { databaseUrl, pgSchema } : { sqliteFile: path.join(dir, 'lis.sqlite') },
  );
  await migrateToLatest(db);
  const now = Date.now();
  const company = (i: number) => `C${i % COMPANIES}`;
  for (let start = 0; start < JOBS; start += 500) {
    await db.kysely
      .insertInto('job_configs')
      .values(
        Array.from({ length: 500 }, (_, k) =>
          buildJobConfig({
            company_code: company(start + k),
            legacy_id: `JOB${start + k}`,
            legacy_name: `Job ${start + k}`,
            is_active: k % 3 === 0 ? 'N' : 'Y',
          }),
        ),
      )
      .execute();
  }
  for (let job = 0; job < JOBS; job += 50) {
    const runs = [];
    const steps = [];
    for (let j = job; j < job + 50; j++) {
      for (let r = 0; r < RUNS_PER_JOB; r++) {
        const id = crypto.randomUUID();
        const queued = now - (RUNS_PER_JOB - r) * 60_000;
        runs.push({
          id,
          job_instance_no: `JOB${j}_${r}`,
          owner_kind: 'job' as const,
          company_code: company(j),
          legacy_id: `JOB${j}`,
          kind: 'scheduled' as const,
          // As the scheduler writes a fire: the trigger's time, queued at or just after it. (Until
          // session 11 the runs had none, and the Expected Run Job's read of the day's scheduled runs
          // found nothing: its figures hid that read's cost.)
          trigger_id: `job|${company(j)}|JOB${j}|0`,
          scheduled_at: Math.floor(queued / 60_000) * 60_000,
          state: STATES[(j + r) % 3] ?? 'FINISHED',
          queued_at: queued,
          started_at: queued + 100,
          finished_at: queued + 5_000,
          attempt: 1,
          message: 'step 3 (return files): 2 file(s) delivered',
          send_email_status: 'SUCCESS',
        });
        for (const step of [1, 5, 2, 3, 4])
          steps.push({
            run_id: id,
            step,
            status: 'SUCCESS' as const,
            started_at: queued + step,
            finished_at: queued + 10,
            message: 'ok',
          });
      }
    }
    await db.kysely.insertInto('job_runs').values(runs).execute();
    for (let s = 0; s < steps.length; s += 1000)
      await db.kysely
        .insertInto('run_steps')
        .values(steps.slice(s, s + 1000))
        .execute();
  }
  // One trigger per job, as saved jobs have (the report shows each job's next fire).
  for (let start = 0; start < JOBS; start += 500) {
    await db.kysely
      .insertInto('triggers')
      .values(
        Array.from({ length: 500 }, (_, k) => ({
          id: `job|${company(start + k)}|JOB${start + k}|0`,
          owner_kind: 'job' as const,
          company_code: company(start + k),
          owner_id: `JOB${start + k}`,
          position: 0,
          expression: '0 0/5 * * * ?',
          time_zone: 'UTC',
          state: k % 3 === 0 ? ('PAUSED' as const) : ('WAITING' as const),
          next_fire_at: now + 300_000,
          prev_fire_at: null,
          fire_count: 0,
          misfire_policy: 'fire_once_now' as const,
          paused_by: null,
          updated_at: now,
        })),
      )
      .execute();
  }
  // As autovacuum would have done by the time such a day is read: the planner's statistics and the
  // visibility map (PostgreSQL's index-only scans otherwise fetch every row from the table).
  if (databaseUrl && pgSchema)
    await onPostgres(
      databaseUrl,
      `vacuum analyze ${pgSchema}.job_runs, ${pgSchema}.job_configs, ${pgSchema}.triggers, ${pgSchema}.run_steps`,
    );
  const hash = await hashPassword('benchmark password');
  await db.kysely
    .insertInto('users')
    .values({
      username: 'root',
      first_name: 'r',
      last_name: 'r',
      citizen_id: '',
      password_hash: hash,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.kysely
    .insertInto('user_companies')
    .values({ username: 'root', position: 0, sid: '555', company_code: '*', role_access: 'super_admin' })
    .execute();

  // As a server started on this data would: SQLite's statistics taken at start (server.ts).
  const statistics = await keepPlannerStatistics(db, (error) => {
    throw error;
  });
  const config = loadConfig({ LIS_DATA_DIR: dir });
  const { app } = await buildApp({
    config,
    db,
    masterKey: crypto.randomBytes(32),
    version: 'bench',
    webDist,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const answer = await fetch(`${address}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'benchmark password' }),
  });
  const login = (await answer.json()) as ReportBenchServer['login'];
  return {
    address,
    login,
    dialect: db.dialect,
    sqliteFile: process.env.BENCH_DATABASE_URL ? null : path.join(dir, 'lis.sqlite'),
    close: async () => {
      await app.close();
      statistics.stop();
      await db.close();
      if (databaseUrl && pgSchema) await onPostgres(databaseUrl, `drop schema ${pgSchema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchLegacyReport(): Promise<BenchResult[]> {
  const server = await startReportBenchServer();
  const { address } = server;
  const token = server.login.access_token;
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    // Timed until the answer's last byte; the client's own JSON parsing (same process) is not.
    const t0 = performance.now();
    const response = await fetch(`${address}/v1/legacy/report?sid=555`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    latencies.push(performance.now() - t0);
    // The server runs in this process: parsing 3.7 MB into objects on every turn would bill its garbage
    // collection to the server's next answer. The first answer is parsed; the others checked by their end.
    const total =
      i === 0
        ? (JSON.parse(text) as { total_count: number }).total_count
        : Number(/"total_count":(\d+)}$/.exec(text)?.[1]);
    if (response.status !== 200 || total !== JOBS) throw new Error(`report answered ${response.status}`);
    bytes = Number(response.headers.get('content-length') ?? 0);
  }
  await server.close();
  return [
    {
      name: `GET /v1/legacy/report, ${JOBS} jobs and triggers, ${JOBS * RUNS_PER_JOB} runs (${server.dialect})`,
      unit: 'ms',
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      extra: `sequential, ${Math.round(bytes / 1024)} KiB JSON`,
      budget: '< 300 ms (DESIGN §8)',
    },
  ];
}

// Benchmark: the monitoring report (GET /v1/legacy/report) over 5,000 jobs with 100,000 runs and their
// steps (DESIGN §8: < 300 ms). Run with `npm run bench`.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { buildApp } from '../apps/server/src/http/app.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hasher.js';
import { buildJobConfig } from '../apps/server/src/engine/scheduler/scheduler-test-support.js';
import { percentile, type BenchResult } from './bench-result.js';

const JOBS = 5_000;
const RUNS_PER_JOB = 20;
const COMPANIES = 10;
const REQUESTS = 40;
const STATES = ['FINISHED', 'WARNING', 'ERROR'] as const;

export async function benchLegacyReport(): Promise<BenchResult[]> {
  const dir = path.join(os.tmpdir(), `lis-bench-${crypto.randomBytes(4).toString('hex')}`);
  const db = openDatabase(
    process.env.BENCH_DATABASE_URL
      ? { databaseUrl: process.env.BENCH_DATABASE_URL }
      : { sqliteFile: path.join(dir, 'lis.sqlite') },
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

  const config = loadConfig({ LIS_DATA_DIR: dir });
  const { app } = await buildApp({ config, db, masterKey: crypto.randomBytes(32), version: 'bench' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'benchmark password' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const response = await fetch(`${address}/v1/legacy/report?sid=555`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { total_count: number };
    if (response.status !== 200 || body.total_count !== JOBS)
      throw new Error(`report answered ${response.status}`);
    latencies.push(performance.now() - t0);
    bytes = Number(response.headers.get('content-length') ?? 0);
  }
  await app.close();
  await db.close();
  return [
    {
      name: `GET /v1/legacy/report, ${JOBS} jobs, ${JOBS * RUNS_PER_JOB} runs (${db.dialect})`,
      unit: 'ms',
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      extra: `sequential, ${Math.round(bytes / 1024)} KiB JSON`,
      budget: '< 300 ms (DESIGN §8)',
    },
  ];
}

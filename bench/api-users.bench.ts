// Benchmark: the Employee list API under 20 concurrent clients over 10,000 users, and sign-in cost.
// Run with `npm run bench` (results in bench-results/, summary in docs/benchmarks.md).
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/config.js';
import { buildApp } from '../apps/server/src/composition/build-app.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hasher.js';
import { percentile, type BenchResult } from './bench-result.js';

const USERS = 10_000;
const CLIENTS = 20;
const REQUESTS = 4_000;

export async function benchUserList(): Promise<BenchResult[]> {
  const dir = path.join(os.tmpdir(), `lis-bench-${crypto.randomBytes(4).toString('hex')}`);
  const db = openDatabase(
    process.env.BENCH_DATABASE_URL
      ? { databaseUrl: process.env.BENCH_DATABASE_URL }
      : { sqliteFile: path.join(dir, 'lis.sqlite') },
  );
  await migrateToLatest(db);
  const now = Date.now();
  const companies = Array.from({ length: 50 }, (_, i) => `C${i}`);
  await db.kysely
    .insertInto('companies')
    .values(
      companies.map((c) => ({
        company_code: c,
        sid: '555',
        company_name: c,
        status: 'active' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const hash = await hashPassword('benchmark password');
  for (let start = 0; start < USERS; start += 500) {
    const batch = Array.from(
      { length: Math.min(500, USERS - start) },
      (_, i) => `user${String(start + i).padStart(5, '0')}`,
    );
    await db.kysely
      .insertInto('users')
      .values(
        batch.map((u) => ({
          username: u,
          first_name: u,
          last_name: 'Bench',
          citizen_id: '',
          password_hash: hash,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db.kysely
      .insertInto('user_companies')
      .values(
        batch.map((u, i) => ({
          username: u,
          position: 0,
          sid: '555',
          company_code: companies[i % companies.length] as string,
          role_access: i % 7 === 0 ? 'admin' : 'user',
        })),
      )
      .execute();
  }
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

  const config = loadConfig({ LIS_DATA_DIR: dir, LIS_LOGIN_MAX_FAILURES: '1000' });
  const { app } = await buildApp({ config, db, masterKey: crypto.randomBytes(32), version: 'bench' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = async () => {
    const started = performance.now();
    const response = await fetch(`${address}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'benchmark password' }),
    });
    const body = (await response.json()) as { access_token: string };
    return { token: body.access_token, ms: performance.now() - started };
  };
  const loginTimes: number[] = [];
  let token = '';
  for (let i = 0; i < 20; i++) {
    const signedIn = await login();
    token = signedIn.token;
    loginTimes.push(signedIn.ms);
  }

  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const query =
        i % 3 === 0
          ? `company_code=C${i % 50}&page=1&page_size=25`
          : i % 3 === 1
            ? `id=user0${i % 10}&page=2&page_size=25`
            : `page=${(i % 400) + 1}&page_size=25`;
      const t0 = performance.now();
      const response = await fetch(`${address}/v1/user?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  await db.close();
  return [
    {
      name: `GET /v1/user list, ${USERS} users, ${CLIENTS} clients (${db.dialect})`,
      unit: 'ms',
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      extra: `${Math.round(REQUESTS / seconds)} req/s`,
      budget: 'p95 < 200 ms (DESIGN §8 list budget)',
    },
    {
      name: 'POST /v1/auth/login (argon2id 19 MiB, t=2)',
      unit: 'ms',
      p50: percentile(loginTimes, 50),
      p95: percentile(loginTimes, 95),
      p99: percentile(loginTimes, 99),
      extra: 'sequential',
      budget: 'deliberately slow: bounds guessing',
    },
  ];
}

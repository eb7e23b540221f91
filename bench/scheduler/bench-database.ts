// A fresh database for one benchmark case: a SQLite file in a temp dir, or a PostgreSQL schema of
// its own; seeded in bulk (one job per trigger) and removed afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db, type DialectName } from '../../apps/server/src/db/database.js';
import { databaseNow } from '../../apps/server/src/db/database-clock.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { TriggerTable } from '../../apps/server/src/db/schema.js';
import { nextFireTime } from '../../apps/server/src/engine/cron/index.js';
import { buildJobConfig } from '../../apps/server/src/engine/scheduler/scheduler-test-support.js';
import { triggerId } from '../../apps/server/src/engine/scheduler/trigger-sync.js';

export const TIME_ZONE = 'UTC';

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL: PostgreSQL cases are skipped without one. */
export const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export interface BenchDatabase {
  kind: DialectName;
  db: Db;
  /** PostgreSQL only: the URL and schema other nodes (pools, processes) open. */
  url?: string;
  schema?: string;
  /** Another pool on the same PostgreSQL schema (SQLite: the same connection). */
  reopen(poolSize?: number): Db;
  drop(): Promise<void>;
}

export async function createBenchDatabase(kind: DialectName): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-bench-scheduler-'));
    const db = openDatabase({ sqliteFile: path.join(dir, 'lis.sqlite') });
    await migrateToLatest(db);
    return {
      kind,
      db,
      reopen: () => db,
      drop: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = postgresUrl;
  if (!url) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) is not set');
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const opened: Db[] = [];
  const reopen = (poolSize = 10) => {
    const db = openDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: poolSize });
    opened.push(db);
    return db;
  };
  const db = reopen();
  await migrateToLatest(db);
  return {
    kind,
    db,
    url,
    schema,
    reopen,
    drop: async () => {
      await Promise.all(opened.map((d) => d.close()));
      await adminQuery(url, `drop schema ${schema} cascade`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function jobId(i: number): string {
  return `B${String(i).padStart(5, '0')}`;
}

/**
 * Inserts `count` active jobs (overlap allow_all, so every fire queues a run) with one trigger
 * each, as trigger sync would write it, the first fire being the first one strictly after
 * `from(databaseNow)`. Answers the initial next fire of every trigger.
 */
export async function seedTriggers(
  db: Db,
  count: number,
  expressionOf: (i: number) => string,
  from: (now: number) => number = (now) => now,
): Promise<Map<string, number>> {
  const chunk = 500;
  for (let start = 0; start < count; start += chunk) {
    const jobs = Array.from({ length: Math.min(chunk, count - start) }, (_, k) =>
      buildJobConfig({
        legacy_id: jobId(start + k),
        legacy_name: `Bench ${start + k}`,
        cron_trigger: expressionOf(start + k),
        overlap_policy: 'allow_all',
      }),
    );
    await db.kysely.insertInto('job_configs').values(jobs).execute();
  }
  const now = await databaseNow(db.kysely, db.dialect);
  const after = new Date(from(now));
  const initial = new Map<string, number>();
  for (let start = 0; start < count; start += chunk) {
    const rows: TriggerTable[] = Array.from({ length: Math.min(chunk, count - start) }, (_, k) => {
      const i = start + k;
      const expression = expressionOf(i);
      const next = nextFireTime(expression, after, TIME_ZONE);
      if (!next) throw new Error(`${expression} never fires after ${after.toISOString()}`);
      const id = triggerId({ kind: 'job', companyCode: 'C1', ownerId: jobId(i) }, 0);
      initial.set(id, next.getTime());
      return {
        id,
        owner_kind: 'job',
        company_code: 'C1',
        owner_id: jobId(i),
        position: 0,
        expression,
        time_zone: TIME_ZONE,
        state: 'WAITING',
        next_fire_at: next.getTime(),
        prev_fire_at: null,
        fire_count: 0,
        misfire_policy: 'fire_once_now',
        paused_by: null,
        updated_at: now,
        calendar_company: null,
        calendar_name: null,
        calendar_version: null,
        calendar_rule: null,
      };
    });
    await db.kysely.insertInto('triggers').values(rows).execute();
  }
  return initial;
}

export async function databaseVersion(db: Db): Promise<string> {
  const query =
    db.dialect === 'postgres'
      ? sql<{ version: string }>`select current_setting('server_version') as version`
      : sql<{ version: string }>`select sqlite_version() as version`;
  const { rows } = await query.execute(db.kysely);
  return `${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${rows[0]?.version ?? '?'}`;
}

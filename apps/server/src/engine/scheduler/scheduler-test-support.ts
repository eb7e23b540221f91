import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { ChainJobTable, JobConfigTable } from '../../db/schema.js';

/** A job configuration with sensible defaults: active, not suspended, overlap skip. */
export function buildJobConfig(
  overrides: Partial<Insertable<JobConfigTable>> = {},
): Insertable<JobConfigTable> {
  return {
    company_code: 'C1',
    legacy_id: 'JOB1',
    sid: 'S1',
    legacy_name: 'Job one',
    legacy_type: 'OUTBOUND',
    is_active: 'Y',
    has_suspend: 'N',
    important_job: 'False',
    stopif_step4_error: 'N',
    criteria_stopif_mainstatus_warning: 'Y',
    legacy_criteria: '',
    updated_by: null,
    cron_trigger: '0 0 12 * * ?',
    overlap_policy: 'skip',
    misfire_policy: 'fire_once_now',
    created_at: 0,
    updated_at: 0,
    ...overrides,
  };
}

export function buildChainJob(overrides: Partial<Insertable<ChainJobTable>> = {}): Insertable<ChainJobTable> {
  return {
    created_by: null,
    company_code: 'C1',
    chain_id: 'CHAIN1',
    sid: 'S1',
    chain_name: 'Chain one',
    legacy_list: 'JOB1,Job one',
    is_active: 'Y',
    cron_trigger: '0 0 12 * * ?',
    created_at: 0,
    updated_at: 0,
    ...overrides,
  };
}

/** Moves a trigger's next fire to the whole second at least `ageMs` before the database's now (due). */
export async function makeDue(db: Db, triggerId: string, ageMs: number): Promise<number> {
  const due = Math.floor(((await databaseNow(db.kysely, db.dialect)) - ageMs) / 1000) * 1000;
  await db.kysely.updateTable('triggers').set({ next_fire_at: due }).where('id', '=', triggerId).execute();
  return due;
}

export async function runsOf(db: Db, triggerId: string) {
  return db.kysely
    .selectFrom('job_runs')
    .selectAll()
    .where('trigger_id', '=', triggerId)
    .orderBy('scheduled_at')
    .execute();
}

export async function triggerById(db: Db, id: string) {
  return db.kysely.selectFrom('triggers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The PostgreSQL schema a test database lives in (the scheduler signal's payload). */
export async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? 'public';
}

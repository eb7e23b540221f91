import { sql, type Insertable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { JobRunTable } from '../../db/schema.js';
import { insertFiredRuns } from '../runs/run-creation.repository.js';
import { appendSystemLog } from '../system-log/system-log.repository.js';
import type { PlannedTrigger } from './fire-plan.js';
import type { WriteScope } from '../../db/write-transaction.js';

/** Rows per multi-row insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;
/** Triggers per multi-row update (six parameters each). */
const UPDATE_CHUNK = 1000;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export interface InsertedRun {
  id: string;
  scheduled_at: number;
  state: string;
}

/** The runs actually inserted (a conflict inserts nothing), keyed by trigger id. */
export type InsertedRuns = Map<string, InsertedRun[]>;

async function insertRuns(scope: WriteScope, runs: Insertable<JobRunTable>[]): Promise<InsertedRuns> {
  const inserted: InsertedRuns = new Map();
  for (const chunk of chunks(runs, INSERT_CHUNK)) {
    const rows = await insertFiredRuns(scope, chunk);
    for (const row of rows) {
      const id = row.trigger_id ?? '';
      const list = inserted.get(id) ?? [];
      list.push({ id: row.id, scheduled_at: Number(row.scheduled_at), state: row.state });
      inserted.set(id, list);
    }
  }
  return inserted;
}

interface TriggerAdvance {
  id: string;
  /** The next_fire_at the pass read: the update is a compare-and-set on it. */
  expected: number;
  nextFireAt: number | null;
  prevFireAt: number | null;
  fireCount: number;
  state: 'WAITING' | 'COMPLETE';
}

/**
 * Advances every trigger of the pass in one statement per chunk: `WITH v(…) AS (VALUES …) UPDATE
 * triggers … FROM v` (PostgreSQL, and SQLite ≥ 3.33). Each row still matches only while the
 * trigger's next_fire_at is the one this pass read, as the one-row update did. A maintenance hold
 * ends with the advance (the fire it held was handled).
 */
async function advanceTriggers(
  scope: WriteScope,
  dialect: DialectName,
  advances: readonly TriggerAdvance[],
  now: number,
): Promise<void> {
  const pg = dialect === 'postgres';
  for (const chunk of chunks(advances, UPDATE_CHUNK)) {
    const values = sql.join(
      chunk.map((a) =>
        pg
          ? sql`(${a.id}::text, ${a.expected}::bigint, ${a.nextFireAt}::bigint, ${a.prevFireAt}::bigint, ${a.fireCount}::integer, ${a.state}::text)`
          : sql`(${a.id}, ${a.expected}, ${a.nextFireAt}, ${a.prevFireAt}, ${a.fireCount}, ${a.state})`,
      ),
    );
    await sql`with v (id, expected_next, next_fire_at, prev_fire_at, fire_count, state) as (values ${values})
      update triggers set next_fire_at = v.next_fire_at, prev_fire_at = v.prev_fire_at,
        fire_count = v.fire_count, state = v.state, maintenance_held_since = null, updated_at = ${now}
      from v where triggers.id = v.id and triggers.next_fire_at = v.expected_next`.execute(scope);
  }
}

/**
 * Writes the plans of a whole pass: one multi-row insert of the runs (returning what was really
 * inserted), one of the missed fires, one update of the triggers, one insert of the log lines.
 * Each trigger advances by what was inserted for it, exactly as a per-trigger write would.
 */
export async function applyPlans(
  scope: WriteScope,
  dialect: DialectName,
  planned: readonly PlannedTrigger[],
  now: number,
): Promise<InsertedRuns> {
  const inserted = await insertRuns(
    scope,
    planned.flatMap(({ plan }) => plan.runs),
  );
  for (const chunk of chunks(
    planned.flatMap(({ plan }) => plan.missed),
    INSERT_CHUNK,
  ))
    await scope
      .insertInto('missed_fires')
      .values(chunk)
      .onConflict((oc) => oc.columns(['trigger_id', 'scheduled_at']).doNothing())
      .execute();
  const advances = planned.map(({ trigger, plan }): TriggerAdvance => {
    const runs = inserted.get(trigger.id) ?? [];
    const lastFired = runs.reduce<number | null>((last, run) => Math.max(last ?? 0, run.scheduled_at), null);
    return {
      id: trigger.id,
      expected: Number(trigger.next_fire_at),
      nextFireAt: plan.nextFireAt,
      prevFireAt: lastFired ?? (trigger.prev_fire_at === null ? null : Number(trigger.prev_fire_at)),
      fireCount: trigger.fire_count + runs.length,
      state: plan.nextFireAt === null ? 'COMPLETE' : 'WAITING',
    };
  });
  await advanceTriggers(scope, dialect, advances, now);
  await appendSystemLog(
    scope,
    planned.flatMap(({ plan }) => plan.logs),
  );
  return inserted;
}

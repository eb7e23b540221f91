import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { holdStandsSql } from './acquire-due-triggers.repository.js';

/** What the database holds about the scheduler, the same on every node of a cluster. */
export interface SchedulerStats {
  /** Runs queued by a trigger's fire. */
  fires: number;
  /** Sum over those runs of queued − scheduled, ms. */
  latenessSumMs: number;
  /** Per bucket bound (seconds, ascending): the fires whose lateness is at most it (cumulative). */
  latenessAtMost: number[];
  /** Runs by state. */
  runsByState: Map<string, number>;
  /** Fire times skipped by a misfire. */
  missedFires: number;
  /** WAITING triggers whose fire time passed more than the misfire threshold (60 s) ago (not held by maintenance). */
  stuckTriggers: number;
}

/** Reads the scheduler's figures (for `/metrics`), lateness counted into `bucketsSeconds`. */
export async function readSchedulerStats(db: Db, bucketsSeconds: readonly number[]): Promise<SchedulerStats> {
  const k = db.kysely;
  const lateness = sql<number>`(${sql.ref('queued_at')} - ${sql.ref('scheduled_at')})`;
  const bucketColumns = bucketsSeconds.map((le, i) =>
    sql<number>`sum(case when ${lateness} <= ${le * 1000} then 1 else 0 end)`.as(`le_${i}`),
  );
  const [fires, byState, missed, stuck] = await Promise.all([
    k
      .selectFrom('job_runs')
      .select([
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>(lateness).as('sum'),
        ...bucketColumns,
      ])
      .where('trigger_id', 'is not', null)
      .where('scheduled_at', 'is not', null)
      .executeTakeFirst(),
    k
      .selectFrom('job_runs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('state')
      .execute(),
    k
      .selectFrom('missed_fires')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
    databaseNow(k, db.dialect).then((now) =>
      k
        .selectFrom('triggers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '=', 'WAITING')
        .where('next_fire_at', '<', now - 60_000)
        // Held by a maintenance window (issue 34): left due on purpose, not stuck.
        .where(sql<SqlBool>`not ${holdStandsSql()}`)
        .executeTakeFirst(),
    ),
  ]);
  const record = (fires ?? {}) as Record<string, unknown>;
  return {
    fires: Number(record.count ?? 0),
    latenessSumMs: Number(record.sum ?? 0),
    latenessAtMost: bucketsSeconds.map((_, i) => Number(record[`le_${i}`] ?? 0)),
    runsByState: new Map(byState.map((r) => [r.state, Number(r.count)])),
    missedFires: Number(missed?.count ?? 0),
    stuckTriggers: Number(stuck?.count ?? 0),
  };
}

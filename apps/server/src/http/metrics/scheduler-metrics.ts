import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { formatNumber, histogramLines, labelText, LATENESS_BUCKETS } from './metrics-registry.js';

const ENDED_STATES = ['FINISHED', 'WARNING', 'ERROR', 'SKIPPED'] as const;
const ACTIVE_STATES = ['QUEUED', 'WAITING', 'RUNNING'] as const;

function block(name: string, help: string, type: string, lines: string[]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines];
}

/**
 * The scheduler's figures as the database holds them: the same on every node of a cluster, whichever
 * node fired or ran what (scrape one node, or aggregate with max()).
 */
export async function schedulerMetrics(db: Db): Promise<string[]> {
  const k = db.kysely;
  const lateness = sql<number>`(${sql.ref('queued_at')} - ${sql.ref('scheduled_at')})`;
  const bucketColumns = LATENESS_BUCKETS.map((le, i) =>
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
        .executeTakeFirst(),
    ),
  ]);

  const record = (fires ?? {}) as Record<string, unknown>;
  const fireCount = Number(record.count ?? 0);
  // Cumulative counts from the database: turn them back into per-bucket counts for histogramLines.
  const cumulative = LATENESS_BUCKETS.map((_, i) => Number(record[`le_${i}`] ?? 0));
  const perBucket = cumulative.map((c, i) => c - (i > 0 ? (cumulative[i - 1] ?? 0) : 0));
  const states = new Map(byState.map((r) => [r.state, Number(r.count)]));

  return [
    ...block('lis_scheduler_fires_total', 'Fires of cron triggers that queued a run', 'counter', [
      `lis_scheduler_fires_total ${fireCount}`,
    ]),
    ...block(
      'lis_scheduler_fire_lateness_seconds',
      'Queued time minus scheduled fire time of fired runs (database clock)',
      'histogram',
      histogramLines('lis_scheduler_fire_lateness_seconds', LATENESS_BUCKETS, {
        counts: perBucket,
        sum: Number(record.sum ?? 0) / 1000,
        count: fireCount,
      }),
    ),
    ...block('lis_scheduler_missed_fires_total', 'Fire times skipped by a misfire', 'counter', [
      `lis_scheduler_missed_fires_total ${Number(missed?.count ?? 0)}`,
    ]),
    ...block(
      'lis_scheduler_stuck_triggers',
      'WAITING triggers whose fire time passed more than the misfire threshold ago',
      'gauge',
      [`lis_scheduler_stuck_triggers ${Number(stuck?.count ?? 0)}`],
    ),
    ...block(
      'lis_runs_total',
      'Runs that ended, by outcome',
      'counter',
      ENDED_STATES.map(
        (s) => `lis_runs_total${labelText({ outcome: s })} ${formatNumber(states.get(s) ?? 0)}`,
      ),
    ),
    ...block(
      'lis_runs_active',
      'Runs not ended yet, by state',
      'gauge',
      ACTIVE_STATES.map(
        (s) => `lis_runs_active${labelText({ state: s })} ${formatNumber(states.get(s) ?? 0)}`,
      ),
    ),
    ...block('lis_queue_depth', 'Runs queued and not yet claimed by a worker', 'gauge', [
      `lis_queue_depth ${states.get('QUEUED') ?? 0}`,
    ]),
  ];
}

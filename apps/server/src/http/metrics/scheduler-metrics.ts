import type { Db } from '../../db/database.js';
import { readSchedulerStats } from '../../engine/scheduler/scheduler-stats.repository.js';
import { formatNumber, histogramLines, labelText, LATENESS_BUCKETS } from './metrics-registry.js';

const ENDED_STATES = ['FINISHED', 'WARNING', 'ERROR', 'SKIPPED', 'STOPPED'] as const;
const ACTIVE_STATES = ['QUEUED', 'WAITING', 'RUNNING'] as const;

function block(name: string, help: string, type: string, lines: string[]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines];
}

/**
 * The scheduler's figures as the database holds them: the same on every node of a cluster, whichever
 * node fired or ran what (scrape one node, or aggregate with max()).
 */
export async function schedulerMetrics(db: Db): Promise<string[]> {
  const stats = await readSchedulerStats(db, LATENESS_BUCKETS);
  const fireCount = stats.fires;
  // Cumulative counts from the database: turn them back into per-bucket counts for histogramLines.
  const cumulative = stats.latenessAtMost;
  const perBucket = cumulative.map((c, i) => c - (i > 0 ? (cumulative[i - 1] ?? 0) : 0));
  const states = stats.runsByState;

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
        sum: stats.latenessSumMs / 1000,
        count: fireCount,
      }),
    ),
    ...block('lis_scheduler_missed_fires_total', 'Fire times skipped by a misfire', 'counter', [
      `lis_scheduler_missed_fires_total ${stats.missedFires}`,
    ]),
    ...block(
      'lis_scheduler_stuck_triggers',
      'WAITING triggers whose fire time passed more than the misfire threshold ago',
      'gauge',
      [`lis_scheduler_stuck_triggers ${stats.stuckTriggers}`],
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

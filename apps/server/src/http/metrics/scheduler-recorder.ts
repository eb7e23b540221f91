import type { SchedulerMetrics } from '../../engine/scheduler/scheduler-loop.js';
import { LATENESS_BUCKETS, metrics, type MetricsRegistry } from './metrics-registry.js';

/**
 * What this node's scheduler loop saw, for `/metrics` (the database-derived figures of
 * scheduler-metrics.ts are cluster-wide; these are per node and named `lis_node_…`). Pass it as the
 * loop's `metrics` dependency.
 */
export function schedulerMetricsRecorder(registry: MetricsRegistry = metrics): SchedulerMetrics {
  const passes = registry.counter('lis_node_scheduler_passes_total', 'Firing passes of this node');
  const failures = registry.counter('lis_node_scheduler_pass_failures_total', 'Firing passes that failed');
  const fired = registry.counter('lis_node_scheduler_fires_total', 'Fires made by this node, by result');
  const lateness = registry.histogram(
    'lis_node_scheduler_fire_lateness_seconds',
    "Database's now minus the scheduled time of the fires this node made",
    LATENESS_BUCKETS,
  );
  const stuck = registry.counter(
    'lis_node_scheduler_stuck_fires_total',
    'Fires no node made in time, reported by this node',
  );
  const calendarSkips = registry.counter(
    'lis_node_scheduler_calendar_skips_total',
    "Times a trigger's business calendar kept it from firing in this node's passes: a next fire moved past fire times the calendar excludes (once per move), or a due time it excludes",
  );
  const maintenanceHolds = registry.counter(
    'lis_node_scheduler_maintenance_holds_total',
    "Due triggers this node's passes left unfired because a maintenance window held their company (once per hold)",
  );
  return {
    passed: (outcome) => {
      passes.inc();
      if (outcome.queued) fired.inc({ result: 'queued' }, outcome.queued);
      if (outcome.skipped) fired.inc({ result: 'skipped' }, outcome.skipped);
      if (outcome.missed) fired.inc({ result: 'missed' }, outcome.missed);
      if (outcome.calendarSkips) calendarSkips.inc(undefined, outcome.calendarSkips);
      if (outcome.maintenanceHolds) maintenanceHolds.inc(undefined, outcome.maintenanceHolds);
      for (const ms of outcome.lateness) lateness.observe(ms / 1000);
    },
    failed: () => failures.inc(),
    stuck: (fires) => stuck.inc(undefined, fires.length),
  };
}

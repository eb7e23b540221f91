import type { Db } from '../../db/database.js';
import { retryStats } from '../../engine/runs/run-retry.repository.js';
import { formatNumber, labelText } from './metrics-registry.js';

const STEPS = [1, 2, 3, 4, 5] as const;

/**
 * Issue 36 (docs/retries.md): step retries as the database holds them — the same on every node.
 * `lis_step_retries_total{step,outcome}`: `scheduled` every failed attempt that got another one,
 * `cancelled` retries an operator cancelled; `lis_step_retries_waiting` runs waiting for an attempt now.
 */
export async function retryMetrics(db: Db): Promise<string[]> {
  const stats = await retryStats(db.kysely);
  const line = (step: number, outcome: string, n: number) =>
    `lis_step_retries_total${labelText({ step: String(step), outcome })} ${formatNumber(n)}`;
  return [
    '# HELP lis_step_retries_total Step retries by step and outcome (scheduled: another attempt was set; cancelled: by an operator)',
    '# TYPE lis_step_retries_total counter',
    ...STEPS.flatMap((step) => [
      line(step, 'scheduled', stats.scheduled.get(step) ?? 0),
      line(step, 'cancelled', stats.cancelled.get(step) ?? 0),
    ]),
    '# HELP lis_step_retries_waiting Runs waiting for a step retry',
    '# TYPE lis_step_retries_waiting gauge',
    `lis_step_retries_waiting ${formatNumber(stats.waiting)}`,
  ];
}

import { ALERT_CHANNEL_KINDS, ALERT_CONDITIONS } from '@lis/contracts';
import type { AlertService } from '../../modules/alerts/alert.service.js';
import { formatNumber, labelText } from './metrics-registry.js';

const OUTCOMES = ['delivered', 'retrying', 'failed'] as const;

function block(name: string, help: string, type: string, lines: string[]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines];
}

/**
 * The alerts' figures as the database holds them (issue 35): the same on every node of a cluster,
 * whichever node raised or delivered what. Every condition, kind and outcome has a line, 0 included.
 */
export async function alertMetrics(alerts: Pick<AlertService, 'metrics'>): Promise<string[]> {
  const { raised, attempts, open } = await alerts.metrics();
  const attemptsOf = (kind: string, outcome: string) =>
    attempts.find((row) => row.kind === kind && row.outcome === outcome)?.n ?? 0;
  return [
    ...block(
      'lis_alerts_raised_total',
      'Alerts raised (one per company, condition and subject), by condition',
      'counter',
      ALERT_CONDITIONS.map(
        (condition) =>
          `lis_alerts_raised_total${labelText({ condition })} ${formatNumber(raised.get(condition) ?? 0)}`,
      ),
    ),
    ...block(
      'lis_alert_deliveries_total',
      'Alert delivery attempts by channel kind and outcome (delivered; retrying: tried again later; failed: given up)',
      'counter',
      ALERT_CHANNEL_KINDS.flatMap((kind) =>
        OUTCOMES.map(
          (outcome) =>
            `lis_alert_deliveries_total${labelText({ kind, outcome })} ${formatNumber(attemptsOf(kind, outcome))}`,
        ),
      ),
    ),
    ...block('lis_alerts_open', 'Alerts open (neither acknowledged nor resolved)', 'gauge', [
      `lis_alerts_open ${formatNumber(open)}`,
    ]),
  ];
}

import type { AlertCondition } from '@lis/contracts';
import type { SecretBox } from '../secrets/secret-box.js';
import type { AlertConfigRepository } from './alert-config.repository.js';
import type { AlertDeliveryRepository, DeliveryRow } from './alert-delivery.repository.js';
import type { AlertView } from './alert-payloads.js';
import type { AlertRepository, AlertRow } from './alert.repository.js';
import { openChannel, type OpenedChannel } from './channel-sender.js';
import { serverOfSubject } from '../../engine/server-checks/server-check-state.js';

/** What a delivery is sent to and with, or why it cannot be sent at all (recorded as its failed attempt). */
export type Target = { channel: OpenedChannel; view: AlertView } | { problem: string };

interface TargetSources {
  config: AlertConfigRepository;
  alerts: AlertRepository;
  deliveries: AlertDeliveryRepository;
  box: SecretBox;
}

/**
 * The delivery's channel as it is now (enabled, its secrets opened) and its alert as it is sent (the
 * job's name and the run's state looked up), or why it cannot be sent.
 */
export async function deliveryTarget(sources: TargetSources, row: DeliveryRow): Promise<Target> {
  const { config, alerts, deliveries, box } = sources;
  const stored = await config.channel(row.company_code, row.channel);
  if (!stored) return { problem: `channel ${row.channel} no longer exists` };
  if (stored.enabled !== 1) return { problem: `channel ${row.channel} is disabled` };
  let channel: OpenedChannel;
  try {
    channel = openChannel(box, stored);
  } catch {
    return { problem: `the secrets of channel ${row.channel} cannot be decrypted (another master key?)` };
  }
  const alert = await alerts.get(row.event_id);
  if (!alert) return { problem: `alert ${row.event_id} no longer exists` };
  const legacyName = alert.legacy_id
    ? await deliveries.ownerName(alert.company_code, alert.legacy_id)
    : undefined;
  const runState = alert.job_instance_no ? await deliveries.runState(alert.job_instance_no) : undefined;
  const view = viewOf(alert, row.escalation === 1, legacyName, runState);
  const server = alert.condition === 'SERVER_UNREACHABLE' ? serverOfSubject(alert.subject) : undefined;
  if (server) {
    const address = await deliveries.serverAddress(alert.company_code, server.kind, server.serverId);
    view.server = { ...server, address: address ?? null };
  }
  return { channel, view };
}

/** The stored alert as a delivery sends it. */
export function viewOf(
  alert: AlertRow,
  escalation: boolean,
  legacyName: string | undefined,
  runState: string | undefined,
): AlertView {
  return {
    eventId: alert.event_id,
    companyCode: alert.company_code,
    condition: alert.condition as AlertCondition,
    subject: alert.subject,
    legacyId: alert.legacy_id,
    legacyName: legacyName ?? alert.legacy_id,
    jobInstanceNo: alert.job_instance_no,
    runState: runState ?? fallbackRunState(alert.condition),
    businessDay: alert.business_day,
    deadlineAt: alert.deadline_at === null ? null : Number(alert.deadline_at),
    occurredAt: Number(alert.occurred_at),
    escalation,
  };
}

/** A run gone (retention) is named by the state its alert tells of. */
function fallbackRunState(condition: string): string | null {
  if (condition === 'RUN_ERROR') return 'ERROR';
  if (condition === 'RUN_STOPPED') return 'STOPPED';
  return null;
}

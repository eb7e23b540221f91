import {
  DEFAULT_PAGE_SIZE,
  type Alert,
  type AlertAcknowledge,
  type AlertCondition,
  type AlertDeliveryResend,
  type AlertListQuery,
  type AlertSummaryResponse,
} from '@lis/contracts';
import type { Db } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { conflict, invalid, notFound } from '../../platform/domain-error.js';
import { hasRole, roleForCompany, type Identity } from '../access/access.js';
import { parseInstant } from '../maintenance/maintenance-schedule.js';
import { serverOfSubject } from '../../engine/server-checks/server-check-state.js';
import type { AlertClock } from './alert-clock.js';
import type { AlertRepository, AlertRow, AttemptRow, DeliveryStateRow } from './alert.repository.js';

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

function alertDto(
  row: AlertRow,
  attempts: readonly AttemptRow[],
  states: readonly DeliveryStateRow[],
): Alert {
  const server = row.condition === 'SERVER_UNREACHABLE' ? serverOfSubject(row.subject) : undefined;
  return {
    event_id: row.event_id,
    company_code: row.company_code,
    condition: row.condition as AlertCondition,
    legacy_id: row.legacy_id,
    job_instance_no: row.job_instance_no,
    business_day: row.business_day,
    ...(server ? { server: { kind: server.kind, server_id: server.serverId } } : {}),
    raised_at: new Date(Number(row.raised_at)).toISOString(),
    state: row.state,
    acknowledged_by: row.acknowledged_by,
    acknowledged_at: iso(row.acknowledged_at),
    comment: row.comment,
    resolved_at: iso(row.resolved_at),
    escalated_at: iso(row.escalated_at),
    deliveries: attempts
      .filter((attempt) => attempt.event_id === row.event_id)
      .map((attempt) => ({
        channel: attempt.channel,
        attempt: attempt.attempt,
        at: new Date(Number(attempt.at)).toISOString(),
        status: attempt.status === null ? null : Number(attempt.status),
        outcome: attempt.outcome as Alert['deliveries'][number]['outcome'],
        error: attempt.error,
        escalation: Number(attempt.escalation) === 1,
      })),
    delivery_states: states
      .filter((delivery) => delivery.event_id === row.event_id)
      .map((delivery) => ({
        channel: delivery.channel,
        escalation: Number(delivery.escalation) === 1,
        state: delivery.state,
        attempts: Number(delivery.attempts),
      })),
  };
}

/** The alerts of the caller's companies (issue 35): the list, acknowledging one, the header's badge. */
export class AlertService {
  constructor(
    private readonly db: Db,
    private readonly repo: AlertRepository,
    private readonly clock: AlertClock,
  ) {}

  /** A page of the alerts of `companies` (null: all), newest first, each with its delivery attempts. */
  async list(companies: readonly string[] | null, query: AlertListQuery) {
    const instant = (field: 'from' | 'to') => {
      const text = query[field];
      if (text === undefined) return undefined;
      const at = parseInstant(text);
      if (at === undefined)
        throw invalid('ALERT_LIST_INVALID', 'alertListInvalid', {
          problem: `${field}: ${text.slice(0, 40)} is not an ISO 8601 time with an offset`,
        });
      return at;
    };
    const limit = query.page_size ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await this.repo.list({
      companies,
      state: query.state,
      condition: query.condition,
      legacyId: query.legacy_id,
      eventId: query.event_id,
      from: instant('from'),
      to: instant('to'),
      limit,
      offset: ((query.page ?? 1) - 1) * limit,
    });
    const ids = rows.map((row) => row.event_id);
    const [attempts, states] = [await this.repo.attempts(ids), await this.repo.deliveryStates(ids)];
    return { result_list: rows.map((row) => alertDto(row, attempts, states)), total_count: total };
  }

  /** One alert as the API answers it. */
  private async dto(row: AlertRow): Promise<Alert> {
    const ids = [row.event_id];
    return alertDto(row, await this.repo.attempts(ids), await this.repo.deliveryStates(ids));
  }

  /**
   * Acknowledges an open alert (any role of its company: operators acknowledge): who, when (the
   * database's clock), a comment; its escalation, if not sent yet, never is. An alert of a company the
   * caller has no role in is not found, as an unknown one (its existence is not told).
   */
  async acknowledge(identity: Identity, body: AlertAcknowledge): Promise<Alert> {
    const found = await this.repo.get(body.event_id);
    if (!found || !hasRole(roleForCompany(identity, found.company_code), 'user'))
      throw notFound('ALERT_NOT_FOUND', 'alertNotFound', { eventId: body.event_id });
    const done = await inWriteTransaction(this.db, async (scope) => {
      const now = await this.clock.now(scope);
      return this.repo.acknowledge(scope, found.event_id, identity.username, body.comment.trim(), now);
    });
    const row = (await this.repo.get(found.event_id)) ?? found;
    if (!done) throw conflict('ALERT_NOT_OPEN', 'alertNotOpen', { eventId: row.event_id, state: row.state });
    return this.dto(row);
  }

  /**
   * Sends a failed delivery again (the route checked that the caller administers `company_code`):
   * pending at once, a fresh retry schedule, the same event id; the earlier attempts stay. An alert of
   * another company is not found, as an unknown one. An escalation goes only while its alert is open.
   */
  async resendDelivery(body: AlertDeliveryResend): Promise<Alert> {
    const { company_code: company, event_id: eventId, channel, escalation } = body;
    const missing = () =>
      notFound('ALERT_DELIVERY_NOT_FOUND', 'alertDeliveryNotFound', { eventId, company, channel });
    const alert = await this.repo.get(eventId);
    if (!alert || alert.company_code !== company) throw missing();
    await inWriteTransaction(this.db, async (scope) => {
      const find = async () =>
        (await this.repo.deliveryStates([eventId], scope)).find(
          (row) => row.channel === channel && Number(row.escalation) === (escalation ? 1 : 0),
        );
      const delivery = await find();
      if (!delivery) throw missing();
      const current = (await this.repo.get(eventId, scope)) ?? alert;
      if (delivery.state === 'failed' && escalation && current.state !== 'open')
        throw conflict('ALERT_NOT_OPEN', 'alertNotOpen', { eventId, state: current.state });
      if (
        delivery.state === 'failed' &&
        (await this.repo.resendFailed(scope, delivery.seq, await this.clock.now(scope)))
      )
        return;
      // Not failed, or no longer (another administrator was first, or the sweep took it meanwhile).
      const latest = delivery.state === 'failed' ? await find() : delivery;
      if (!latest) throw missing();
      throw conflict('ALERT_DELIVERY_NOT_FAILED', 'alertDeliveryNotFailed', {
        eventId,
        channel,
        state: latest.state,
      });
    });
    return this.dto((await this.repo.get(eventId)) ?? alert);
  }

  /** `/metrics`' figures, cluster-wide (from the database): raised by condition, attempts by kind and outcome, open. */
  metrics() {
    return this.repo.metrics();
  }

  async summary(companies: readonly string[] | null): Promise<AlertSummaryResponse> {
    const counts = await this.repo.openByCondition(companies);
    return {
      open: [...counts.values()].reduce((sum, n) => sum + n, 0),
      by_condition: Object.fromEntries(counts),
    };
  }
}

import crypto from 'node:crypto';
import { DEFAULT_SID } from '@lis/contracts';
import type { AlertDeliveryTable } from '../../db/alert-schema.js';
import { inSavepoint } from '../../db/savepoint.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type {
  AlertResolver,
  AlertSink,
  RaisedAlert,
  ResolvableCondition,
} from '../../engine/alerts/alert-sink.js';
import { appendSystemLog } from '../../engine/system-log/system-log.repository.js';
import { runMessage } from '../../i18n/run-message.js';
import type { Insertable } from 'kysely';
import type { AlertClock } from './alert-clock.js';
import type { AlertConfigRepository } from './alert-config.repository.js';
import { covers, parseRule, routeOf } from './alert-rule-model.js';
import type { AlertRepository } from './alert.repository.js';

export interface AlertRecorderDeps {
  config: AlertConfigRepository;
  alerts: AlertRepository;
  clock: AlertClock;
  /** A fault of the alert itself (its writes undone, the raiser's go on); never thrown. */
  onError(error: unknown): void;
  newId?: () => string;
}

/** The conditions a RECOVERED of the same subject resolves. */
const RECOVERS = ['LATE', 'MISSING'];

/**
 * The AlertSink the engine raises through (engine/alerts/alert-sink.ts), in the raiser's transaction:
 * the company's enabled rules that cover the alert (its condition and job) decide whether it is
 * recorded at all and where it goes; the alert row's unique (company, condition, subject) is the
 * de-duplication; one pending delivery per channel (now) and per escalation channel (at the rule's
 * time) is queued for the delivery loop (alert-deliverer.ts), and a system-log line says so.
 */
export class AlertRecorder implements AlertSink, AlertResolver {
  constructor(private readonly deps: AlertRecorderDeps) {}

  async raise(scope: WriteScope, alert: RaisedAlert): Promise<boolean> {
    // Its own savepoint: a fault of the alert undoes its writes only, never the raiser's state change.
    try {
      return await inSavepoint(scope, 'lis_alert_raise', () => this.record(scope, alert));
    } catch (error) {
      this.deps.onError(error);
      return false;
    }
  }

  async resolve(
    scope: WriteScope,
    alert: { companyCode: string; condition: ResolvableCondition; subject: string },
  ): Promise<boolean> {
    try {
      return await inSavepoint(scope, 'lis_alert_resolve', async () => {
        const now = await this.deps.clock.now(scope);
        const ids = await this.deps.alerts.resolveOpen(
          scope,
          alert.companyCode,
          alert.subject,
          [alert.condition],
          now,
        );
        return ids.length > 0;
      });
    } catch (error) {
      this.deps.onError(error);
      return false;
    }
  }

  private async record(scope: WriteScope, alert: RaisedAlert): Promise<boolean> {
    const { config, alerts, clock } = this.deps;
    const company = alert.companyCode;
    const now = await clock.now(scope);
    if (alert.condition === 'RECOVERED')
      await alerts.resolveOpen(scope, company, alert.subject, RECOVERS, now);
    const rules = (await config.enabledRules(scope, company))
      .map(parseRule)
      .filter((rule) => covers(rule, alert));
    if (rules.length === 0) return false;
    const eventId = this.deps.newId?.() ?? crypto.randomUUID();
    const inserted = await alerts.insert(scope, {
      event_id: eventId,
      company_code: company,
      condition: alert.condition,
      subject: alert.subject.slice(0, 300),
      legacy_id: alert.legacyId,
      job_instance_no: alert.jobInstanceNo,
      business_day: alert.businessDay,
      deadline_at: alert.deadlineAt,
      occurred_at: alert.occurredAt,
      raised_at: now,
      state: 'open',
      acknowledged_by: null,
      acknowledged_at: null,
      comment: null,
      resolved_at: null,
      escalated_at: null,
    });
    if (!inserted) return false;
    const { channels, escalations } = routeOf(rules, now);
    const kinds = await config.enabledChannelKinds(scope, company, [...channels, ...escalations.keys()]);
    const delivery = (
      channel: string,
      escalation: boolean,
      due: number,
    ): Insertable<AlertDeliveryTable>[] => {
      const kind = kinds.get(channel);
      if (!kind) return [];
      return [
        {
          event_id: eventId,
          company_code: company,
          channel,
          kind,
          escalation: escalation ? 1 : 0,
          state: 'pending',
          attempts: 0,
          next_attempt_at: due,
          created_at: now,
        },
      ];
    };
    const queued = [
      ...channels.flatMap((channel) => delivery(channel, false, now)),
      ...[...escalations].flatMap(([channel, due]) => delivery(channel, true, due)),
    ];
    await alerts.queueDeliveries(scope, queued);
    const to = queued.filter((row) => row.escalation === 0).map((row) => row.channel);
    await appendSystemLog(scope, [
      {
        sid: DEFAULT_SID,
        companyCode: company,
        jobInstanceNo: alert.jobInstanceNo,
        logType: alert.condition === 'RECOVERED' ? 'INFO' : 'WARNING',
        message: runMessage('alertRaised', {
          condition: alert.condition,
          subject: alert.subject,
          eventId,
          channels: to.length > 0 ? to.join(', ') : '-',
        }),
        msgSource: 'alerts',
        createdAt: now,
      },
    ]);
    return true;
  }
}

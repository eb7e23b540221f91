import { DEFAULT_SID } from '@lis/contracts';
import { isRetryable, retryDelayMs } from '../../adapters/webhook/index.js';
import type { Db } from '../../db/database.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { enqueueMail } from '../../engine/mail/mail-outbox.repository.js';
import { appendSystemLog } from '../../engine/system-log/system-log.repository.js';
import { runMessage } from '../../i18n/run-message.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { AlertClock } from './alert-clock.js';
import type { AlertConfigRepository } from './alert-config.repository.js';
import type {
  AlertDeliveryRepository,
  DeliveryEnd,
  DeliveryFence,
  DeliveryRow,
} from './alert-delivery.repository.js';
import { alertMail, type AlertView, type PayloadSettings } from './alert-payloads.js';
import type { AlertRepository } from './alert.repository.js';
import { deliveryTarget } from './alert-target.js';
import { postToChannel, type OpenedChannel, type PostResult } from './channel-sender.js';

export interface AlertDelivererOptions {
  db: Db;
  deliveries: AlertDeliveryRepository;
  config: AlertConfigRepository;
  alerts: AlertRepository;
  box: SecretBox;
  clock: AlertClock;
  /** This node, the holder of the deliveries it sends. */
  nodeId: string;
  settings: PayloadSettings;
  /** SMTP is configured: an e-mail channel's mail is sent (else kept in the outbox, and the delivery failed). */
  smtpConfigured: boolean;
  onError(error: unknown): void;
  /** How long a delivery being sent stays this node's (longer than a POST may take: 15 s). */
  leaseMs?: number;
  pollMs?: number;
  /** The retry schedule's jitter (tests pin it). */
  random?: () => number;
}

const BATCH = 20;
const ABANDONED = 'the node sending this attempt stopped before the receiver answered; sent again';

/**
 * Sends the alerts' pending deliveries on every worker node, at least once each (issue 35, decision
 * 0047) — the mail outbox's design (engine/mail/mail-sender.ts) for webhooks: a node claims a due
 * delivery (pending → sending, its lease by the database's clock), posts it, and records the attempt
 * and its end — delivered (2xx), failed (any other answer but 408/429/5xx, or the retry window over),
 * or pending again after the retry delay. A node that dies mid-send leaves the delivery `sending`:
 * once its lease runs out another node records the attempt as abandoned and sends again, with the
 * same event id, so receivers de-duplicate. An e-mail channel's delivery is handed to the mail outbox
 * in one transaction (its at-most-once sending stays the outbox's).
 */
export class AlertDeliverer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly stopping = new AbortController();
  private readonly leaseMs: number;

  constructor(private readonly options: AlertDelivererOptions) {
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  start(): void {
    const tick = () => {
      this.running = this.deliverDue()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.pollMs ?? 5_000);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling; a POST under way is cut (recorded as a network error: sent again later). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.running;
  }

  /** Settles abandoned attempts, then sends every delivery due now; answers how many were delivered. */
  async deliverDue(): Promise<number> {
    const { db, deliveries, clock } = this.options;
    const now = await clock.now(db.kysely);
    for (const row of await deliveries.abandoned(now)) await this.settleAbandoned(row, now);
    let delivered = 0;
    for (const row of await deliveries.due(now, BATCH)) {
      if (this.stopping.signal.aborted) break;
      if (await this.deliver(row)) delivered += 1;
    }
    return delivered;
  }

  private async settleAbandoned(row: DeliveryRow, now: number): Promise<void> {
    const next = this.retryAt(
      await this.inRound(row.seq, row.attempts + 1),
      row.first_attempt_at ?? now,
      now,
    );
    await inWriteTransaction(this.options.db, async (scope) => {
      if (!(await this.options.deliveries.settleAbandoned(scope, row, next ?? null, now))) return;
      const outcome = next === undefined ? 'failed' : 'retrying';
      await this.options.deliveries.recordAttempt(
        scope,
        {
          delivery_seq: row.seq,
          attempt: row.attempts,
          event_id: row.event_id,
          at: now,
          outcome,
          error: ABANDONED,
        },
        false,
      );
      if (next === undefined) await this.logFailure(scope, row, row.attempts, ABANDONED, now);
    });
  }

  private async deliver(row: DeliveryRow): Promise<boolean> {
    const { db, deliveries, clock } = this.options;
    const target = await deliveryTarget(this.options, row);
    const now = await clock.now(db.kysely);
    if ('problem' in target) {
      await inWriteTransaction(db, async (scope) => {
        if (!(await deliveries.settleAtOnce(scope, row, 'failed', now))) return;
        await this.recordSettled(scope, row, 'failed', target.problem, now);
      });
      return false;
    }
    if (target.channel.kind === 'email') return this.handToOutbox(row, target.channel, target.view, now);
    const claimed = await inWriteTransaction(db, async (scope) => {
      if (
        !(await deliveries.claim(
          scope,
          row,
          this.options.nodeId,
          target.channel.kind,
          now,
          now + this.leaseMs,
        ))
      )
        return false;
      if (row.escalation === 1) await deliveries.markEscalated(scope, row.event_id, now);
      return true;
    });
    if (!claimed) return false;
    const fence: DeliveryFence = { seq: row.seq, owner: this.options.nodeId, attempt: row.attempts + 1 };
    const result = await postToChannel(
      target.channel,
      target.view,
      this.options.settings,
      this.stopping.signal,
    );
    await this.record(row, fence, result, row.first_attempt_at ?? now);
    return result.delivered;
  }

  /** An e-mail: the mail queued in the outbox and the delivery settled, in one transaction (at most once). */
  private async handToOutbox(row: DeliveryRow, channel: OpenedChannel, view: AlertView, now: number) {
    const mail = alertMail(view, channel.language, this.options.settings);
    const { smtpConfigured } = this.options;
    const state = smtpConfigured ? 'delivered' : 'failed';
    return inWriteTransaction(this.options.db, async (scope) => {
      if (!(await this.options.deliveries.settleAtOnce(scope, row, state, now))) return false;
      if (row.escalation === 1) await this.options.deliveries.markEscalated(scope, row.event_id, now);
      await enqueueMail(
        scope,
        {
          runId: null,
          companyCode: view.companyCode,
          legacyId: view.legacyId ?? '',
          jobInstanceNo: view.jobInstanceNo ?? '',
          condition: 'ALERT',
          to: channel.recipients,
          cc: [],
          bcc: [],
          subject: mail.subject,
          bodyHtml: mail.html,
        },
        now,
        smtpConfigured,
      );
      const error = smtpConfigured
        ? null
        : 'no SMTP server is configured: the mail is kept in the Mail outbox';
      await this.recordSettled(scope, row, state, error, now);
      return smtpConfigured;
    });
  }

  private async recordSettled(
    scope: WriteScope,
    row: DeliveryRow,
    outcome: 'delivered' | 'failed',
    error: string | null,
    now: number,
  ): Promise<void> {
    const attempt = row.attempts + 1;
    await this.options.deliveries.recordAttempt(
      scope,
      { delivery_seq: row.seq, attempt, event_id: row.event_id, at: now, outcome, error },
      true,
    );
    if (outcome === 'failed') await this.logFailure(scope, row, attempt, error ?? '', now);
  }

  /** An attempt's answer: the delivery's end (if this node still holds it) and the attempt, together. */
  private async record(row: DeliveryRow, fence: DeliveryFence, result: PostResult, firstAt: number) {
    const { db, deliveries, clock } = this.options;
    const now = await clock.now(db.kysely);
    const next =
      result.delivered || !isRetryable(result)
        ? undefined
        : this.retryAt(await this.inRound(row.seq, fence.attempt + 1), firstAt, now);
    const end: DeliveryEnd = result.delivered
      ? { state: 'delivered' }
      : next === undefined
        ? { state: 'failed' }
        : { state: 'pending', nextAttemptAt: next };
    const status = 'status' in result ? result.status : null;
    const error = 'error' in result ? result.error : result.delivered ? null : `HTTP ${status}`;
    await inWriteTransaction(db, async (scope) => {
      const held = await deliveries.finish(scope, fence, end, now);
      if (!held && result.delivered) await deliveries.deliveredAfterAll(scope, row.seq, now);
      await deliveries.recordAttempt(
        scope,
        {
          delivery_seq: row.seq,
          attempt: fence.attempt,
          event_id: row.event_id,
          at: now,
          status,
          outcome: end.state === 'pending' ? 'retrying' : end.state,
          error,
          answer: result.answer?.slice(0, 500) ?? null,
        },
        true,
      );
      if (held && end.state === 'failed') await this.logFailure(scope, row, fence.attempt, error ?? '', now);
    });
  }

  /**
   * Attempt `attempt`'s number in its sending: a failed delivery sent again by an administrator starts
   * afresh (its attempts before it end with the one that failed), so its retries wait as a new one's.
   */
  private async inRound(seq: number, attempt: number): Promise<number> {
    return attempt - (await this.options.deliveries.lastFailedAttempt(seq, attempt));
  }

  /** When attempt `next` is due (retry schedule of adapters/webhook), or undefined: the window is over. */
  private retryAt(next: number, firstAt: number, now: number): number | undefined {
    const delay = retryDelayMs(Math.max(2, next), firstAt, now, this.options.random);
    return delay === undefined ? undefined : now + delay;
  }

  private async logFailure(
    scope: WriteScope,
    row: DeliveryRow,
    attempts: number,
    reason: string,
    now: number,
  ) {
    const alert = await this.options.alerts.get(row.event_id, scope);
    await appendSystemLog(scope, [
      {
        sid: DEFAULT_SID,
        companyCode: row.company_code,
        jobInstanceNo: alert?.job_instance_no ?? null,
        logType: 'ERROR',
        message: runMessage('alertDeliveryFailed', {
          condition: alert?.condition ?? '-',
          subject: alert?.subject ?? '-',
          eventId: row.event_id,
          channel: row.channel,
          attempts,
          reason: reason.slice(0, 500),
        }),
        msgSource: 'alerts',
        createdAt: now,
      },
    ]);
  }
}

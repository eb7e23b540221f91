import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AlertDeliveryAttemptTable, AlertDeliveryTable } from '../../db/alert-schema.js';
import type { Database } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { shownUrl } from '../server-config/server-check-probe.js';

export type DeliveryRow = Selectable<AlertDeliveryTable>;
export type AttemptInsert = Insertable<AlertDeliveryAttemptTable>;

/** The attempt a node holds: the delivery, the node, the attempt number (its fence). */
export interface DeliveryFence {
  seq: number;
  owner: string;
  attempt: number;
}

/** What an attempt leaves: delivered, failed for good, or pending again at `nextAttemptAt`. */
export type DeliveryEnd = { state: 'delivered' | 'failed' } | { state: 'pending'; nextAttemptAt: number };

/**
 * The delivery loop's statements on `alert_deliveries` and `alert_delivery_attempts` (alert-deliverer.ts
 * decides). Each change of a delivery is a compare-and-set on what it was read with — the claim on
 * (state pending, next_attempt_at, attempts), an attempt's end on (state sending, owner, attempt), the
 * settling of an abandoned one on (state sending, lease_until) — so one node acts on it at a time.
 */
export class AlertDeliveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Pending deliveries due at `now`, oldest first; an escalation only while its alert is open. */
  async due(now: number, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('alert_deliveries as d')
      .innerJoin('alerts as a', 'a.event_id', 'd.event_id')
      .selectAll('d')
      .where('d.state', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.escalation', '=', 0), eb('a.state', '=', 'open')]))
      .orderBy('d.next_attempt_at')
      .orderBy('d.seq')
      .limit(limit)
      .execute();
  }

  /** Deliveries being sent whose holder's lease ran out before `now` (the node died or hung). */
  async abandoned(now: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('state', '=', 'sending')
      .where('lease_until', '<', now)
      .execute();
  }

  /** pending → sending for `owner` until `leaseUntil`, attempt + 1; true for the one node whose update matched. */
  async claim(
    scope: WriteScope,
    row: DeliveryRow,
    owner: string,
    kind: DeliveryRow['kind'],
    now: number,
    leaseUntil: number,
  ): Promise<boolean> {
    const claimed = await this.casPending(scope, row)
      .set({
        state: 'sending',
        kind,
        attempts: row.attempts + 1,
        first_attempt_at: row.first_attempt_at ?? now,
        lease_owner: owner,
        lease_until: leaseUntil,
        next_attempt_at: null,
      })
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  }

  /** pending → delivered or failed at once, attempt + 1 (an e-mail handed to the outbox, a channel gone). */
  async settleAtOnce(scope: WriteScope, row: DeliveryRow, state: 'delivered' | 'failed', now: number) {
    const settled = await this.casPending(scope, row)
      .set({
        state,
        attempts: row.attempts + 1,
        first_attempt_at: row.first_attempt_at ?? now,
        next_attempt_at: null,
        finished_at: now,
      })
      .executeTakeFirst();
    return Number(settled.numUpdatedRows) > 0;
  }

  private casPending(scope: WriteScope, row: DeliveryRow) {
    return scope
      .updateTable('alert_deliveries')
      .where('seq', '=', row.seq)
      .where('state', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .where('next_attempt_at', '=', row.next_attempt_at);
  }

  /** The escalation went out: the alert says when (once). */
  async markEscalated(scope: WriteScope, eventId: string, now: number): Promise<void> {
    await scope
      .updateTable('alerts')
      .set({ escalated_at: now })
      .where('event_id', '=', eventId)
      .where('escalated_at', 'is', null)
      .execute();
  }

  /** The end of an attempt the fence still holds; false when another node has taken the delivery since. */
  async finish(scope: WriteScope, fence: DeliveryFence, end: DeliveryEnd, now: number): Promise<boolean> {
    const result = await scope
      .updateTable('alert_deliveries')
      .set({
        state: end.state,
        next_attempt_at: end.state === 'pending' ? end.nextAttemptAt : null,
        finished_at: end.state === 'pending' ? null : now,
        lease_owner: null,
        lease_until: null,
      })
      .where('seq', '=', fence.seq)
      .where('state', '=', 'sending')
      .where('lease_owner', '=', fence.owner)
      .where('attempts', '=', fence.attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The receiver took an attempt whose lease had run out: delivered all the same (the truth wins over
   * a retry queued meanwhile; a retry under way records only its own attempt).
   */
  async deliveredAfterAll(scope: WriteScope, seq: number, now: number): Promise<void> {
    await scope
      .updateTable('alert_deliveries')
      .set({ state: 'delivered', next_attempt_at: null, finished_at: now })
      .where('seq', '=', seq)
      .where('state', 'in', ['pending', 'sending', 'failed'])
      .execute();
  }

  /** An abandoned attempt: pending again at `nextAttemptAt`, or failed (null); false if someone else did. */
  async settleAbandoned(scope: WriteScope, row: DeliveryRow, nextAttemptAt: number | null, now: number) {
    const result = await scope
      .updateTable('alert_deliveries')
      .set({
        state: nextAttemptAt === null ? 'failed' : 'pending',
        next_attempt_at: nextAttemptAt,
        finished_at: nextAttemptAt === null ? now : null,
        lease_owner: null,
        lease_until: null,
      })
      .where('seq', '=', row.seq)
      .where('state', '=', 'sending')
      .where('lease_until', '=', row.lease_until)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records an attempt. `truth`: what the sender saw replaces what a node that settled the attempt as
   * abandoned wrote; without it, an attempt already recorded is left as it is.
   */
  async recordAttempt(scope: WriteScope, row: AttemptInsert, truth: boolean): Promise<void> {
    await scope
      .insertInto('alert_delivery_attempts')
      .values(row)
      .onConflict((oc) => {
        const key = oc.columns(['delivery_seq', 'attempt']);
        return truth
          ? key.doUpdateSet({
              at: row.at,
              status: row.status ?? null,
              outcome: row.outcome,
              error: row.error ?? null,
              answer: row.answer ?? null,
            })
          : key.doNothing();
      })
      .execute();
  }

  /**
   * The number of the last attempt before `attempt` that failed the delivery (0: none) — where a
   * sending again by an administrator (AlertService.resendDelivery) began after it.
   */
  async lastFailedAttempt(seq: number, attempt: number): Promise<number> {
    const row = await this.db
      .selectFrom('alert_delivery_attempts')
      .select((eb) => eb.fn.max('attempt').as('last'))
      .where('delivery_seq', '=', seq)
      .where('attempt', '<', attempt)
      .where('outcome', '=', 'failed')
      .executeTakeFirst();
    return Number(row?.last ?? 0);
  }

  /** The job's (or chain's) name, when it still exists. */
  async ownerName(company: string, legacyId: string): Promise<string | undefined> {
    const job = await this.db
      .selectFrom('job_configs')
      .select('legacy_name')
      .where('company_code', '=', company)
      .where('legacy_id', '=', legacyId)
      .executeTakeFirst();
    if (job) return job.legacy_name;
    const chain = await this.db
      .selectFrom('chain_jobs')
      .select('chain_name')
      .where('company_code', '=', company)
      .where('chain_id', '=', legacyId)
      .executeTakeFirst();
    return chain?.chain_name;
  }

  /** A function server's URL or an sFTP server's host and port, when it still exists (SERVER_UNREACHABLE). */
  async serverAddress(company: string, kind: 'api' | 'sftp', id: string): Promise<string | undefined> {
    if (kind === 'api') {
      const row = await this.db
        .selectFrom('api_servers')
        .select('api_url')
        .where('company_code', '=', company)
        .where('api_server_id', '=', id)
        .executeTakeFirst();
      return row && shownUrl(row.api_url);
    }
    const row = await this.db
      .selectFrom('sftp_servers')
      .select(['host', 'port'])
      .where('company_code', '=', company)
      .where('sftp_server_id', '=', id)
      .executeTakeFirst();
    return row && `${row.host}:${Number(row.port)}`;
  }

  /** The run's state now, when it still exists. */
  async runState(jobInstanceNo: string): Promise<string | undefined> {
    const run = await this.db
      .selectFrom('job_runs')
      .select('state')
      .where('job_instance_no', '=', jobInstanceNo)
      .executeTakeFirst();
    return run?.state;
  }
}

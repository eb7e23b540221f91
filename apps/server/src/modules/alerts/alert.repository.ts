import type { AlertState } from '@lis/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AlertDeliveryTable, AlertTable } from '../../db/alert-schema.js';
import type { Database } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

export type AlertRow = Selectable<AlertTable>;

export interface AlertFilter {
  /** null: every company. */
  companies: readonly string[] | null;
  state?: AlertState | undefined;
  condition?: string | undefined;
  legacyId?: string | undefined;
  eventId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  limit: number;
  offset: number;
}

/** Where a delivery stands (Alert.delivery_states of the contract). */
export type DeliveryStateRow = Pick<
  Selectable<AlertDeliveryTable>,
  'seq' | 'event_id' | 'channel' | 'escalation' | 'state' | 'attempts'
>;

/** One attempt of a delivery, with the delivery's channel (Alert.deliveries of the contract). */
export interface AttemptRow {
  event_id: string;
  channel: string;
  escalation: number;
  attempt: number;
  at: number;
  status: number | null;
  outcome: string;
  error: string | null;
}

/** The only SQL about alerts and their deliveries' records as the API and a raise see them (issue 35). */
export class AlertRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records an alert unless its (company, condition, subject) was raised before; answers whether it did. */
  async insert(scope: WriteScope, row: AlertRow): Promise<boolean> {
    const result = await scope
      .insertInto('alerts')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'condition', 'subject']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async queueDeliveries(scope: WriteScope, rows: readonly Insertable<AlertDeliveryTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await scope
      .insertInto('alert_deliveries')
      .values([...rows])
      .onConflict((oc) => oc.columns(['event_id', 'channel', 'escalation']).doNothing())
      .execute();
  }

  /** Resolves the open alerts of `conditions` about `subject`; answers their event ids. */
  async resolveOpen(
    scope: WriteScope,
    company: string,
    subject: string,
    conditions: readonly string[],
    now: number,
  ): Promise<string[]> {
    const open = await scope
      .selectFrom('alerts')
      .select('event_id')
      .where('company_code', '=', company)
      .where('subject', '=', subject)
      .where('condition', 'in', [...conditions])
      .where('state', '=', 'open')
      .execute();
    const ids = open.map((row) => row.event_id);
    if (ids.length === 0) return [];
    await scope
      .updateTable('alerts')
      .set({ state: 'resolved', resolved_at: now })
      .where('event_id', 'in', ids)
      .where('state', '=', 'open')
      .execute();
    await this.cancelEscalations(scope, ids, now);
    return ids;
  }

  /** Acknowledges an open alert; answers false when it is not open (any more). */
  async acknowledge(
    scope: WriteScope,
    eventId: string,
    by: string,
    comment: string,
    now: number,
  ): Promise<boolean> {
    const result = await scope
      .updateTable('alerts')
      .set({ state: 'acknowledged', acknowledged_by: by, acknowledged_at: now, comment })
      .where('event_id', '=', eventId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await this.cancelEscalations(scope, [eventId], now);
    return true;
  }

  /** The escalations of these alerts not yet sent will not be: the alerts are no longer open. */
  private async cancelEscalations(
    scope: WriteScope,
    eventIds: readonly string[],
    now: number,
  ): Promise<void> {
    await scope
      .updateTable('alert_deliveries')
      .set({ state: 'cancelled', next_attempt_at: null, finished_at: now })
      .where('event_id', 'in', [...eventIds])
      .where('escalation', '=', 1)
      .where('state', '=', 'pending')
      .execute();
  }

  async get(eventId: string, scope: WriteScope = this.db): Promise<AlertRow | undefined> {
    return scope.selectFrom('alerts').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  }

  /** A page of alerts, newest first, and how many match. */
  async list(filter: AlertFilter): Promise<{ rows: AlertRow[]; total: number }> {
    if (filter.companies?.length === 0) return { rows: [], total: 0 };
    let query = this.db.selectFrom('alerts');
    if (filter.companies) query = query.where('company_code', 'in', [...filter.companies]);
    if (filter.state) query = query.where('state', '=', filter.state);
    if (filter.condition) query = query.where('condition', '=', filter.condition);
    if (filter.legacyId) query = query.where('legacy_id', '=', filter.legacyId);
    if (filter.eventId) query = query.where('event_id', '=', filter.eventId);
    if (filter.from !== undefined) query = query.where('raised_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('raised_at', '<', filter.to);
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('raised_at', 'desc')
      .orderBy('event_id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Every attempt of the deliveries of these alerts, in order. */
  async attempts(eventIds: readonly string[]): Promise<AttemptRow[]> {
    if (eventIds.length === 0) return [];
    return this.db
      .selectFrom('alert_delivery_attempts as a')
      .innerJoin('alert_deliveries as d', 'd.seq', 'a.delivery_seq')
      .select([
        'a.event_id',
        'd.channel',
        'd.escalation',
        'a.attempt',
        'a.at',
        'a.status',
        'a.outcome',
        'a.error',
      ])
      .where('a.event_id', 'in', [...eventIds])
      .orderBy('a.at')
      .orderBy('d.seq')
      .orderBy('a.attempt')
      .execute();
  }

  /** The deliveries of these alerts, in the order they were queued. */
  async deliveryStates(
    eventIds: readonly string[],
    scope: WriteScope = this.db,
  ): Promise<DeliveryStateRow[]> {
    if (eventIds.length === 0) return [];
    return scope
      .selectFrom('alert_deliveries')
      .select(['seq', 'event_id', 'channel', 'escalation', 'state', 'attempts'])
      .where('event_id', 'in', [...eventIds])
      .orderBy('seq')
      .execute();
  }

  /**
   * A failed delivery is pending again, due at `now`, with a fresh retry window (its first attempt is
   * the next one); its attempt count goes on, so the earlier attempts stay recorded. False when it was
   * not failed (any more).
   */
  async resendFailed(scope: WriteScope, seq: number, now: number): Promise<boolean> {
    const result = await scope
      .updateTable('alert_deliveries')
      .set({
        state: 'pending',
        next_attempt_at: now,
        first_attempt_at: null,
        finished_at: null,
        lease_owner: null,
        lease_until: null,
      })
      .where('seq', '=', seq)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Open alerts of these companies (null: all) by condition. */
  async openByCondition(companies: readonly string[] | null): Promise<Map<string, number>> {
    if (companies?.length === 0) return new Map();
    let query = this.db
      .selectFrom('alerts')
      .select(['condition', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('state', '=', 'open');
    if (companies) query = query.where('company_code', 'in', [...companies]);
    const rows = await query.groupBy('condition').execute();
    return new Map(rows.map((row) => [row.condition, Number(row.n)]));
  }

  /** `/metrics`: alerts raised by condition, delivery attempts by channel kind and outcome, alerts open. */
  async metrics(): Promise<{
    raised: Map<string, number>;
    attempts: { kind: string; outcome: string; n: number }[];
    open: number;
  }> {
    const raised = await this.db
      .selectFrom('alerts')
      .select(['condition', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('condition')
      .execute();
    const attempts = await this.db
      .selectFrom('alert_delivery_attempts as a')
      .innerJoin('alert_deliveries as d', 'd.seq', 'a.delivery_seq')
      .select(['d.kind', 'a.outcome', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['d.kind', 'a.outcome'])
      .execute();
    const open = await this.openByCondition(null);
    return {
      raised: new Map(raised.map((row) => [row.condition, Number(row.n)])),
      attempts: attempts.map((row) => ({ kind: row.kind, outcome: row.outcome, n: Number(row.n) })),
      open: [...open.values()].reduce((sum, n) => sum + n, 0),
    };
  }
}

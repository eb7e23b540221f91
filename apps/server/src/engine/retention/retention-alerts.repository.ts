import type { RawBuilder, SqlBool } from 'kysely';
import type { AlertDeliveryState } from '../../db/alert-schema.js';
import type { Db } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-transaction.js';

/** Deliveries a node will still send (or is sending): their alert is never deleted. */
const UNDONE: AlertDeliveryState[] = ['pending', 'sending'];

/** What one batch of alerts took with it. */
export interface AlertBatchCounts {
  /** The alerts chosen (a batch shorter than the batch size is the last). */
  chosen: number;
  alerts: number;
  deliveries: number;
  attempts: number;
}

const n = (value: bigint | number | undefined) => Number(value ?? 0);

/**
 * Up to `limit` alerts that are no longer open (acknowledged or resolved) — raised, acknowledged and
 * resolved before `before` — with their deliveries and every attempt, in one transaction. An open alert
 * is never chosen, nor one with a delivery still pending or being sent (a retry, a resend). On
 * PostgreSQL the chosen alerts and their deliveries are locked first and the deliveries looked at again:
 * a delivery sent again meanwhile keeps its alert.
 */
export function deleteAlertsBefore(
  db: Db,
  company: (column: string) => RawBuilder<SqlBool>,
  before: number,
  limit: number,
): Promise<AlertBatchCounts> {
  return inWriteTransaction(db, async (tx) => {
    let select = tx
      .selectFrom('alerts as a')
      .select('a.event_id')
      .where('a.state', 'in', ['acknowledged', 'resolved'])
      .where('a.raised_at', '<', before)
      .where((eb) => eb.or([eb('a.acknowledged_at', 'is', null), eb('a.acknowledged_at', '<', before)]))
      .where((eb) => eb.or([eb('a.resolved_at', 'is', null), eb('a.resolved_at', '<', before)]))
      .where(company('a.company_code'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alert_deliveries as d')
              .select('d.seq')
              .whereRef('d.event_id', '=', 'a.event_id')
              .where('d.state', 'in', UNDONE),
          ),
        ),
      )
      .orderBy('a.raised_at')
      .limit(limit);
    if (db.dialect === 'postgres') select = select.forUpdate().skipLocked();
    const chosen = (await select.execute()).map((row) => row.event_id);
    if (chosen.length === 0) return { chosen: 0, alerts: 0, deliveries: 0, attempts: 0 };
    let deliveries = tx
      .selectFrom('alert_deliveries')
      .select(['event_id', 'state'])
      .where('event_id', 'in', chosen);
    if (db.dialect === 'postgres') deliveries = deliveries.forUpdate();
    const busy = new Set(
      (await deliveries.execute()).filter((row) => UNDONE.includes(row.state)).map((row) => row.event_id),
    );
    const ids = chosen.filter((id) => !busy.has(id));
    if (ids.length === 0) return { chosen: chosen.length, alerts: 0, deliveries: 0, attempts: 0 };
    const attempts = await tx
      .deleteFrom('alert_delivery_attempts')
      .where('event_id', 'in', ids)
      .executeTakeFirst();
    const gone = await tx.deleteFrom('alert_deliveries').where('event_id', 'in', ids).executeTakeFirst();
    const alerts = await tx
      .deleteFrom('alerts')
      .where('event_id', 'in', ids)
      .where('state', '<>', 'open')
      .executeTakeFirst();
    return {
      chosen: chosen.length,
      alerts: n(alerts.numDeletedRows),
      deliveries: n(gone.numDeletedRows),
      attempts: n(attempts.numDeletedRows),
    };
  });
}

/**
 * Up to `limit` days of file deadlines whose deadline was before `before`, whatever their state: the
 * caller keeps `before` out of the evaluator's reach (it makes and moves days up to 31 days back).
 * Answers the days looked at and those deleted.
 */
export async function deleteExpectationDaysBefore(
  db: Db,
  company: (column: string) => RawBuilder<SqlBool>,
  before: number,
  limit: number,
): Promise<{ looked: number; deleted: number }> {
  const { kysely } = db;
  const days = await kysely
    .selectFrom('expectation_days')
    .select(['company_code', 'legacy_id', 'business_day'])
    .where('deadline_at', '<', before)
    .where(company('company_code'))
    .limit(limit)
    .execute();
  if (days.length === 0) return { looked: 0, deleted: 0 };
  const result = await kysely
    .deleteFrom('expectation_days')
    .where('deadline_at', '<', before)
    .where((eb) =>
      eb.or(
        days.map((day) =>
          eb.and([
            eb('company_code', '=', day.company_code),
            eb('legacy_id', '=', day.legacy_id),
            eb('business_day', '=', day.business_day),
          ]),
        ),
      ),
    )
    .executeTakeFirst();
  return { looked: days.length, deleted: n(result.numDeletedRows) };
}

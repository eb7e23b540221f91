import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { TriggerTable } from '../../db/schema.js';
import { nextFireTime, validateCron } from '../cron/index.js';
import type { SchedulerSignal } from './scheduler-signal.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import {
  deleteOwnerTriggers,
  insertTriggers,
  loadOwnerSchedule,
  ownerTriggers,
  type TriggerOwner,
} from './trigger-sync.repository.js';

export type { TriggerOwner };

export interface SyncTriggersOptions {
  /** LIS_TIMEZONE: the zone the expressions are read in. */
  timeZone: string;
  /** Notified after the change commits, so sleeping loops re-read the due times. */
  signal?: SchedulerSignal;
}

export function triggerId(owner: TriggerOwner, position: number): string {
  return `${owner.kind}|${owner.companyCode}|${owner.ownerId}|${position}`;
}

/** The `|`-joined expressions of a `cron_trigger` column, blanks dropped. */
export function splitCronTrigger(cronTrigger: string): string[] {
  return cronTrigger
    .split('|')
    .map((expression) => expression.trim())
    .filter((expression) => expression.length > 0);
}

/** A fresh trigger's schedule: the first fire strictly after now, or ERROR / COMPLETE. */
function freshSchedule(
  expression: string,
  timeZone: string,
  now: number,
): Pick<TriggerTable, 'state' | 'next_fire_at' | 'prev_fire_at' | 'fire_count'> {
  const validation = validateCron(expression);
  if (!validation.valid) return { state: 'ERROR', next_fire_at: null, prev_fire_at: null, fire_count: 0 };
  const next = nextFireTime(expression, new Date(now), timeZone);
  return {
    state: next ? 'WAITING' : 'COMPLETE',
    next_fire_at: next ? next.getTime() : null,
    prev_fire_at: null,
    fire_count: 0,
  };
}

/**
 * Replaces the owner's triggers from its cron_trigger (job_configs / chain_jobs), keeping
 * prev/next of unchanged expressions; removes them when the owner is gone.
 *
 * An expression found among the owner's current triggers (same text and zone) keeps its state
 * (a PAUSED one stays paused), next and previous fire and count, even when its position moved;
 * a new one starts at the first fire strictly after the database's now. The rows are locked
 * while they are replaced, so a concurrent fire either commits first (and its advance is what we
 * keep) or waits for us; the unique (trigger, scheduled time) index stops a double fire anyway.
 */
export async function syncTriggers(db: Db, owner: TriggerOwner, options: SyncTriggersOptions): Promise<void> {
  await inWriteTransaction(db, async (scope) => {
    const now = await databaseNow(scope, db.dialect);
    const existing = await ownerTriggers(scope, db.dialect, owner);
    const schedule = await loadOwnerSchedule(scope, owner);

    if (existing.length > 0) await deleteOwnerTriggers(scope, owner);
    if (!schedule) return;

    const unused = [...existing];
    const rows: TriggerTable[] = splitCronTrigger(schedule.cronTrigger).map((expression, position) => {
      const index = unused.findIndex((t) => t.expression === expression && t.time_zone === options.timeZone);
      const kept = index >= 0 ? unused.splice(index, 1)[0] : undefined;
      const timing = kept
        ? {
            state: kept.state,
            next_fire_at: kept.next_fire_at,
            prev_fire_at: kept.prev_fire_at,
            fire_count: kept.fire_count,
          }
        : freshSchedule(expression, options.timeZone, now);
      return {
        id: triggerId(owner, position),
        owner_kind: owner.kind,
        company_code: owner.companyCode,
        owner_id: owner.ownerId,
        position,
        expression: expression.slice(0, 200),
        time_zone: options.timeZone,
        ...timing,
        misfire_policy: schedule.misfirePolicy,
        paused_by: kept?.paused_by ?? null,
        updated_at: now,
      };
    });
    if (rows.length > 0) await insertTriggers(scope, rows);
  });
  await options.signal?.notify('triggers');
}

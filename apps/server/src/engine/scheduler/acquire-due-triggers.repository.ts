import type { DialectName } from '../../db/database.js';
import type { TriggerTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

/**
 * Up to `limit` WAITING triggers due at `now` (the database's time), oldest first, locked for the
 * caller's transaction. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so concurrent nodes take disjoint
 * batches instead of queueing behind each other; SQLite: the caller's `BEGIN IMMEDIATE` already
 * excludes every other writer.
 */
export async function acquireDueTriggers(
  scope: WriteScope,
  dialect: DialectName,
  now: number,
  limit: number,
): Promise<TriggerTable[]> {
  const query = scope
    .selectFrom('triggers')
    .selectAll()
    .where('state', '=', 'WAITING')
    .where('next_fire_at', '<=', now)
    .orderBy('next_fire_at')
    .limit(limit);
  return dialect === 'postgres' ? query.forUpdate().skipLocked().execute() : query.execute();
}

/** The earliest next fire time of a WAITING trigger, or undefined when none is scheduled. */
export async function earliestNextFire(scope: WriteScope): Promise<number | undefined> {
  const row = await scope
    .selectFrom('triggers')
    .select((eb) => eb.fn.min('next_fire_at').as('earliest'))
    .where('state', '=', 'WAITING')
    .executeTakeFirst();
  return row?.earliest == null ? undefined : Number(row.earliest);
}

/**
 * How many waiting triggers are due by `at` (counted up to `cap`): the backlog the next instant brings,
 * which sizes the fire-ahead window (scheduler-loop.ts).
 */
export async function countDueBy(scope: WriteScope, at: number, cap: number): Promise<number> {
  const row = await scope
    .selectFrom((eb) =>
      eb
        .selectFrom('triggers')
        .select('id')
        .where('state', '=', 'WAITING')
        .where('next_fire_at', '<=', at)
        .limit(cap)
        .as('due'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

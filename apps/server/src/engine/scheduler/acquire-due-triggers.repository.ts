import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { TriggerTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { HeldFilter } from './maintenance-hold.js';

/** A trigger row whose maintenance hold stands (maintenance-hold.ts holdStands), in SQL. */
export function holdStandsSql(table?: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<SqlBool>`(${column('maintenance_held_since')} is not null and ${column('maintenance_held_since')} >= ${column('next_fire_at')})`;
}

/**
 * Leaves out the triggers already held by the maintenance holding their company now (issue 34): a
 * pass does not take them again, and the loop does not wake for them (nor reports them stuck).
 * `table`: the triggers' alias in the query. Undefined: no filter.
 */
export function notHeld(held: HeldFilter | undefined, table?: string): RawBuilder<SqlBool> | undefined {
  if (!held) return undefined;
  const stands = holdStandsSql(table);
  if (held.all) return sql<SqlBool>`not ${stands}`;
  if (held.companies.length === 0) return undefined;
  const company = sql.ref(table ? `${table}.company_code` : 'company_code');
  return sql<SqlBool>`not (${company} in (${sql.join([...held.companies])}) and ${stands})`;
}

/**
 * Up to `limit` WAITING triggers due at `now` (the database's time), oldest first, locked for the
 * caller's transaction — but for those `held` leaves out. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so
 * concurrent nodes take disjoint batches instead of queueing behind each other; SQLite: the caller's
 * `BEGIN IMMEDIATE` already excludes every other writer.
 */
export async function acquireDueTriggers(
  scope: WriteScope,
  dialect: DialectName,
  now: number,
  limit: number,
  held?: HeldFilter,
): Promise<TriggerTable[]> {
  const filter = notHeld(held);
  const query = scope
    .selectFrom('triggers')
    .selectAll()
    .where('state', '=', 'WAITING')
    .where('next_fire_at', '<=', now)
    .$if(filter !== undefined, (q) => q.where(filter as RawBuilder<SqlBool>))
    .orderBy('next_fire_at')
    .limit(limit);
  return dialect === 'postgres' ? query.forUpdate().skipLocked().execute() : query.execute();
}

/**
 * The earliest next fire time of a WAITING trigger (but for those `held` leaves out), or undefined
 * when none is scheduled.
 */
export async function earliestNextFire(scope: WriteScope, held?: HeldFilter): Promise<number | undefined> {
  const filter = notHeld(held);
  const row = await scope
    .selectFrom('triggers')
    .select((eb) => eb.fn.min('next_fire_at').as('earliest'))
    .where('state', '=', 'WAITING')
    .$if(filter !== undefined, (q) => q.where(filter as RawBuilder<SqlBool>))
    .executeTakeFirst();
  return row?.earliest == null ? undefined : Number(row.earliest);
}

/**
 * How many waiting triggers are due by `at` (counted up to `cap`): the backlog the next instant brings,
 * which sizes the fire-ahead window (scheduler-loop.ts).
 */
export async function countDueBy(
  scope: WriteScope,
  at: number,
  cap: number,
  held?: HeldFilter,
): Promise<number> {
  const filter = notHeld(held);
  const row = await scope
    .selectFrom((eb) =>
      eb
        .selectFrom('triggers')
        .select('id')
        .where('state', '=', 'WAITING')
        .where('next_fire_at', '<=', at)
        .$if(filter !== undefined, (q) => q.where(filter as RawBuilder<SqlBool>))
        .limit(cap)
        .as('due'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

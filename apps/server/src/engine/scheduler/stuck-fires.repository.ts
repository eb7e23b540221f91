import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notHeld } from './acquire-due-triggers.repository.js';
import type { HeldFilter } from './maintenance-hold.js';

/**
 * WAITING triggers whose fire time is before `before`, oldest first, with their job's or chain's sid;
 * not those held by the maintenance holding their company now (`held`).
 */
export function overdueTriggers(db: Kysely<Database>, before: number, limit: number, held?: HeldFilter) {
  const filter = notHeld(held, 't');
  return db
    .selectFrom('triggers as t')
    .leftJoin('job_configs as j', (join) =>
      join
        .on('t.owner_kind', '=', 'job')
        .onRef('j.company_code', '=', 't.company_code')
        .onRef('j.legacy_id', '=', 't.owner_id'),
    )
    .leftJoin('chain_jobs as c', (join) =>
      join
        .on('t.owner_kind', '=', 'chain')
        .onRef('c.company_code', '=', 't.company_code')
        .onRef('c.chain_id', '=', 't.owner_id'),
    )
    .select(['t.id', 't.company_code', 't.next_fire_at', 'j.sid as job_sid', 'c.sid as chain_sid'])
    .where('t.state', '=', 'WAITING')
    .where('t.next_fire_at', '<', before)
    .$if(filter !== undefined, (q) => q.where(filter as RawBuilder<SqlBool>))
    .orderBy('t.next_fire_at')
    .limit(limit)
    .execute();
}

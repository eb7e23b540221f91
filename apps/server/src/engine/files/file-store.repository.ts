import type { Db } from '../../db/database.js';

/** The other nodes alive at `now` (a heartbeat within `liveMs`, not stopped), by id. */
export function liveOtherNodes(db: Db, nodeId: string, now: number, liveMs: number) {
  return db.kysely
    .selectFrom('scheduler_nodes')
    .select(['id', 'hostname'])
    .where('stopped_at', 'is', null)
    .where('heartbeat_at', '>=', now - liveMs)
    .where('id', '!=', nodeId)
    .orderBy('id')
    .execute();
}

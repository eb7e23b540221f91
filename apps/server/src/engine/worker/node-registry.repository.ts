import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The node's row in `scheduler_nodes` (times from the database's clock, passed in). */
export class NodeRegistry {
  constructor(
    private readonly db: Kysely<Database>,
    readonly nodeId: string,
  ) {}

  async register(roles: readonly string[], now: number): Promise<void> {
    await this.db
      .insertInto('scheduler_nodes')
      .values({
        id: this.nodeId,
        hostname: os.hostname(),
        pid: process.pid,
        roles: roles.join(','),
        started_at: now,
        heartbeat_at: now,
        stopped_at: null,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now, stopped_at: null }))
      .execute();
  }

  async heartbeat(now: number): Promise<void> {
    await this.db
      .updateTable('scheduler_nodes')
      .set({ heartbeat_at: now })
      .where('id', '=', this.nodeId)
      .execute();
  }

  async markStopped(now: number): Promise<void> {
    await this.db
      .updateTable('scheduler_nodes')
      .set({ heartbeat_at: now, stopped_at: now })
      .where('id', '=', this.nodeId)
      .execute();
  }
}

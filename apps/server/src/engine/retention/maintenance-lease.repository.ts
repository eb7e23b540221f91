import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';

export interface LeaseRecord {
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastResult: string | null;
}

/**
 * A row of `maintenance_leases` that one node holds at a time, for a periodic task of the cluster (the
 * retention sweep). Taking it is one conditional UPDATE (free or expired, and — unless forced — its
 * last pass finished at least `minIntervalMs` ago), atomic on SQLite and PostgreSQL alike; the holder
 * renews it between batches and lets go when done. A node that dies holding it blocks the task until the
 * lease expires. Times are the database's clock, so nodes whose clocks disagree still agree.
 */
export class MaintenanceLease {
  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly owner: string,
    private readonly durationMs: number,
  ) {}

  private now(): Promise<number> {
    return databaseNow(this.db.kysely, this.db.dialect);
  }

  /** True when this node now holds the lease. */
  async acquire(minIntervalMs = 0): Promise<boolean> {
    const { kysely } = this.db;
    await kysely
      .insertInto('maintenance_leases')
      .values({ name: this.name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const now = await this.now();
    let update = kysely
      .updateTable('maintenance_leases')
      .set({ owner: this.owner, lease_until: now + this.durationMs, last_started_at: now })
      .where('name', '=', this.name)
      .where((eb) =>
        eb.or([eb('owner', 'is', null), eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
      );
    if (minIntervalMs > 0)
      update = update.where((eb) =>
        eb.or([eb('last_finished_at', 'is', null), eb('last_finished_at', '<=', now - minIntervalMs)]),
      );
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Extends the lease; false when it was lost (expired and taken by another node). */
  async renew(): Promise<boolean> {
    const now = await this.now();
    const result = await this.db.kysely
      .updateTable('maintenance_leases')
      .set({ lease_until: now + this.durationMs })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Lets go; with a result, records the pass as finished (the next is due `minIntervalMs` later). */
  async release(result?: string): Promise<void> {
    const now = await this.now();
    await this.db.kysely
      .updateTable('maintenance_leases')
      .set({
        owner: null,
        lease_until: null,
        ...(result === undefined ? {} : { last_finished_at: now, last_result: result }),
      })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .execute();
  }

  async record(): Promise<LeaseRecord | undefined> {
    const row = await this.db.kysely
      .selectFrom('maintenance_leases')
      .select(['last_started_at', 'last_finished_at', 'last_result'])
      .where('name', '=', this.name)
      .executeTakeFirst();
    return row
      ? {
          lastStartedAt: row.last_started_at === null ? null : Number(row.last_started_at),
          lastFinishedAt: row.last_finished_at === null ? null : Number(row.last_finished_at),
          lastResult: row.last_result,
        }
      : undefined;
  }
}

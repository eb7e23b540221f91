import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';

/** One counter and its ceiling, e.g. `{ key: 'user:alice', limit: 10 }`. */
export interface ThrottleKey {
  key: string;
  limit: number;
}

/** The outcome of counting one attempt on every key it touches. */
export interface ThrottleTicket {
  /** False: some key is over its ceiling; the attempt must not be evaluated (its count was given back). */
  allowed: boolean;
  /** Milliseconds until the fullest key's window ends (only when not allowed). */
  retryAfterMs: number;
  /** Gives the attempt back on every key (a right password does not use up the budget). */
  giveBack(): Promise<void>;
}

/** Every so many attempts on this node, rows whose window has ended are deleted. */
const PRUNE_EVERY = 200;

/**
 * The sign-in throttle (decision 0026), in the database so every node shares it. An attempt is counted
 * on each of its keys by one atomic upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`) BEFORE the
 * password is verified: parallel attempts, on any node, each get their own count, so at most `limit`
 * of them per key and window are ever evaluated. An attempt refused for being over a ceiling gives its
 * counts back (it was not evaluated), so the counters count evaluated attempts only. Fixed windows:
 * a key's window starts at its first attempt and is not extended by later ones.
 *
 * The keys of one attempt are counted in one transaction, in key order: attempts sharing keys are then
 * counted in the same order on every key (on PostgreSQL the upserted rows stay locked until commit;
 * SQLite runs one transaction at a time), so exactly the first `limit` of them pass — not fewer, as
 * when one attempt could hold a place on one key while another holds one on the next — and sorted
 * keys cannot deadlock.
 */
export class LoginThrottle {
  private sincePrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  async take(keys: ThrottleKey[]): Promise<ThrottleTicket> {
    const now = this.clock.now();
    await this.pruneNow(now);
    const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const counted = await this.db.transaction().execute(async (trx) => {
      const rows: { key: string; limit: number; attempts: number; windowStart: number }[] = [];
      for (const { key, limit } of sorted) rows.push({ key, limit, ...(await this.count(trx, key, now)) });
      return rows;
    });
    const taken = counted.map(({ key, windowStart }) => ({ key, windowStart }));
    let retryAfterMs = 0;
    for (const row of counted)
      if (row.attempts > row.limit)
        retryAfterMs = Math.max(retryAfterMs, row.windowStart + this.windowMs - now, 1);
    const giveBack = async () => {
      for (const { key, windowStart } of taken) await this.giveBackOne(key, windowStart);
    };
    if (retryAfterMs > 0) {
      await giveBack();
      return { allowed: false, retryAfterMs, giveBack: async () => {} };
    }
    return { allowed: true, retryAfterMs: 0, giveBack };
  }

  private async count(
    trx: Transaction<Database>,
    key: string,
    now: number,
  ): Promise<{ attempts: number; windowStart: number }> {
    const expired = sql<boolean>`login_attempts.window_start <= ${now - this.windowMs}`;
    const row = await trx
      .insertInto('login_attempts')
      .values({ throttle_key: key, window_start: now, attempts: 1 })
      .onConflict((oc) =>
        oc.column('throttle_key').doUpdateSet({
          attempts: sql<number>`case when ${expired} then 1 else login_attempts.attempts + 1 end`,
          window_start: sql<number>`case when ${expired} then ${now} else login_attempts.window_start end`,
        }),
      )
      .returning(['attempts', 'window_start'])
      .executeTakeFirstOrThrow();
    return { attempts: Number(row.attempts), windowStart: Number(row.window_start) };
  }

  private async giveBackOne(key: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('login_attempts')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('throttle_key', '=', key)
      .where('window_start', '=', windowStart)
      .where('attempts', '>', 0)
      .execute();
  }

  private async pruneNow(now: number): Promise<void> {
    if (++this.sincePrune < PRUNE_EVERY) return;
    this.sincePrune = 0;
    await this.db
      .deleteFrom('login_attempts')
      .where('window_start', '<=', now - this.windowMs)
      .execute();
  }
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One key's count after an attempt: the attempts of its current window and when that window began. */
export interface AttemptCount {
  key: string;
  attempts: number;
  windowStart: number;
}

/** The sign-in throttle's counters (`login_attempts`, decision 0026), shared by every node. */
export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt on each key, in the order given, in one transaction: one atomic upsert per key
   * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`); a window that ended at `now - windowMs` starts again.
   */
  async count(keys: readonly string[], now: number, windowMs: number): Promise<AttemptCount[]> {
    const expired = sql<boolean>`login_attempts.window_start <= ${now - windowMs}`;
    return this.db.transaction().execute(async (trx) => {
      const counted: AttemptCount[] = [];
      for (const key of keys) {
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
        counted.push({ key, attempts: Number(row.attempts), windowStart: Number(row.window_start) });
      }
      return counted;
    });
  }

  /** Gives one attempt back on a key, if its window is still the one counted. */
  async giveBack(key: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('login_attempts')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('throttle_key', '=', key)
      .where('window_start', '=', windowStart)
      .where('attempts', '>', 0)
      .execute();
  }

  /** Deletes the counters whose window began at or before `cutoff`. */
  async pruneEndedWindows(cutoff: number): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('window_start', '<=', cutoff).execute();
  }
}

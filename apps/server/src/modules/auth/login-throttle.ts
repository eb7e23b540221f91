import type { Clock } from '../../platform/clock.js';
import type { LoginAttemptsRepository } from './login-attempts.repository.js';

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
    private readonly counters: LoginAttemptsRepository,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  async take(keys: ThrottleKey[]): Promise<ThrottleTicket> {
    const now = this.clock.now();
    await this.pruneNow(now);
    const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const counted = await this.counters.count(
      sorted.map(({ key }) => key),
      now,
      this.windowMs,
    );
    let retryAfterMs = 0;
    counted.forEach((row, i) => {
      if (row.attempts > (sorted[i]?.limit ?? 0))
        retryAfterMs = Math.max(retryAfterMs, row.windowStart + this.windowMs - now, 1);
    });
    const giveBack = async () => {
      for (const { key, windowStart } of counted) await this.counters.giveBack(key, windowStart);
    };
    if (retryAfterMs > 0) {
      await giveBack();
      return { allowed: false, retryAfterMs, giveBack: async () => {} };
    }
    return { allowed: true, retryAfterMs: 0, giveBack };
  }

  private async pruneNow(now: number): Promise<void> {
    if (++this.sincePrune < PRUNE_EVERY) return;
    this.sincePrune = 0;
    await this.counters.pruneEndedWindows(now - this.windowMs);
  }
}

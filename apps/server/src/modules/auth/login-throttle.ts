import type { Clock } from '../../platform/clock.js';

/**
 * Counts failed sign-ins per key (client address, user name) in a sliding window. Kept in memory:
 * each node throttles on its own, which bounds guessing to (nodes × limit) per window.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(keys: string[]): number {
    const now = this.clock.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, (recent[0] ?? now) + this.windowMs - now);
    }
    return wait;
  }

  recordFailure(keys: string[]): void {
    const now = this.clock.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.prune(now);
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (!times.some((at) => at > now - this.windowMs)) this.failures.delete(key);
    }
  }
}

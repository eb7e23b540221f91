/*
 * When a webhook delivery is tried again (issue 35, docs/alerts.md "Retries"): on a network error, a
 * timeout, 408, 429 or 5xx; never on another 4xx (the receiver refused the event, another try would
 * be refused too). Exponential backoff with full jitter — attempt n waits a random time in
 * [0, min(cap, base·2^(n−1))) — for at most WEBHOOK_RETRY_WINDOW_MS after the first attempt.
 */
export const WEBHOOK_RETRY_BASE_MS = 5_000;
export const WEBHOOK_RETRY_CAP_MS = 10 * 60_000;
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** What one attempt came to: the receiver's status, or no answer at all. */
export type AttemptResult = { status: number } | { error: string };

export function isRetryable(result: AttemptResult): boolean {
  if ('error' in result) return true;
  const { status } = result;
  return status === 408 || status === 429 || status >= 500;
}

export function isDelivered(result: AttemptResult): boolean {
  return 'status' in result && result.status >= 200 && result.status < 300;
}

/**
 * The delay before attempt `next` (2, 3, …) with `random()` in [0, 1); undefined when the retry
 * window (from `firstAttemptAt`) would be passed — the delivery has failed then.
 */
export function retryDelayMs(
  next: number,
  firstAttemptAt: number,
  now: number,
  random: () => number = Math.random,
): number | undefined {
  if (!Number.isInteger(next) || next < 2) throw new RangeError(`attempt must be 2 or more (got ${next})`);
  const ceiling = Math.min(WEBHOOK_RETRY_CAP_MS, WEBHOOK_RETRY_BASE_MS * 2 ** Math.min(next - 2, 30));
  const delay = Math.floor(random() * ceiling);
  return now + delay - firstAttemptAt > WEBHOOK_RETRY_WINDOW_MS ? undefined : delay;
}

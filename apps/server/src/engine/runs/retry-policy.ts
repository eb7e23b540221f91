/**
 * Issue 36, part 2 (docs/retries.md, decision 0050): a step's retry policy and its schedule.
 *
 * `attempts` counts every try of the step, the first included (1: no retry). The wait before attempt
 * n + 1 is `first_delay_ms × factor^(n−1)`, capped at `max_delay_ms`, then moved by a random share of
 * at most ± `jitter` of itself (0.2: ± 20 %) and capped again — never below 0, never above the cap.
 */
export interface RetryPolicy {
  attempts: number;
  first_delay_ms: number;
  factor: number;
  max_delay_ms: number;
  jitter: number;
}

/** The limits every stored policy keeps (the contract's schema says the same). */
export const RETRY_LIMITS = {
  attempts: { min: 1, max: 10 },
  first_delay_ms: { min: 100, max: 86_400_000 },
  factor: { min: 1, max: 10 },
  max_delay_ms: { min: 100, max: 86_400_000 },
  jitter: { min: 0, max: 1 },
} as const;

/** The built-in default when neither the job nor its company sets one: retries off (decision 0050). */
export const RETRY_OFF: RetryPolicy = {
  attempts: 1,
  first_delay_ms: 30_000,
  factor: 2,
  max_delay_ms: 600_000,
  jitter: 0.2,
};

/** True when every field is a number within its limits and the cap is not below the first delay. */
export function isValidRetryPolicy(value: unknown): value is RetryPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  for (const [field, { min, max }] of Object.entries(RETRY_LIMITS)) {
    const number = record[field];
    if (typeof number !== 'number' || !Number.isFinite(number) || number < min || number > max) return false;
  }
  if (!Number.isInteger(record.attempts)) return false;
  return (record.max_delay_ms as number) >= (record.first_delay_ms as number);
}

/** The stored JSON of a policy, or undefined for null or anything that is not a valid policy. */
export function parseRetryPolicy(text: string | null | undefined): RetryPolicy | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isValidRetryPolicy(value) ? pick(value) : undefined;
  } catch {
    return undefined;
  }
}

export function storedRetryPolicy(policy: RetryPolicy | null | undefined): string | null {
  return policy ? JSON.stringify(pick(policy)) : null;
}

const pick = (policy: RetryPolicy): RetryPolicy => ({
  attempts: policy.attempts,
  first_delay_ms: policy.first_delay_ms,
  factor: policy.factor,
  max_delay_ms: policy.max_delay_ms,
  jitter: policy.jitter,
});

/** The job's policy, else its company's, else retries off. */
export function effectiveRetryPolicy(
  job: string | null | undefined,
  company: string | null | undefined,
): RetryPolicy {
  return parseRetryPolicy(job) ?? parseRetryPolicy(company) ?? RETRY_OFF;
}

/** The wait before the try after attempt `failed` (1 = the first try failed) without jitter, capped. */
export function baseDelayMs(policy: RetryPolicy, failed: number): number {
  const raw = policy.first_delay_ms * policy.factor ** Math.max(0, failed - 1);
  return Math.min(policy.max_delay_ms, raw);
}

/**
 * The wait before the next try: the base delay moved by `random()` within ± jitter, capped at the
 * maximum delay. `random` returns [0, 1) (Math.random; tests pass their own).
 */
export function retryDelayMs(
  policy: RetryPolicy,
  failed: number,
  random: () => number = Math.random,
): number {
  const base = baseDelayMs(policy, failed);
  const moved = base * (1 + policy.jitter * (2 * random() - 1));
  return Math.round(Math.min(policy.max_delay_ms, Math.max(0, moved)));
}

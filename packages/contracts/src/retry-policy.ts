import { Type, type Static } from '@sinclair/typebox';
import { CompanyCode } from './companies.js';

/*
 * Issue 36, part 2 — retry with backoff (docs/retries.md, decision 0050). A job's retry policy, its
 * company's default, and what the run shows while a step waits for its next attempt.
 */

/** The limits of each field (the server refuses anything outside them: REQUEST_INVALID). */
export const RETRY_POLICY_LIMITS = {
  attempts: { minimum: 1, maximum: 10 },
  first_delay_ms: { minimum: 100, maximum: 86_400_000 },
  factor: { minimum: 1, maximum: 10 },
  max_delay_ms: { minimum: 100, maximum: 86_400_000 },
  jitter: { minimum: 0, maximum: 1 },
} as const;

/**
 * `attempts` counts every try of a step, the first included (1: no retry). The wait before try n + 1
 * is `first_delay_ms × factor^(n−1)`, capped at `max_delay_ms` (never below `first_delay_ms`), moved by
 * a random share of at most ± `jitter` of itself (0.2: ± 20 %) and capped again.
 */
export const RetryPolicy = Type.Object(
  {
    attempts: Type.Integer(RETRY_POLICY_LIMITS.attempts),
    first_delay_ms: Type.Integer(RETRY_POLICY_LIMITS.first_delay_ms),
    factor: Type.Number(RETRY_POLICY_LIMITS.factor),
    max_delay_ms: Type.Integer(RETRY_POLICY_LIMITS.max_delay_ms),
    jitter: Type.Number(RETRY_POLICY_LIMITS.jitter),
  },
  { additionalProperties: false },
);
export type RetryPolicy = Static<typeof RetryPolicy>;

/** A job's policy: null takes its company's default (and a company's null: retries off). */
export const RetryPolicyOrDefault = Type.Union([RetryPolicy, Type.Null()]);

/** The built-in default when neither the job nor its company sets one: retries off (decision 0050). */
export const RETRY_POLICY_OFF: RetryPolicy = {
  attempts: 1,
  first_delay_ms: 30_000,
  factor: 2,
  max_delay_ms: 600_000,
  jitter: 0.2,
};

/** What the console suggests when an operator turns retries on: 3 attempts, 30 s then 60 s, ± 20 %. */
export const RETRY_POLICY_SUGGESTED: RetryPolicy = {
  attempts: 3,
  first_delay_ms: 30_000,
  factor: 2,
  max_delay_ms: 600_000,
  jitter: 0.2,
};

/** A company's default retry policy (`GET`/`PUT /v1/companies/retry-policy?company_code=`). */
export const CompanyRetryPolicy = Type.Object(
  { retry_policy: RetryPolicyOrDefault },
  { additionalProperties: false },
);
export type CompanyRetryPolicy = Static<typeof CompanyRetryPolicy>;

/** A run waiting for a step's next attempt, as Monitor Detail shows it ("attempt 2 of 5, next at …"). */
export const RunRetryState = Type.Object({
  step: Type.Integer(),
  /** The attempt to come (2: the first retry). */
  attempt: Type.Integer(),
  max: Type.Integer(),
  /** When the attempt is due (epoch ms); null once it started. */
  next_at: Type.Union([Type.Integer(), Type.Null()]),
});
export type RunRetryState = Static<typeof RunRetryState>;

/** The company a company's default retry policy belongs to. */
export const CompanyRetryPolicyQuery = Type.Object(
  { company_code: CompanyCode },
  { additionalProperties: false },
);
export type CompanyRetryPolicyQuery = Static<typeof CompanyRetryPolicyQuery>;

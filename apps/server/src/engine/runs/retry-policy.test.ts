import { describe, expect, it } from 'vitest';
import {
  baseDelayMs,
  effectiveRetryPolicy,
  isValidRetryPolicy,
  parseRetryPolicy,
  RETRY_OFF,
  retryDelayMs,
  storedRetryPolicy,
  type RetryPolicy,
} from './retry-policy.js';

const policy: RetryPolicy = { attempts: 5, first_delay_ms: 1000, factor: 2, max_delay_ms: 5000, jitter: 0.2 };

describe('retry schedule', () => {
  it('grows by the factor from the first delay and stops at the maximum delay', () => {
    expect([1, 2, 3, 4, 5].map((failed) => baseDelayMs(policy, failed))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('keeps every delay within ± jitter of its base and never above the maximum', () => {
    for (let failed = 1; failed <= 6; failed++) {
      const base = baseDelayMs(policy, failed);
      for (const r of [0, 0.001, 0.25, 0.5, 0.75, 0.999999]) {
        const delay = retryDelayMs(policy, failed, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.min(5000, Math.ceil(base * 1.2)));
      }
    }
    expect(retryDelayMs(policy, 1, () => 0)).toBe(800);
    expect(retryDelayMs(policy, 1, () => 0.5)).toBe(1000);
    expect(retryDelayMs(policy, 10, () => 0.99)).toBe(5000);
  });

  it('without jitter is exact', () => {
    const exact = { ...policy, jitter: 0 };
    expect(retryDelayMs(exact, 2, Math.random)).toBe(2000);
  });
});

describe('retry policy', () => {
  it('takes the job, else the company, else retries off', () => {
    const job = storedRetryPolicy(policy);
    const company = storedRetryPolicy({ ...policy, attempts: 3 });
    expect(effectiveRetryPolicy(job, company).attempts).toBe(5);
    expect(effectiveRetryPolicy(null, company).attempts).toBe(3);
    expect(effectiveRetryPolicy(null, null)).toEqual(RETRY_OFF);
    expect(RETRY_OFF.attempts).toBe(1);
  });

  it('refuses values outside the limits and a cap below the first delay', () => {
    expect(isValidRetryPolicy(policy)).toBe(true);
    expect(isValidRetryPolicy({ ...policy, attempts: 0 })).toBe(false);
    expect(isValidRetryPolicy({ ...policy, attempts: 2.5 })).toBe(false);
    expect(isValidRetryPolicy({ ...policy, jitter: 1.5 })).toBe(false);
    expect(isValidRetryPolicy({ ...policy, max_delay_ms: 500 })).toBe(false);
    expect(parseRetryPolicy('{not json')).toBeUndefined();
  });
});

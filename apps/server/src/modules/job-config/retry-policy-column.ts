import type { RetryPolicy } from '@lis/contracts';
import { storedRetryPolicy } from '../../engine/runs/retry-policy.js';
import { invalid } from '../../platform/domain-error.js';

/**
 * A retry policy as sent (the schema checked each field's limits) into its stored column, or null for
 * the company's default (job) or retries off (company). The maximum delay may not be below the first.
 */
export function retryPolicyColumn(policy: RetryPolicy | null): string | null {
  if (policy && policy.max_delay_ms < policy.first_delay_ms)
    throw invalid('RETRY_POLICY_INVALID', 'retryPolicyMaxBelowFirst', {
      max: policy.max_delay_ms,
      first: policy.first_delay_ms,
    });
  return storedRetryPolicy(policy);
}

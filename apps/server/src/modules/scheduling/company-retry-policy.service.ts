import type { RetryPolicy } from '@lis/contracts';
import { parseRetryPolicy } from '../../engine/runs/retry-policy.js';
import { notFound } from '../../platform/domain-error.js';
import { retryPolicyColumn } from '../job-config/retry-policy-column.js';
import type { CompanyRetryPolicyRepository } from './company-retry-policy.repository.js';

/**
 * Issue 36, part 2: a company's default retry policy (docs/retries.md) — what its jobs without a
 * policy of their own use; null: retries off (decision 0050).
 */
export class CompanyRetryPolicyService {
  constructor(private readonly repo: CompanyRetryPolicyRepository) {}

  async get(companyCode: string): Promise<RetryPolicy | null> {
    const stored = await this.repo.read(companyCode);
    if (stored === undefined)
      throw notFound('COMPANY_NOT_FOUND', 'companyNotFound', { company: companyCode });
    return parseRetryPolicy(stored) ?? null;
  }

  /** Answers the policy before the change (for the audit trail). */
  async set(companyCode: string, policy: RetryPolicy | null): Promise<RetryPolicy | null> {
    const before = await this.get(companyCode);
    await this.repo.write(companyCode, retryPolicyColumn(policy));
    return before;
  }
}

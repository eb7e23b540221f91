import type { RetryPolicy } from '@lis/contracts';
import type { Db } from '../../db/database.js';
import { parseRetryPolicy } from '../../engine/runs/retry-policy.js';
import { notFound } from '../../platform/domain-error.js';
import { retryPolicyColumn } from '../job-config/retry-policy-column.js';

/**
 * Issue 36, part 2: a company's default retry policy (docs/retries.md) — what its jobs without a
 * policy of their own use; null: retries off (decision 0050).
 */
export class CompanyRetryPolicyService {
  constructor(private readonly db: Db) {}

  async get(companyCode: string): Promise<RetryPolicy | null> {
    const row = await this.db.kysely
      .selectFrom('companies')
      .select('retry_policy')
      .where('company_code', '=', companyCode)
      .executeTakeFirst();
    if (!row) throw notFound('COMPANY_NOT_FOUND', 'companyNotFound', { company: companyCode });
    return parseRetryPolicy(row.retry_policy) ?? null;
  }

  /** Answers the policy before the change (for the audit trail). */
  async set(companyCode: string, policy: RetryPolicy | null): Promise<RetryPolicy | null> {
    const before = await this.get(companyCode);
    await this.db.kysely
      .updateTable('companies')
      .set({ retry_policy: retryPolicyColumn(policy) })
      .where('company_code', '=', companyCode)
      .execute();
    return before;
  }
}

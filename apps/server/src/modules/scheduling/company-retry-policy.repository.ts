import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The SQL of a company's default retry policy (`companies.retry_policy`, migration 0029). */
export class CompanyRetryPolicyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored policy text (null: none); undefined when the company does not exist. */
  async read(companyCode: string): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('companies')
      .select('retry_policy')
      .where('company_code', '=', companyCode)
      .executeTakeFirst();
    return row ? row.retry_policy : undefined;
  }

  async write(companyCode: string, column: string | null): Promise<void> {
    await this.db
      .updateTable('companies')
      .set({ retry_policy: column })
      .where('company_code', '=', companyCode)
      .execute();
  }
}

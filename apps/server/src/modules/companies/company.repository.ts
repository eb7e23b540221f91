import type { Kysely } from 'kysely';
import type { Company, CompanyStatus } from '@lis/contracts';
import type { Database } from '../../db/schema.js';

/** The only SQL about the company master. */
export class CompanyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `codes` null means every company. */
  async list(filter: {
    status?: CompanyStatus | undefined;
    sid?: string | undefined;
    codes: string[] | null;
  }): Promise<Company[]> {
    if (filter.codes && filter.codes.length === 0) return [];
    let query = this.db.selectFrom('companies').select(['sid', 'company_code', 'company_name', 'status']);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.sid) query = query.where('sid', '=', filter.sid);
    if (filter.codes) query = query.where('company_code', 'in', filter.codes);
    return query.orderBy('company_code').execute();
  }

  async existing(codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const rows = await this.db
      .selectFrom('companies')
      .select('company_code')
      .where('company_code', 'in', codes)
      .execute();
    return new Set(rows.map((r) => r.company_code));
  }

  /** Those of `codes` whose company is inactive (their grants are ignored, decision 0026). */
  async inactiveAmong(codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const rows = await this.db
      .selectFrom('companies')
      .select('company_code')
      .where('company_code', 'in', codes)
      .where('status', '=', 'inactive')
      .execute();
    return new Set(rows.map((r) => r.company_code));
  }

  async create(company: Company, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('companies')
      .values({ ...company, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('company_code').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(company: Company, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('companies')
      .set({ sid: company.sid, company_name: company.company_name, status: company.status, updated_at: now })
      .where('company_code', '=', company.company_code)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

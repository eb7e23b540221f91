import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChainJobTable, Database } from '../../db/schema.js';
import { containsIgnoreCase } from '../../db/text-match.js';

export interface ChainJobFilter {
  /** `null` = every company; `[]` = none. */
  codes: string[] | null;
  chainId?: string | undefined;
  /** Part of the name, case-insensitive. */
  chainName?: string | undefined;
  /** Absent: every matching row (the export). */
  limit?: number | undefined;
  offset?: number | undefined;
}

export type ChainJobRow = Selectable<ChainJobTable>;

/** The only SQL about chain jobs. */
export class ChainJobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: ChainJobFilter): Promise<{ rows: ChainJobRow[]; total: number }> {
    if (filter.codes?.length === 0) return { rows: [], total: 0 };
    let query = this.db.selectFrom('chain_jobs');
    if (filter.codes) query = query.where('company_code', 'in', filter.codes);
    if (filter.chainId) query = query.where('chain_id', '=', filter.chainId);
    if (filter.chainName) {
      query = query.where(containsIgnoreCase('chain_name', filter.chainName));
    }
    let page = query.selectAll().orderBy('company_code').orderBy('chain_id');
    if (filter.limit !== undefined) page = page.limit(filter.limit).offset(filter.offset ?? 0);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      page.execute(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async get(company: string, chainId: string): Promise<ChainJobRow | undefined> {
    return this.db
      .selectFrom('chain_jobs')
      .selectAll()
      .where('company_code', '=', company)
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
  }

  async insert(row: Insertable<ChainJobTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('chain_jobs')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'chain_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(row: Omit<ChainJobRow, 'created_at' | 'created_by'>): Promise<boolean> {
    const { company_code, chain_id, ...values } = row;
    const result = await this.db
      .updateTable('chain_jobs')
      .set(values)
      .where('company_code', '=', company_code)
      .where('chain_id', '=', chain_id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(company: string, chainId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chain_jobs')
      .where('company_code', '=', company)
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The names of those of `legacyIds` that are jobs of the company. */
  async jobNames(company: string, legacyIds: string[]): Promise<Map<string, string>> {
    if (legacyIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('job_configs')
      .select(['legacy_id', 'legacy_name'])
      .where('company_code', '=', company)
      .where('legacy_id', 'in', legacyIds)
      .execute();
    return new Map(rows.map((r) => [r.legacy_id, r.legacy_name]));
  }
}

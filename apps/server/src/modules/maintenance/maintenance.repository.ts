import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MaintenanceWindowTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

export type MaintenanceWindowRow = Selectable<MaintenanceWindowTable>;

/** The only SQL about maintenance windows (issue 34). */
export class MaintenanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The windows of these companies (`*` among them for those of every company; null: all), by company and name. */
  async list(companies: readonly string[] | null): Promise<MaintenanceWindowRow[]> {
    if (companies?.length === 0) return [];
    let query = this.db.selectFrom('maintenance_windows').selectAll();
    if (companies) query = query.where('company_code', 'in', [...companies]);
    return query.orderBy('company_code').orderBy('name').execute();
  }

  /**
   * The enabled windows of every company, read in the caller's scope (the scheduler's pass reads
   * them in its transaction: engine/scheduler/maintenance-hold.ts).
   */
  async enabled(scope: WriteScope): Promise<MaintenanceWindowRow[]> {
    return scope
      .selectFrom('maintenance_windows')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('company_code')
      .orderBy('name')
      .execute();
  }

  async get(company: string, name: string): Promise<MaintenanceWindowRow | undefined> {
    return this.db
      .selectFrom('maintenance_windows')
      .selectAll()
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** How many windows the company has. */
  async count(company: string): Promise<number> {
    const row = await this.db
      .selectFrom('maintenance_windows')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_code', '=', company)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Inserts unless the name is taken in the company; answers whether it did. */
  async insert(row: Insertable<MaintenanceWindowTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('maintenance_windows')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(row: Omit<MaintenanceWindowRow, 'created_at'>): Promise<boolean> {
    const { company_code, name, ...values } = row;
    const result = await this.db
      .updateTable('maintenance_windows')
      .set(values)
      .where('company_code', '=', company_code)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(company: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('maintenance_windows')
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

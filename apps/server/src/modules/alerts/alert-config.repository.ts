import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AlertChannelTable, AlertRuleTable } from '../../db/alert-schema.js';
import type { Database } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

export type AlertChannelRow = Selectable<AlertChannelTable>;
export type AlertRuleRow = Selectable<AlertRuleTable>;
type ConfigTable = 'alert_channels' | 'alert_rules';

/**
 * The only SQL about a company's alert channels and rules (issue 35): rows keyed by (company, name).
 * The channels' URL and secret columns hold sealed text only (alert-channel.service.ts seals them).
 */
export class AlertConfigRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async channels(company: string): Promise<AlertChannelRow[]> {
    return this.db
      .selectFrom('alert_channels')
      .selectAll()
      .where('company_code', '=', company)
      .orderBy('name')
      .execute();
  }

  /** One channel, read in `scope` (a delivery reads the channel as it is when it sends). */
  async channel(
    company: string,
    name: string,
    scope: WriteScope = this.db,
  ): Promise<AlertChannelRow | undefined> {
    return scope
      .selectFrom('alert_channels')
      .selectAll()
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The kinds of the company's enabled channels among `names` (a raise queues deliveries to those). */
  async enabledChannelKinds(
    scope: WriteScope,
    company: string,
    names: readonly string[],
  ): Promise<Map<string, AlertChannelRow['kind']>> {
    if (names.length === 0) return new Map();
    const rows = await scope
      .selectFrom('alert_channels')
      .select(['name', 'kind'])
      .where('company_code', '=', company)
      .where('name', 'in', [...names])
      .where('enabled', '=', 1)
      .execute();
    return new Map(rows.map((row) => [row.name, row.kind]));
  }

  async insertChannel(row: Insertable<AlertChannelTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('alert_channels')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateChannel(row: Omit<AlertChannelRow, 'created_at'>): Promise<boolean> {
    const { company_code, name, ...values } = row;
    const result = await this.db
      .updateTable('alert_channels')
      .set(values)
      .where('company_code', '=', company_code)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async rules(company: string): Promise<AlertRuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('company_code', '=', company)
      .orderBy('name')
      .execute();
  }

  async rule(company: string, name: string): Promise<AlertRuleRow | undefined> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The company's enabled rules, read in the raiser's transaction. */
  async enabledRules(scope: WriteScope, company: string): Promise<AlertRuleRow[]> {
    return scope
      .selectFrom('alert_rules')
      .selectAll()
      .where('company_code', '=', company)
      .where('enabled', '=', 1)
      .orderBy('name')
      .execute();
  }

  async insertRule(row: Insertable<AlertRuleTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('alert_rules')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateRule(row: Omit<AlertRuleRow, 'created_at'>): Promise<boolean> {
    const { company_code, name, ...values } = row;
    const result = await this.db
      .updateTable('alert_rules')
      .set(values)
      .where('company_code', '=', company_code)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** How many channels (or rules) the company has. */
  async count(table: ConfigTable, company: string): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_code', '=', company)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async delete(table: ConfigTable, company: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom(table)
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

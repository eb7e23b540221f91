import { SHARED_CALENDAR_COMPANY } from '@lis/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CalendarTable, Database } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { StoredCalendar, TriggerCalendarResolver } from '../../engine/scheduler/trigger-calendar.js';
import { resolveCalendarName } from './trigger-calendars.js';

export type CalendarRow = Selectable<CalendarTable>;

/** A job or a chain whose triggers name calendars (`trigger_calendars` not blank). */
export interface CalendarOwnerRow {
  kind: 'job' | 'chain';
  company_code: string;
  id: string;
  trigger_calendars: string;
}

/** The only SQL about named calendars (issue 34). */
export class CalendarRepository implements TriggerCalendarResolver {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The calendar each of `names` means for the company's triggers: its own of that name, else the
   * shared one (`*`) — the rule of the list and of the trigger check. Read in the caller's transaction
   * (the scheduler's re-plan: engine/scheduler/trigger-sync.ts).
   */
  async resolveTriggerCalendars(
    scope: WriteScope,
    company: string,
    names: readonly string[],
  ): Promise<Map<string, StoredCalendar>> {
    const found = new Map<string, StoredCalendar>();
    if (names.length === 0) return found;
    const rows = await scope
      .selectFrom('calendars')
      .select(['company_code', 'name', 'definition'])
      .where('company_code', 'in', [company, SHARED_CALENDAR_COMPANY])
      .where('name', 'in', [...names])
      .execute();
    for (const name of names) {
      const row = resolveCalendarName(rows, company, name);
      if (row) found.set(name, { companyCode: row.company_code, name: row.name, definition: row.definition });
    }
    return found;
  }

  /** The calendars of these companies (`*` among them for the shared ones), by company and name. */
  async list(companies: readonly string[]): Promise<CalendarRow[]> {
    if (companies.length === 0) return [];
    return this.db
      .selectFrom('calendars')
      .selectAll()
      .where('company_code', 'in', [...companies])
      .orderBy('company_code')
      .orderBy('name')
      .execute();
  }

  async get(company: string, name: string): Promise<CalendarRow | undefined> {
    return this.db
      .selectFrom('calendars')
      .selectAll()
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The companies (not `*`) with a calendar of their own named `name`. */
  async companiesWithOwn(name: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('calendars')
      .select('company_code')
      .where('name', '=', name)
      .where('company_code', '!=', '*')
      .execute();
    return new Set(rows.map((row) => row.company_code));
  }

  /** Which of `names` the company may name: its own calendars and the shared ones. */
  async visibleNames(company: string, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('calendars')
      .select('name')
      .where('company_code', 'in', [company, '*'])
      .where('name', 'in', [...names])
      .execute();
    return new Set(rows.map((row) => row.name));
  }

  /** Inserts unless the name is taken in the company; answers whether it did. */
  async insert(row: Insertable<CalendarTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('calendars')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(row: Omit<CalendarRow, 'created_at'>): Promise<boolean> {
    const { company_code, name, ...values } = row;
    const result = await this.db
      .updateTable('calendars')
      .set(values)
      .where('company_code', '=', company_code)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(company: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('calendars')
      .where('company_code', '=', company)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The jobs and chains whose triggers name a calendar, of these companies (`null`: every company),
   * by company and id.
   */
  async owners(companies: readonly string[] | null): Promise<CalendarOwnerRow[]> {
    if (companies?.length === 0) return [];
    let jobs = this.db
      .selectFrom('job_configs')
      .select(['company_code', 'legacy_id as id', 'trigger_calendars'])
      .where('trigger_calendars', '!=', '');
    let chains = this.db
      .selectFrom('chain_jobs')
      .select(['company_code', 'chain_id as id', 'trigger_calendars'])
      .where('trigger_calendars', '!=', '');
    if (companies) {
      jobs = jobs.where('company_code', 'in', [...companies]);
      chains = chains.where('company_code', 'in', [...companies]);
    }
    const [jobRows, chainRows] = await Promise.all([jobs.execute(), chains.execute()]);
    return [
      ...jobRows.map((row) => ({ kind: 'job' as const, ...row })),
      ...chainRows.map((row) => ({ kind: 'chain' as const, ...row })),
    ].sort((a, b) =>
      a.company_code === b.company_code
        ? a.kind === b.kind
          ? a.id.localeCompare(b.id)
          : a.kind.localeCompare(b.kind)
        : a.company_code.localeCompare(b.company_code),
    );
  }
}

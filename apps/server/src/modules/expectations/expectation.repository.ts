import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { Database, ExpectationDayTable, JobExpectationTable } from '../../db/schema.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { addDays } from '../../engine/expectations/expectation-days.js';

export type JobExpectationRow = Selectable<JobExpectationTable>;
export type ExpectationDayRow = Selectable<ExpectationDayTable>;

/** What an administrator sets (the evaluator's marks are the repository's). */
export type ExpectationValues = Pick<
  JobExpectationTable,
  'enabled' | 'deadline' | 'warn_before_minutes' | 'min_files' | 'max_files' | 'min_size_bytes'
>;

/** The SQL of job expectations (issue 35) for the API and the screens; the evaluator's is in engine/expectations. */
export class ExpectationRepository {
  constructor(private readonly db: Db) {}

  private get kysely(): Kysely<Database> {
    return this.db.kysely;
  }

  async get(company: string, legacyId: string): Promise<JobExpectationRow | undefined> {
    return this.kysely
      .selectFrom('job_expectations')
      .selectAll()
      .where('company_code', '=', company)
      .where('legacy_id', '=', legacyId)
      .executeTakeFirst();
  }

  /**
   * Sets a job's expectation: a new one expects from now (the database's clock) on; a changed one
   * gets a new version, and its days not decided yet (PENDING) are made again by the evaluator with
   * the new numbers. One enabled again after a pause expects from now on, not for the days it slept.
   */
  async save(company: string, legacyId: string, values: ExpectationValues, updatedAt: number, by: string) {
    return inWriteTransaction(this.db, async (scope) => {
      const now = await databaseNow(scope, this.db.dialect);
      const before = await scope
        .selectFrom('job_expectations')
        .selectAll()
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .executeTakeFirst();
      if (!before) {
        await scope
          .insertInto('job_expectations')
          .values({
            company_code: company,
            legacy_id: legacyId,
            ...values,
            version: 1,
            days_through: null,
            created_at: now,
            updated_at: updatedAt,
            updated_by: by,
          })
          .execute();
        return;
      }
      const restarted = Number(before.enabled) === 0 && values.enabled === 1;
      const earliestPending = await deletePendingDays(scope, company, legacyId);
      let daysThrough = before.days_through;
      if (earliestPending !== undefined && daysThrough !== null && daysThrough >= earliestPending)
        daysThrough = addDays(earliestPending, -1);
      await scope
        .updateTable('job_expectations')
        .set({
          ...values,
          version: Number(before.version) + 1,
          days_through: restarted ? null : daysThrough,
          created_at: restarted ? now : Number(before.created_at),
          updated_at: updatedAt,
          updated_by: by,
        })
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .execute();
    });
  }

  /** Deletes the expectation and its days not decided yet; answers whether there was one. */
  async delete(company: string, legacyId: string): Promise<boolean> {
    return inWriteTransaction(this.db, async (scope) => {
      const result = await scope
        .deleteFrom('job_expectations')
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .executeTakeFirst();
      await deletePendingDays(scope, company, legacyId);
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** The day rows of `businessDay` of these companies (null: all), by company and job. */
  daysOn(companies: readonly string[] | null, businessDay: string): Promise<ExpectationDayRow[]> {
    return expectationDaysOn(this.kysely, companies, businessDay);
  }

  /** How many of `businessDay`'s rows are in each state (for /metrics). */
  async countByState(businessDay: string): Promise<Map<string, number>> {
    const rows = await this.kysely
      .selectFrom('expectation_days')
      .select((eb) => ['state', eb.fn.countAll<number | string>().as('n')])
      .where('business_day', '=', businessDay)
      .groupBy('state')
      .execute();
    return new Map(rows.map((row) => [row.state, Number(row.n)]));
  }
}

/**
 * The expectation rows of `businessDay` of these companies (null: all), by company and job; the
 * reports read them on their own connection (a report reader thread's).
 */
export function expectationDaysOn(
  db: Kysely<Database>,
  companies: readonly string[] | null,
  businessDay: string,
): Promise<ExpectationDayRow[]> {
  return expectationDaysBetween(db, companies, businessDay, businessDay);
}

/**
 * The expectation rows of the business days `firstDay` to `lastDay` (`yyyy-mm-dd`, both included) of
 * these companies (null: all), by day, company and job: the Daily Report's range.
 */
export async function expectationDaysBetween(
  db: Kysely<Database>,
  companies: readonly string[] | null,
  firstDay: string,
  lastDay: string,
): Promise<ExpectationDayRow[]> {
  if (companies?.length === 0) return [];
  let query = db.selectFrom('expectation_days').selectAll();
  query =
    firstDay === lastDay
      ? query.where('business_day', '=', firstDay)
      : query.where('business_day', '>=', firstDay).where('business_day', '<=', lastDay);
  if (companies) query = query.where('company_code', 'in', [...companies]);
  return query.orderBy('business_day').orderBy('company_code').orderBy('legacy_id').execute();
}

/** Deletes a job's PENDING days; answers the earliest of them (undefined: none). */
async function deletePendingDays(scope: WriteScope, company: string, legacyId: string) {
  const pending = await scope
    .selectFrom('expectation_days')
    .select((eb) => eb.fn.min('business_day').as('first'))
    .where('company_code', '=', company)
    .where('legacy_id', '=', legacyId)
    .where('state', '=', 'PENDING')
    .executeTakeFirst();
  await scope
    .deleteFrom('expectation_days')
    .where('company_code', '=', company)
    .where('legacy_id', '=', legacyId)
    .where('state', '=', 'PENDING')
    .execute();
  return pending?.first ?? undefined;
}

import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, JobConfigTable } from '../../db/schema.js';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import { containsIgnoreCase } from '../../db/text-match.js';

export type JobConfigRow = Selectable<JobConfigTable>;

export interface JobConfigFilter {
  /** null = every company; [] = none. */
  codes: string[] | null;
  sid?: string | undefined;
  legacyId?: string | undefined;
  legacyName?: string | undefined;
  apiClassName?: string | undefined;
  apiFunctionName?: string | undefined;
  /** Exact; when absent, PULL_WAIT jobs are left out. */
  legacyType?: string | undefined;
}

type ServerKind = 'sftp' | 'api' | 'dms';
const SERVER_TABLES = {
  sftp: { table: 'sftp_servers', id: 'sftp_server_id' },
  api: { table: 'api_servers', id: 'api_server_id' },
  dms: { table: 'dms_servers', id: 'dms_server_id' },
} as const;

/** The only SQL about job configurations (spec 001 §3). */
export class JobConfigRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: JobConfigFilter) {
    let query = this.db.selectFrom('job_configs');
    if (filter.codes !== null) query = query.where('company_code', 'in', filter.codes);
    if (filter.sid) query = query.where('sid', '=', filter.sid);
    const contains = (column: string, value: string | undefined) => {
      if (value === undefined || value === '') return;
      query = query.where(containsIgnoreCase(column, value));
    };
    contains('legacy_id', filter.legacyId);
    contains('legacy_name', filter.legacyName);
    contains('api_classname', filter.apiClassName);
    contains('api_function_name', filter.apiFunctionName);
    query = filter.legacyType
      ? query.where('legacy_type', '=', filter.legacyType)
      : query.where('legacy_type', '<>', 'PULL_WAIT');
    return query;
  }

  async list(
    filter: JobConfigFilter,
    page?: { limit: number; offset: number },
  ): Promise<{ rows: JobConfigRow[]; total: number }> {
    if (filter.codes !== null && filter.codes.length === 0) return { rows: [], total: 0 };
    const counted = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    let query = this.filtered(filter).selectAll().orderBy('company_code').orderBy('legacy_id');
    if (page) query = query.limit(page.limit).offset(page.offset);
    return { rows: await query.execute(), total: Number(counted?.n ?? 0) };
  }

  async get(company: string, legacyId: string): Promise<JobConfigRow | undefined> {
    return this.db
      .selectFrom('job_configs')
      .selectAll()
      .where('company_code', '=', company)
      .where('legacy_id', '=', legacyId)
      .executeTakeFirst();
  }

  /** Every write of a job marks the job list changed in its own transaction (db/job-list-version.ts). */
  private writeMarked(now: number, write: (trx: Kysely<Database>) => Promise<boolean>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const written = await write(trx);
      if (written) await bumpJobListVersion(trx, now);
      return written;
    });
  }

  /** False when the legacy id is already taken in that company. */
  async insert(row: Insertable<JobConfigTable>): Promise<boolean> {
    return this.writeMarked(Number(row.updated_at), async (trx) => {
      const result = await trx
        .insertInto('job_configs')
        .values(row)
        .onConflict((oc) => oc.columns(['company_code', 'legacy_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  }

  async update(
    company: string,
    legacyId: string,
    values: Updateable<JobConfigTable> & { updated_at: number },
  ): Promise<boolean> {
    return this.writeMarked(values.updated_at, async (trx) => {
      const result = await trx
        .updateTable('job_configs')
        .set(values)
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  async delete(company: string, legacyId: string, now: number): Promise<boolean> {
    return this.writeMarked(now, async (trx) => {
      const result = await trx
        .deleteFrom('job_configs')
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .executeTakeFirst();
      // Its file deadline goes with it (issue 35); the days already decided stay as history.
      await trx
        .deleteFrom('job_expectations')
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .execute();
      await trx
        .deleteFrom('expectation_days')
        .where('company_code', '=', company)
        .where('legacy_id', '=', legacyId)
        .where('state', '=', 'PENDING')
        .execute();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** Which of `ids` are legacy ids of jobs in `company`. */
  async existingLegacyIds(company: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('job_configs')
      .select('legacy_id')
      .where('company_code', '=', company)
      .where('legacy_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.legacy_id));
  }

  async serverExists(kind: ServerKind, company: string, id: string): Promise<boolean> {
    const { table, id: column } = SERVER_TABLES[kind];
    const row = await this.db
      .selectFrom(table)
      .select(sql<number>`1`.as('one'))
      .where('company_code', '=', company)
      .where(sql.ref(column), '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }
}

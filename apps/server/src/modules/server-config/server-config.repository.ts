import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  ApiServerTable,
  Database,
  DmsServerTable,
  EmailContentTable,
  SftpServerTable,
} from '../../db/schema.js';

/** Which rows a list may return: `codes` null = every company; `company` narrows to one. */
export interface ListScope {
  codes: string[] | null;
  company?: string | undefined;
  sid?: string | undefined;
  limit: number;
  offset: number;
}

export type ApiServerRow = Selectable<ApiServerTable> & { company_name: string | null };
export type SftpServerRow = SftpServerTable;
export type DmsServerRow = DmsServerTable;
export type EmailContentRow = EmailContentTable;

type Paged<T> = { rows: T[]; total: number };
const EMPTY = { rows: [], total: 0 };

/** The only SQL about API, sFTP and DMS servers and e-mail content. */
export class ServerConfigRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ------------------------------------------------------------ API servers

  async listApiServers(scope: ListScope): Promise<Paged<ApiServerRow>> {
    if (scope.codes?.length === 0) return EMPTY;
    let query = this.db
      .selectFrom('api_servers as s')
      .leftJoin('companies as c', 'c.company_code', 's.company_code');
    if (scope.codes) query = query.where('s.company_code', 'in', scope.codes);
    if (scope.company) query = query.where('s.company_code', '=', scope.company);
    if (scope.sid) query = query.where('s.sid', '=', scope.sid);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      query
        .selectAll('s')
        .select('c.company_name')
        .orderBy('s.company_code')
        .orderBy('s.api_server_id')
        .limit(scope.limit)
        .offset(scope.offset)
        .execute(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** The records with this id in the given companies (`null` = all). */
  async findApiServers(id: string, codes: string[] | null): Promise<ApiServerRow[]> {
    if (codes?.length === 0) return [];
    let query = this.db
      .selectFrom('api_servers as s')
      .leftJoin('companies as c', 'c.company_code', 's.company_code')
      .selectAll('s')
      .select('c.company_name')
      .where('s.api_server_id', '=', id);
    if (codes) query = query.where('s.company_code', 'in', codes);
    return query.orderBy('s.company_code').execute();
  }

  async getApiServer(company: string, id: string): Promise<ApiServerRow | undefined> {
    return (await this.findApiServers(id, [company]))[0];
  }

  async insertApiServer(row: Insertable<ApiServerTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('api_servers')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'api_server_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateApiServer(row: Omit<Insertable<ApiServerTable>, 'created_at'>): Promise<boolean> {
    const { company_code, api_server_id, ...values } = row;
    const result = await this.db
      .updateTable('api_servers')
      .set(values)
      .where('company_code', '=', company_code)
      .where('api_server_id', '=', api_server_id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteApiServer(company: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_servers')
      .where('company_code', '=', company)
      .where('api_server_id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every function server of every company, without secrets (the connection checks, decision 0049). */
  async everyApiServer() {
    return this.db
      .selectFrom('api_servers')
      .select(['company_code', 'api_server_id', 'sid', 'api_url'])
      .orderBy('company_code')
      .orderBy('api_server_id')
      .execute();
  }

  /** Every sFTP server of every company, without secrets (the connection checks). */
  async everySftpServer() {
    return this.db
      .selectFrom('sftp_servers')
      .select(['company_code', 'sftp_server_id', 'sid', 'host', 'port'])
      .orderBy('company_code')
      .orderBy('sftp_server_id')
      .execute();
  }

  // ------------------------------------------------------------ sFTP servers

  async listSftpServers(scope: ListScope, id?: string): Promise<Paged<SftpServerRow>> {
    if (scope.codes?.length === 0) return EMPTY;
    let query = this.db.selectFrom('sftp_servers');
    if (scope.codes) query = query.where('company_code', 'in', scope.codes);
    if (scope.company) query = query.where('company_code', '=', scope.company);
    if (scope.sid) query = query.where('sid', '=', scope.sid);
    if (id !== undefined) query = query.where('sftp_server_id', '=', id);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      query
        .selectAll()
        .orderBy('company_code')
        .orderBy('sftp_server_id')
        .limit(scope.limit)
        .offset(scope.offset)
        .execute(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async getSftpServer(company: string, id: string): Promise<SftpServerRow | undefined> {
    return this.db
      .selectFrom('sftp_servers')
      .selectAll()
      .where('company_code', '=', company)
      .where('sftp_server_id', '=', id)
      .executeTakeFirst();
  }

  async insertSftpServer(row: SftpServerTable): Promise<boolean> {
    const result = await this.db
      .insertInto('sftp_servers')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'sftp_server_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateSftpServer(row: Omit<SftpServerTable, 'created_at'>): Promise<boolean> {
    const { company_code, sftp_server_id, ...values } = row;
    const result = await this.db
      .updateTable('sftp_servers')
      .set(values)
      .where('company_code', '=', company_code)
      .where('sftp_server_id', '=', sftp_server_id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteSftpServer(company: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sftp_servers')
      .where('company_code', '=', company)
      .where('sftp_server_id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ------------------------------------------------------------ DMS servers

  async listDmsServers(scope: ListScope, id?: string): Promise<Paged<DmsServerRow>> {
    if (scope.codes?.length === 0) return EMPTY;
    let query = this.db.selectFrom('dms_servers');
    if (scope.codes) query = query.where('company_code', 'in', scope.codes);
    if (scope.company) query = query.where('company_code', '=', scope.company);
    if (scope.sid) query = query.where('sid', '=', scope.sid);
    if (id !== undefined) query = query.where('dms_server_id', '=', id);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      query
        .selectAll()
        .orderBy('company_code')
        .orderBy('dms_server_id')
        .limit(scope.limit)
        .offset(scope.offset)
        .execute(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async getDmsServer(company: string, id: string): Promise<DmsServerRow | undefined> {
    return this.db
      .selectFrom('dms_servers')
      .selectAll()
      .where('company_code', '=', company)
      .where('dms_server_id', '=', id)
      .executeTakeFirst();
  }

  async insertDmsServer(row: DmsServerTable): Promise<boolean> {
    const result = await this.db
      .insertInto('dms_servers')
      .values(row)
      .onConflict((oc) => oc.columns(['company_code', 'dms_server_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateDmsServer(row: Omit<DmsServerTable, 'created_at'>): Promise<boolean> {
    const { company_code, dms_server_id, ...values } = row;
    const result = await this.db
      .updateTable('dms_servers')
      .set(values)
      .where('company_code', '=', company_code)
      .where('dms_server_id', '=', dms_server_id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteDmsServer(company: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('dms_servers')
      .where('company_code', '=', company)
      .where('dms_server_id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ------------------------------------------------------------ E-mail content

  async emailContents(company: string): Promise<EmailContentRow[]> {
    return this.db.selectFrom('email_contents').selectAll().where('company_code', '=', company).execute();
  }

  /** Inserts or replaces each (company, condition) in one transaction. */
  async saveEmailContents(rows: EmailContentRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .insertInto('email_contents')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['company_code', 'condition']).doUpdateSet({
              sid: row.sid,
              content_subject: row.content_subject,
              content_body: row.content_body,
              updated_at: row.updated_at,
              updated_by: row.updated_by,
            }),
          )
          .execute();
      }
    });
  }
}

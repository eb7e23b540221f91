import { sql, type Kysely, type SqlBool } from 'kysely';
import { escapeLike } from '../../db/text-match.js';
import type { Database } from '../../db/schema.js';

/** What the DMS file screens read of runs, deliveries and DMS servers. */
export class DmsFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The id of a job's run with this instance number, if there is one. */
  async runId(companyCode: string, legacyId: string, jobInstanceNo: string): Promise<string | undefined> {
    const run = await this.db
      .selectFrom('job_runs')
      .select('id')
      .where('company_code', '=', companyCode)
      .where('legacy_id', '=', legacyId)
      .where('job_instance_no', '=', jobInstanceNo)
      .executeTakeFirst();
    return run?.id;
  }

  /** Where a run delivered its files, among destinations starting with `prefix` (taken literally). */
  async deliveredTo(runId: string, prefix: string): Promise<string[]> {
    const pattern = `${escapeLike(prefix)}%`;
    const rows = await this.db
      .selectFrom('file_deliveries')
      .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
      .select('file_deliveries.destination')
      .where('run_files.run_id', '=', runId)
      .where(sql<SqlBool>`${sql.ref('file_deliveries.destination')} like ${pattern} escape '\\'`)
      .execute();
    return rows.map((row) => row.destination);
  }

  /** A DMS server's address and its sealed token (read only to say whether there is one). */
  async dmsServer(companyCode: string, serverId: string) {
    return this.db
      .selectFrom('dms_servers')
      .select(['dms_url', 'dms_token_enc'])
      .where('company_code', '=', companyCode)
      .where('dms_server_id', '=', serverId)
      .executeTakeFirst();
  }
}

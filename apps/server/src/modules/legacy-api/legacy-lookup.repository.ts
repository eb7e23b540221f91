import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** `null`: every company (a `*` user); otherwise the caller's companies, possibly none. */
type Companies = readonly string[] | null;

/**
 * The look-ups of the legacy console's calls (docs/legacy-api.md): they name a saved server by its
 * address and a run by its instance number, where the product's own calls name them by id.
 */
export class LegacyLookupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The saved API servers of `companies` (their addresses are compared by the caller). */
  async apiServers(companies: Companies) {
    if (companies !== null && companies.length === 0) return [];
    let query = this.db
      .selectFrom('api_servers')
      .select(['company_code', 'api_server_id', 'api_url'])
      .orderBy('company_code')
      .orderBy('api_server_id');
    if (companies !== null) query = query.where('company_code', 'in', [...companies]);
    return query.execute();
  }

  /** The first saved sFTP server of `companies` at `username@host:port` (and `id`, when named). */
  async sftpServerAt(
    address: { host: string; port: number; username: string; id?: string | undefined },
    companies: Companies,
  ) {
    let query = this.db
      .selectFrom('sftp_servers')
      .select(['company_code', 'sftp_server_id'])
      .where('host', '=', address.host)
      .where('port', '=', address.port)
      .where('username', '=', address.username)
      .orderBy('company_code')
      .orderBy('sftp_server_id');
    if (address.id) query = query.where('sftp_server_id', '=', address.id);
    // '' is no company's code: an empty list of companies still makes a valid query (and finds nothing).
    if (companies !== null) query = query.where('company_code', 'in', ['', ...companies]);
    return query.executeTakeFirst();
  }

  /** The job of a run, found by its instance number (in `company`, when named) among `companies`. */
  async jobOfRun(jobInstanceNo: string, company: string | undefined, companies: Companies) {
    if (companies !== null && companies.length === 0) return undefined;
    let runs = this.db
      .selectFrom('job_runs')
      .select(['company_code', 'legacy_id'])
      .where('job_instance_no', '=', jobInstanceNo)
      .where('owner_kind', '=', 'job');
    if (company) runs = runs.where('company_code', '=', company);
    if (companies !== null) runs = runs.where('company_code', 'in', [...companies]);
    return runs.executeTakeFirst();
  }
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';

export interface SystemLogEntry {
  sid: string;
  companyCode: string;
  jobInstanceNo: string | null;
  /** e.g. INFO, WARNING, ERROR. */
  logType: string;
  /** A keyed message, stored with its English text (0015). */
  message: RunText;
  /** What wrote it: `scheduler`, `worker`, a step's name. */
  msgSource: string;
  createdAt: number;
}

/**
 * Appends lines to the system log in `scope`: the caller's transaction (a fire and its lines commit
 * together), or the database.
 */
export async function appendSystemLog(
  scope: Kysely<Database> | Transaction<Database>,
  entries: readonly SystemLogEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await scope
    .insertInto('system_log')
    .values(
      entries.map((entry) => ({
        sid: entry.sid.slice(0, 16),
        company_code: entry.companyCode.slice(0, 32),
        job_instance_no: entry.jobInstanceNo?.slice(0, 160) ?? null,
        log_type: entry.logType.slice(0, 32),
        ...storedRunText(entry.message),
        msg_source: entry.msgSource.slice(0, 100),
        created_at: entry.createdAt,
      })),
    )
    .execute();
}

/**
 * The system log of runs and of the engine: rows are only ever appended. A write joins the caller's
 * transaction when given its `scope`.
 */
export class SystemLogRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async append(entry: SystemLogEntry, scope = this.db): Promise<void> {
    await appendSystemLog(scope, [entry]);
  }

  async appendMany(entries: readonly SystemLogEntry[], scope = this.db): Promise<void> {
    await appendSystemLog(scope, entries);
  }

  /** The lines of one run, oldest first. */
  async forInstance(jobInstanceNo: string) {
    return this.db
      .selectFrom('system_log')
      .selectAll()
      .where('job_instance_no', '=', jobInstanceNo)
      .orderBy('seq')
      .execute();
  }
}

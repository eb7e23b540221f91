import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SystemLogRepository } from '../../modules/system-log/system-log.repository.js';

export type RunLogType = 'INFO' | 'WARNING' | 'ERROR';

/** The identity of a run that a system-log line needs. */
export interface LoggedRun {
  job_instance_no: string;
  owner_kind: 'job' | 'chain';
  company_code: string;
  legacy_id: string;
}

/**
 * The sid of the run's job (or chain), else of its company: system-log rows carry it for the
 * console's filters. Empty when neither exists (a run of a deleted job).
 */
async function sidOf(db: Kysely<Database> | Transaction<Database>, run: LoggedRun): Promise<string> {
  const owner =
    run.owner_kind === 'chain'
      ? await db
          .selectFrom('chain_jobs')
          .select('sid')
          .where('company_code', '=', run.company_code)
          .where('chain_id', '=', run.legacy_id)
          .executeTakeFirst()
      : await db
          .selectFrom('job_configs')
          .select('sid')
          .where('company_code', '=', run.company_code)
          .where('legacy_id', '=', run.legacy_id)
          .executeTakeFirst();
  if (owner) return owner.sid;
  const company = await db
    .selectFrom('companies')
    .select('sid')
    .where('company_code', '=', run.company_code)
    .executeTakeFirst();
  return company?.sid ?? '';
}

/** Appends one line about a run (start, end, waiting, takeover, node lost, cancel, hand-back). */
export async function logRunEvent(
  db: Kysely<Database> | Transaction<Database>,
  run: LoggedRun,
  logType: RunLogType,
  message: string,
  now: number,
): Promise<void> {
  await new SystemLogRepository(db).append({
    sid: await sidOf(db, run),
    companyCode: run.company_code,
    jobInstanceNo: run.job_instance_no,
    logType,
    message,
    msgSource: 'worker',
    createdAt: now,
  });
}

import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { withdrawRunsFiredAhead } from '../runs/run-deletion.repository.js';

/** The job a run belongs to, as stored (undefined when it was deleted since the run was queued). */
export function jobConfigOf(db: Db, companyCode: string, legacyId: string) {
  return db.kysely
    .selectFrom('job_configs')
    .selectAll()
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .executeTakeFirst();
}

/**
 * The suspend rules hold the job (`has_suspend`): an operator resumes it. Its fires made ahead of
 * their time are withdrawn with it (decision 0032), so no fire due after the suspension runs.
 */
export async function suspendJob(
  scope: WriteScope,
  dialect: Db['dialect'],
  companyCode: string,
  legacyId: string,
): Promise<void> {
  await scope
    .updateTable('job_configs')
    .set({ has_suspend: 'Y' })
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .execute();
  const now = await databaseNow(scope, dialect);
  await bumpJobListVersion(scope, now);
  await withdrawRunsFiredAhead(scope, companyCode, legacyId, now);
}

import type { Db } from '../../db/database.js';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import type { WriteScope } from '../../db/write-transaction.js';

/** The job a run belongs to, as stored (undefined when it was deleted since the run was queued). */
export function jobConfigOf(db: Db, companyCode: string, legacyId: string) {
  return db.kysely
    .selectFrom('job_configs')
    .selectAll()
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .executeTakeFirst();
}

/** The suspend rules hold the job (`has_suspend`): an operator resumes it. */
export async function suspendJob(scope: WriteScope, companyCode: string, legacyId: string): Promise<void> {
  await scope
    .updateTable('job_configs')
    .set({ has_suspend: 'Y' })
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .execute();
  // The settings row's time is only informative; the run's scope carries no clock.
  await bumpJobListVersion(scope, Date.now());
}

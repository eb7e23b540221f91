import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { withdrawRunsFiredAhead } from '../runs/run-deletion.repository.js';
import { skipRunsNotStarted } from '../runs/run-overlap.repository.js';
import { runMessage, storedRunText } from '../../i18n/run-message.js';

/** The job a run belongs to, as stored (undefined when it was deleted since the run was queued). */
export function jobConfigOf(db: Db, companyCode: string, legacyId: string) {
  return db.kysely
    .selectFrom('job_configs')
    .selectAll()
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .executeTakeFirst();
}

/** The company's default retry policy as stored (migration 0029), or null. */
export async function companyRetryPolicyOf(db: Db, companyCode: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('companies')
    .select('retry_policy')
    .where('company_code', '=', companyCode)
    .executeTakeFirst();
  return row?.retry_policy ?? null;
}

/**
 * The suspend rules hold the job (`has_suspend`): an operator resumes it. Its fires made ahead of
 * their time are withdrawn with it (decision 0032), so no fire due after the suspension runs; the
 * runs of the job still waiting to start (queued behind `by`, issue 31) end SKIPPED saying so — a
 * later run finding "no file" must not hide the error that suspended the job. A job that was not
 * suspended yet raises JOB_SUSPENDED (issue 35) through `alerts`, once per suspending run.
 */
export async function suspendJob(
  scope: WriteScope,
  dialect: Db['dialect'],
  companyCode: string,
  legacyId: string,
  by: { id: string; job_instance_no: string },
  alerts?: AlertSink,
): Promise<void> {
  const suspended = await scope
    .updateTable('job_configs')
    .set({ has_suspend: 'Y' })
    .where('company_code', '=', companyCode)
    .where('legacy_id', '=', legacyId)
    .where('has_suspend', '<>', 'Y')
    .executeTakeFirst();
  const now = await databaseNow(scope, dialect);
  if (alerts && suspended.numUpdatedRows > 0n)
    await alerts.raise(scope, {
      companyCode,
      condition: 'JOB_SUSPENDED',
      subject: `${legacyId}|${by.job_instance_no}`,
      legacyId,
      jobInstanceNo: by.job_instance_no,
      businessDay: null,
      deadlineAt: null,
      occurredAt: now,
    });
  await bumpJobListVersion(scope, now);
  await withdrawRunsFiredAhead(scope, companyCode, legacyId, now);
  await skipRunsNotStarted(
    scope,
    { companyCode, legacyId, except: by.id },
    storedRunText(runMessage('runSkippedSuspended', { jobInstanceNo: by.job_instance_no })),
    now,
  );
}

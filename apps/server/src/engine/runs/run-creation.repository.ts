import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { JobRunTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';

/**
 * The runs of a firing pass, one multi-row insert (the caller keeps each chunk under the
 * bound-parameter limits). ON CONFLICT DO NOTHING: a fire time another node already fired
 * (impossible while the trigger row is locked, but the unique index is the guarantee) simply inserts
 * nothing; the rows answered are those really inserted.
 */
export function insertFiredRuns(scope: WriteScope, runs: Insertable<JobRunTable>[]) {
  return scope
    .insertInto('job_runs')
    .values(runs)
    .onConflict((oc) => oc.columns(['trigger_id', 'scheduled_at']).doNothing())
    .returning(['id', 'trigger_id', 'scheduled_at', 'state'])
    .execute();
}

/** A run started by hand from the console (job control): QUEUED for a worker. */
export async function insertManualRun(
  scope: WriteScope,
  run: {
    jobInstanceNo: string;
    companyCode: string;
    legacyId: string;
    requestedBy: string;
    queuedAt: number;
  },
): Promise<void> {
  const row: JobRunTable = {
    id: crypto.randomUUID(),
    job_instance_no: run.jobInstanceNo,
    owner_kind: 'job',
    company_code: run.companyCode,
    legacy_id: run.legacyId,
    kind: 'manual',
    trigger_id: null,
    scheduled_at: null,
    parent_run_id: null,
    state: 'QUEUED',
    queued_at: run.queuedAt,
    started_at: null,
    finished_at: null,
    wait_until: null,
    lease_owner: null,
    lease_until: null,
    attempt: 0,
    requested_by: run.requestedBy,
    cancel_requested_by: null,
    message: null,
    send_email_status: null,
  };
  await scope.insertInto('job_runs').values(row).execute();
}

/** The QUEUED run of a chain's member, in the chain's write transaction (chain-members.repository.ts). */
export async function insertMemberRun(scope: WriteScope, run: Insertable<JobRunTable>): Promise<void> {
  await scope.insertInto('job_runs').values(run).execute();
}

import type { Selectable } from 'kysely';
import type { JobRunTable } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { storedRunText, type RunText } from '../../i18n/run-message.js';

/** RUNNING runs whose lease ran out before `now` (database clock), the longest expired first. */
export function expiredRuns(scope: WriteScope, now: number, limit: number) {
  return scope
    .selectFrom('job_runs')
    .selectAll()
    .where('state', '=', 'RUNNING')
    .where('lease_until', '<', now)
    .orderBy('lease_until')
    .limit(limit)
    .execute();
}

/**
 * An expired run goes back to the queue (`endWith` null: attempt kept, the next claim increments it)
 * or ends `endState` (ERROR "node lost", or STOPPED when an operator's Stop was asked) with the
 * message `endWith`. A compare-and-set on the row as read (id, owner, attempt,
 * state RUNNING, lease still expired): false when the owner heartbeated in between or another node
 * recovered the run first.
 */
export async function recoverRun(
  scope: WriteScope,
  run: Selectable<JobRunTable>,
  endWith: RunText | null,
  now: number,
  endState: 'ERROR' | 'STOPPED' = 'ERROR',
): Promise<boolean> {
  const changed = await scope
    .updateTable('job_runs')
    .set(
      endWith === null
        ? { state: 'QUEUED', lease_owner: null, lease_until: null, started_at: null }
        : {
            state: endState,
            ...storedRunText(endWith),
            finished_at: now,
            lease_owner: null,
            lease_until: null,
          },
    )
    .where('id', '=', run.id)
    .where('state', '=', 'RUNNING')
    .where('attempt', '=', run.attempt)
    .where((eb) =>
      run.lease_owner === null ? eb('lease_owner', 'is', null) : eb('lease_owner', '=', run.lease_owner),
    )
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

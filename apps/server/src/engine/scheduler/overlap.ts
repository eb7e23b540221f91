import type { OverlapPolicy, RunState } from '../../db/schema.js';
import { runMessage, type RunMessage } from '../../i18n/run-message.js';

/** A fire skipped because a run of its job is still active (stored by key, migration 0015). */
export const OVERLAP_SKIP: RunMessage = runMessage('runSkippedOverlap');

/** The unfinished runs of one job (or chain), kept current while a batch of fires is decided. */
export interface OwnerActivity {
  queued: number;
  /** QUEUED, WAITING or RUNNING. */
  active: number;
}

export const ACTIVE_RUN_STATES: readonly RunState[] = ['QUEUED', 'WAITING', 'RUNNING'];

/**
 * Whether a fire is queued or skipped under the job's overlap policy: `skip` while any run is
 * unfinished, `buffer_one` while one is already waiting in the queue, `allow_all` never. A queued
 * fire is counted in `activity`, so the next fire of the same job in the batch sees it.
 */
export function overlapDecision(policy: OverlapPolicy, activity: OwnerActivity): 'QUEUED' | 'SKIPPED' {
  const skip = (policy === 'skip' && activity.active > 0) || (policy === 'buffer_one' && activity.queued > 0);
  if (skip) return 'SKIPPED';
  activity.queued += 1;
  activity.active += 1;
  return 'QUEUED';
}

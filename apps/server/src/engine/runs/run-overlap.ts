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

/** An unfinished run of the job, as a hand-started run finds it. */
export interface ActiveRun {
  job_instance_no: string;
  state: RunState;
}

/** Whether a run started by hand (Run immediately, a step re-run) may join the queue. */
export type HandStart =
  | {
      start: true;
      /** The RUNNING run it waits behind (buffer_one), if any. */
      behind: ActiveRun | undefined;
    }
  | {
      start: false;
      /** `active`: a run is unfinished (skip); `queued`: one already waits to start. */
      reason: 'active' | 'queued';
      run: ActiveRun;
    };

/**
 * Issue 31, a run started by hand under the job's overlap policy, given the job's other unfinished
 * runs (oldest first): `skip` refuses while any is unfinished; `buffer_one` queues it behind a
 * RUNNING one unless one already waits; `allow_all` queues it unless one already waits (a double
 * click queues one run, as before). The claim keeps a queued run behind the RUNNING one
 * (engine/runs/run-overlap.repository.ts) unless the policy is `allow_all`.
 */
export function handStartDecision(policy: OverlapPolicy, active: readonly ActiveRun[]): HandStart {
  const running = active.find((run) => run.state === 'RUNNING');
  const waiting = active.find((run) => run.state !== 'RUNNING');
  const first = running ?? waiting;
  if (policy === 'skip' && first) return { start: false, reason: 'active', run: first };
  if (waiting) return { start: false, reason: 'queued', run: waiting };
  return { start: true, behind: policy === 'allow_all' ? undefined : running };
}

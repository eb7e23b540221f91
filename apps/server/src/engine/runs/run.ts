import type { JobRunTable } from '../../db/schema.js';
import type { RunText } from '../../i18n/run-message.js';
import type { StepNumber } from './run-steps.js';

/** A run held by this node: the row's identity plus the fence (`lease_owner`, `attempt`) it holds. */
export interface ClaimedRun {
  id: string;
  job_instance_no: string;
  owner_kind: JobRunTable['owner_kind'];
  company_code: string;
  legacy_id: string;
  kind: JobRunTable['kind'];
  trigger_id: string | null;
  scheduled_at: number | null;
  parent_run_id: string | null;
  requested_by: string | null;
  /** This node's id: every write for the run is fenced by (id, lease_owner, attempt). */
  lease_owner: string;
  attempt: number;
  started_at: number;
}

/** STOPPED: an operator's Stop ended the run (issue 31); never counted as an error. */
export type RunOutcomeStatus = 'FINISHED' | 'WARNING' | 'ERROR' | 'STOPPED';

export interface RunOutcome {
  status: RunOutcomeStatus;
  message: RunText;
  /**
   * A step failed in a way that may pass and its retry policy has attempts left (docs/retries.md): the
   * run goes back to the queue, due in `delayMs`, instead of ending (`status` is what it would end in).
   */
  retry?: StepRetry;
}

/** The next attempt of a step, as the pipeline asks for it. */
export interface StepRetry {
  step: StepNumber;
  /** The attempt to come (2: the first retry). */
  attempt: number;
  /** Every attempt the policy allows, the first included. */
  max: number;
  delayMs: number;
}

/** The worst of several outcomes: ERROR over STOPPED over WARNING over FINISHED. */
export function worstStatus(statuses: readonly RunOutcomeStatus[]): RunOutcomeStatus {
  if (statuses.includes('ERROR')) return 'ERROR';
  if (statuses.includes('STOPPED')) return 'STOPPED';
  if (statuses.includes('WARNING')) return 'WARNING';
  return 'FINISHED';
}

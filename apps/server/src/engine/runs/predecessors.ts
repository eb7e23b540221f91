import type { WriteScope } from '../../db/write-transaction.js';
import {
  finishedSince,
  jobCriteria,
  previousRun,
  type PredecessorSubject,
} from './predecessors.repository.js';

/** `legacy_criteria`: predecessor legacy ids joined by `|` (blanks and repeats ignored). */
export function parsePredecessors(criteria: string): string[] {
  return [
    ...new Set(
      criteria
        .split('|')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}

/**
 * The predecessors of `run`'s job that have not had a FINISHED run since the job's previous run
 * (DESIGN §3, "Start After Legacy ID List Success"); empty when the run may start. The previous
 * run is the latest other run of the job queued before this one that was not skipped; "since" is
 * its start (or its queueing, if it never started). A job without a previous run accepts any
 * FINISHED run of each predecessor.
 */
export async function missingPredecessors(
  scope: WriteScope,
  run: PredecessorSubject,
  /** The job's `legacy_criteria` when the caller has read it already. */
  criteria?: string,
): Promise<string[]> {
  const config = criteria === undefined ? await jobCriteria(scope, run) : { legacy_criteria: criteria };
  const predecessors = parsePredecessors(config?.legacy_criteria ?? '');
  if (predecessors.length === 0) return [];

  const previous = await previousRun(scope, run);
  const since = previous ? (previous.started_at ?? previous.queued_at) : Number.MIN_SAFE_INTEGER;

  const done = await finishedSince(scope, run.company_code, predecessors, since);
  return predecessors.filter((id) => !done.has(id));
}

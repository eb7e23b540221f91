import type { WriteScope } from '../../db/write-transaction.js';
import type { AlertSink, RaisedAlert } from './alert-sink.js';

/** What a run's alert names of it (a claimed run, a run row). */
export interface AlertedRun {
  company_code: string;
  legacy_id: string;
  job_instance_no: string;
}

/**
 * The alert of a run that ended ERROR (RUN_ERROR) or STOPPED (RUN_STOPPED): its subject is the job
 * instance number, so a run raises each at most once however often its end is written (a takeover,
 * a re-run of a step ending the same way). Undefined for any other end.
 */
export function runEndAlert(run: AlertedRun, state: string, occurredAt: number): RaisedAlert | undefined {
  const condition = state === 'ERROR' ? 'RUN_ERROR' : state === 'STOPPED' ? 'RUN_STOPPED' : undefined;
  if (!condition) return undefined;
  return {
    companyCode: run.company_code,
    condition,
    subject: run.job_instance_no,
    legacyId: run.legacy_id,
    jobInstanceNo: run.job_instance_no,
    businessDay: null,
    deadlineAt: null,
    occurredAt,
  };
}

/** Raises a run end's alert through `sink` (when there is one) in the transaction that wrote the end. */
export async function raiseRunEnd(
  scope: WriteScope,
  sink: AlertSink | undefined,
  run: AlertedRun,
  state: string,
  occurredAt: number,
): Promise<void> {
  const alert = sink && runEndAlert(run, state, occurredAt);
  if (alert) await sink.raise(scope, alert);
}

import { createHash } from 'node:crypto';

/** What identifies one call of a run's step to a function (DESIGN §5, docs/function-server.md). */
export interface CallIdentity {
  /** The run: its row id and its job instance number (with the job's company and legacy id). */
  readonly runId: string;
  readonly companyCode: string;
  readonly legacyId: string;
  readonly jobInstanceNo: string;
  /** The pipeline step that calls (2). */
  readonly step: number;
  readonly className: string;
  readonly functionName: string;
  /** The input files: name and SHA-256 of the bytes (none for OUT_WAIT and PULL_WAIT). */
  readonly files: readonly { readonly fileName: string; readonly sha256: string }[];
}

/**
 * The idempotency key of a call: SHA-256 (64 lowercase hex characters) over the run, the step, the
 * function and the input files sorted by name. A repeat of the call — a re-run of the step, a takeover by
 * another node — computes the same key; another run, another function or other files another one.
 */
export function callIdempotencyKey(identity: CallIdentity): string {
  const files = identity.files
    .map((file) => [file.fileName, file.sha256] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify([
    'lis-function-call/1',
    identity.runId,
    identity.companyCode,
    identity.legacyId,
    identity.jobInstanceNo,
    identity.step,
    identity.className,
    identity.functionName,
    files,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** Why a run's AbortSignal was aborted: its `reason`, so handlers (the chain runner) can tell. */
export type RunStopReason =
  | { kind: 'cancelled'; by: string }
  | { kind: 'lease-lost' }
  | { kind: 'shutdown' }
  /** A statement of the run failed because the database was unreachable: hand it back, like a node kill. */
  | { kind: 'database-lost' };

export class RunStoppedError extends Error {
  constructor(readonly reason: RunStopReason) {
    super(describeStop(reason));
    this.name = 'RunStoppedError';
  }
}

export function describeStop(reason: RunStopReason): string {
  switch (reason.kind) {
    case 'cancelled':
      return `stopped by ${reason.by}`;
    case 'lease-lost':
      return 'the lease on the run was lost';
    case 'shutdown':
      return 'the node is shutting down';
    case 'database-lost':
      return 'the connection to the database was lost';
  }
}

/** The stop reason behind an aborted signal, if it is one of ours. */
export function stopReasonOf(signal: AbortSignal): RunStopReason | undefined {
  const reason: unknown = signal.reason;
  return reason instanceof RunStoppedError ? reason.reason : undefined;
}

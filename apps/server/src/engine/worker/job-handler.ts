import type { RunText } from '../../i18n/run-message.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { ClaimedRun, RunOutcome } from '../runs/run.js';

export interface JobHandlerContext {
  /** Aborted when the run is cancelled, the lease is lost or the node shuts down. */
  signal: AbortSignal;
  /** A fenced write of the run's message; rejects (and aborts `signal`) when the lease was lost. */
  report(message: RunText): Promise<void>;
  /**
   * Runs `work` in one write transaction that first checks this node still holds the run: the
   * handler's own rows (steps, files, logs) are fenced like the run's. A lost lease aborts `signal`
   * and rejects without running `work`.
   */
  fenced<T>(work: (scope: WriteScope) => Promise<T>): Promise<T>;
}

/**
 * Runs one job (the file pipeline plugs in here). It must honour `context.signal`. The run and its
 * outcome are engine/runs's (runs/run.ts).
 */
export interface JobHandler {
  run(run: ClaimedRun, context: JobHandlerContext): Promise<RunOutcome>;
}

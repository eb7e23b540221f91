import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { logRunEvent } from '../../engine/runs/run-log.repository.js';
import { retryStateOf, retryWaitingRunNow } from '../../engine/runs/run-retry.repository.js';
import { stepName, type StepNumber } from '../../engine/runs/run-steps.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { keyed, type KeyedMessage } from '../../i18n/messages.js';
import { runMessage } from '../../i18n/run-message.js';
import { conflict, notFound } from '../../platform/domain-error.js';
import type { SchedulingRepository } from './scheduling.repository.js';

export type RetryAction = 'retry_now' | 'cancel_retries';

/**
 * Issue 36, part 2 (docs/retries.md "Operator actions"): a run waiting for a step's next attempt can be
 * tried now, or its retries cancelled — the attempt does not run and the run ends with the step's
 * ERROR, as when the attempts run out (its e-mail, suspend rule and alert). Either makes the run due at
 * once; a worker takes it (notified on `runs`).
 */
export class RunRetryService {
  constructor(
    private readonly db: Db,
    private readonly repository: SchedulingRepository,
    private readonly signal: SchedulerSignal,
  ) {}

  async act(
    companyCode: string,
    legacyId: string,
    jobInstanceNo: string,
    action: RetryAction,
    username: string,
  ): Promise<{ message: KeyedMessage }> {
    const run = await this.repository.runByInstance(companyCode, legacyId, jobInstanceNo);
    if (!run) throw notFound('RUN_NOT_FOUND', 'runNotFound', { jobInstanceNo });
    const done = await inWriteTransaction(this.db, async (scope) => {
      const state = await retryStateOf(scope, run.id);
      if (!state || state.at === null || state.cancelledBy !== null) return undefined;
      const now = await databaseNow(scope, this.db.dialect);
      const step = state.step as StepNumber;
      const name = stepName(step);
      const line =
        action === 'retry_now'
          ? runMessage('stepRetryNow', { step, name, user: username })
          : runMessage('stepRetriesCancelled', { step, name, user: username });
      const cancelledBy = action === 'cancel_retries' ? username : null;
      if (!(await retryWaitingRunNow(scope, run.id, now, cancelledBy, line))) return undefined;
      await logRunEvent(scope, run, action === 'retry_now' ? 'INFO' : 'WARNING', line, now);
      return step;
    });
    if (done === undefined)
      throw conflict('RUN_NOT_WAITING_FOR_RETRY', 'runNotWaitingForRetry', { jobInstanceNo });
    await this.signal.notify('runs', [companyCode]);
    return {
      message:
        action === 'retry_now'
          ? keyed('retryNowQueued', { step: done, jobInstanceNo })
          : keyed('retriesCancelled', { step: done, jobInstanceNo }),
    };
  }
}

import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { stepsFrom, stepsOf, type StepNumber } from '../../engine/runs/run-steps.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { logRunEvent } from '../../engine/runs/run-log.repository.js';
import { requeueForStepRerun } from '../../engine/runs/run-rerun.repository.js';
import { keyed, type KeyedMessage } from '../../i18n/messages.js';
import { conflict, invalid, notFound } from '../../platform/domain-error.js';
import { runMessage, storedRunText } from '../../i18n/run-message.js';
import type { SchedulingRepository } from './scheduling.repository.js';
import { jobActivityLocked } from '../../engine/runs/run-overlap.repository.js';
import { handStartDecision } from '../../engine/runs/run-overlap.js';

const ENDED = ['FINISHED', 'WARNING', 'ERROR', 'STOPPED'] as const;
/** A step in ERROR, or STOPPED by an operator (issue 31), may be re-run: its run goes on from it. */
const RERUNNABLE: ReadonlySet<string> = new Set(['ERROR', 'STOPPED']);

/**
 * `run-step` (spec 000 §7, DESIGN §4): the ended run goes back to the queue with the chosen step and
 * every later one (and the e-mail) forgotten; the worker that claims it skips the steps still
 * recorded and runs the rest from the run's backups. The run keeps its job instance number.
 */
export class RunStepService {
  constructor(
    private readonly db: Db,
    private readonly repository: SchedulingRepository,
    private readonly signal: SchedulerSignal,
  ) {}

  async rerun(
    companyCode: string,
    legacyId: string,
    jobInstanceNo: string,
    step: StepNumber,
    username: string,
  ): Promise<{ message: KeyedMessage; job_instance_no: string }> {
    const run = await this.repository.runByInstance(companyCode, legacyId, jobInstanceNo);
    if (!run) throw notFound('RUN_NOT_FOUND', 'runNotFound', { jobInstanceNo });
    const endedState = ENDED.find((state) => state === run.state);
    if (!endedState) throw conflict('RUN_NOT_ENDED', 'stepRunActive', { jobInstanceNo });
    const job = await this.repository.findJob(companyCode, legacyId);
    if (!job) throw notFound('JOB_NOT_FOUND', 'jobNotFound', { legacyId });
    const plan = stepsOf(job.legacy_type);
    const again = stepsFrom(job.legacy_type, step);
    if (again.length === 0)
      throw invalid('STEP_NOT_IN_PLAN', 'stepNotInPlan', { legacyType: job.legacy_type, step });
    const recorded = await this.repository.stepStatuses(run.id);
    const status = recorded.get(step) ?? 'not run';
    if (!RERUNNABLE.has(status))
      throw conflict('STEP_NOT_FAILED', 'stepNotInError', { step, jobInstanceNo, status });
    const earlier = plan
      .slice(0, plan.indexOf(step))
      .find((before) => RERUNNABLE.has(recorded.get(before) ?? ''));
    if (earlier !== undefined)
      throw conflict('STEP_EARLIER_FAILED', 'stepEarlierFailed', { earlier, jobInstanceNo });

    const requeued = await inWriteTransaction(this.db, async (scope) => {
      // Issue 31: the job's overlap policy, decided under the job's lock (run-overlap.repository.ts).
      const activity = await jobActivityLocked(scope, this.db.dialect, companyCode, legacyId, run.id);
      const decision = handStartDecision(activity.job?.overlap_policy ?? 'skip', activity.active);
      if (!decision.start) {
        const { job_instance_no: other, state } = decision.run;
        if (decision.reason === 'queued')
          throw conflict('JOB_RUN_WAITING', 'jobAlreadyQueued', { legacyId, jobInstanceNo: other });
        throw conflict('JOB_RUN_ACTIVE', 'jobRunActive', { legacyId, jobInstanceNo: other, state });
      }
      const now = await databaseNow(scope, this.db.dialect);
      const requeued = await requeueForStepRerun(scope, {
        runId: run.id,
        endedState,
        kind: run.kind,
        steps: again,
        requestedBy: username,
        now,
        text: storedRunText(runMessage('stepRerunRequestedBy', { step, user: username })),
      });
      if (!requeued) return undefined;
      await logRunEvent(
        scope,
        run,
        'INFO',
        runMessage('stepRerunRequestedSteps', { step, user: username, steps: again.join(', ') }),
        now,
      );
      return { behind: decision.behind };
    });
    if (!requeued) throw conflict('RUN_NOT_ENDED', 'stepRunActive', { jobInstanceNo });
    await this.signal.notify('runs', [companyCode]);
    const behind = requeued.behind?.job_instance_no;
    return {
      message: behind
        ? keyed('stepRerunQueuedBehind', { step, jobInstanceNo, runningNo: behind })
        : keyed('stepRerunQueued', { step, jobInstanceNo }),
      job_instance_no: jobInstanceNo,
    };
  }
}

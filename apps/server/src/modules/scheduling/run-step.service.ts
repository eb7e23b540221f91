import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { stepsFrom, stepsOf, type StepNumber } from '../../engine/pipeline/pipeline-steps.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { logRunEvent } from '../../engine/worker/run-log.js';
import { keyed, type KeyedMessage } from '../../i18n/messages.js';
import { conflict, invalid, notFound } from '../../platform/domain-error.js';
import { runMessage, storedRunText } from '../../i18n/run-message.js';

const ENDED = ['FINISHED', 'WARNING', 'ERROR'] as const;

/**
 * `run-step` (spec 000 §7, DESIGN §4): the ended run goes back to the queue with the chosen step and
 * every later one (and the e-mail) forgotten; the worker that claims it skips the steps still
 * recorded and runs the rest from the run's backups. The run keeps its job instance number.
 */
export class RunStepService {
  constructor(
    private readonly db: Db,
    private readonly signal: SchedulerSignal,
  ) {}

  async rerun(
    companyCode: string,
    legacyId: string,
    jobInstanceNo: string,
    step: StepNumber,
    username: string,
  ): Promise<{ message: KeyedMessage; job_instance_no: string }> {
    const { kysely } = this.db;
    const run = await kysely
      .selectFrom('job_runs')
      .select(['id', 'state', 'kind', 'owner_kind', 'company_code', 'legacy_id', 'job_instance_no'])
      .where('company_code', '=', companyCode)
      .where('legacy_id', '=', legacyId)
      .where('job_instance_no', '=', jobInstanceNo)
      .where('owner_kind', '=', 'job')
      .executeTakeFirst();
    if (!run) throw notFound('runNotFound', { jobInstanceNo });
    const endedState = ENDED.find((state) => state === run.state);
    if (!endedState) throw conflict('stepRunActive', { jobInstanceNo });
    const job = await kysely
      .selectFrom('job_configs')
      .select('legacy_type')
      .where('company_code', '=', companyCode)
      .where('legacy_id', '=', legacyId)
      .executeTakeFirst();
    if (!job) throw notFound('jobNotFound', { legacyId });
    const plan = stepsOf(job.legacy_type);
    const again = stepsFrom(job.legacy_type, step);
    if (again.length === 0) throw invalid('stepNotInPlan', { legacyType: job.legacy_type, step });
    const recorded = new Map(
      (
        await kysely.selectFrom('run_steps').select(['step', 'status']).where('run_id', '=', run.id).execute()
      ).map((row) => [row.step, row.status]),
    );
    const status = recorded.get(step) ?? 'not run';
    if (status !== 'ERROR') throw conflict('stepNotInError', { step, jobInstanceNo, status });
    const earlier = plan.slice(0, plan.indexOf(step)).find((before) => recorded.get(before) === 'ERROR');
    if (earlier !== undefined) throw conflict('stepEarlierFailed', { earlier, jobInstanceNo });

    const requeued = await inWriteTransaction(this.db, async (scope) => {
      const now = await databaseNow(scope, this.db.dialect);
      const updated = await scope
        .updateTable('job_runs')
        .set({
          state: 'QUEUED',
          // A scheduled run re-run by hand does not wait for predecessors again.
          kind: run.kind === 'scheduled' ? 'manual' : run.kind,
          queued_at: now,
          started_at: null,
          finished_at: null,
          lease_owner: null,
          lease_until: null,
          cancel_requested_by: null,
          requested_by: username,
          send_email_status: null,
          ...storedRunText(runMessage('stepRerunRequestedBy', { step, user: username })),
        })
        .where('id', '=', run.id)
        .where('state', '=', endedState)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await scope.deleteFrom('run_steps').where('run_id', '=', run.id).where('step', 'in', again).execute();
      await logRunEvent(
        scope,
        run,
        'INFO',
        runMessage('stepRerunRequestedSteps', { step, user: username, steps: again.join(', ') }),
        now,
      );
      return true;
    });
    if (!requeued) throw conflict('stepRunActive', { jobInstanceNo });
    await this.signal.notify('runs', [companyCode]);
    return {
      message: keyed('stepRerunQueued', { step, jobInstanceNo }),
      job_instance_no: jobInstanceNo,
    };
  }
}

import type { ConvertedRecord } from '../../adapters/function-server/index.js';
import type { Db } from '../../db/database.js';
import type { StepStatus } from '../../db/schema.js';
import { runMessage } from '../../i18n/run-message.js';
import { isDatabaseUnavailable } from '../../db/database-errors.js';
import type { BlobStore } from '../files/blob-store.js';
import type { SchedulerSignal } from '../scheduler/scheduler-signal.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { worstStatus, type ClaimedRun, type RunOutcome, type RunOutcomeStatus } from '../runs/run.js';
import type { JobHandler, JobHandlerContext } from '../worker/job-handler.js';
import { stopReasonOf } from '../worker/run-stop-reason.js';
import { reasonOf, type PipelineSettings, type RunContext, type StepResult } from './pipeline-context.js';
import { JobSetupError, type PipelineJobSource } from './pipeline-job.js';
import { jobConfigOf, suspendJob } from './pipeline-job.repository.js';
import { STEP, stepName, stepsOf, type StepNumber } from '../runs/run-steps.js';
import { unreadableBackups } from './backup-check.js';
import { RunRecorder } from './run-recorder.js';
import { isRetryableFailure } from './retry-failure.js';
import { StepRetries } from './step-retries.js';
import { CONVERTER_MAX_FILE_BYTES } from '@lis/converter';
import type { PeerClients } from '../../adapters/peer-clients.js';
import type { TransferTargets } from './transfer-targets.js';
import { callFunction, readBackedUpAnswer } from './steps/call-function.step.js';
import { convertFiles, type SourceContent } from './steps/convert-files.step.js';
import { recordFunctionStatus } from './steps/function-status.step.js';
import { loadFiles } from './steps/load-files.step.js';
import { returnFiles } from './steps/return-files.step.js';
import { sendMail } from './steps/send-mail.step.js';

export interface PipelineHandlerDeps {
  db: Db;
  blobs: BlobStore;
  loader: PipelineJobSource;
  settings: PipelineSettings;
  /** The sources and deliveries of steps 1 and 3, built by the composition root. */
  targets: TransferTargets;
  /** The peer clients of the steps (step 2's function server), built by the composition root. */
  peers: Pick<PeerClients, 'functionServer'>;
  /** Where step progress is announced (the console's live updates); none in tests. */
  signal?: SchedulerSignal | undefined;
  /** Where a job the suspend rules hold raises JOB_SUSPENDED (issue 35). */
  alerts?: AlertSink | undefined;
}

const runStatusOf = (status: StepStatus): RunOutcomeStatus =>
  status === 'ERROR' || status === 'STOPPED' || status === 'WARNING' ? status : 'FINISHED';

/**
 * The file pipeline (DESIGN §4): load (1), conversion (5), call (2), return (3), function status (4),
 * then e-mail, as the job's legacy type calls for. Steps a previous attempt of the run finished are
 * not run again (a takeover continues); an ERROR stops the steps after it. The main status is the
 * worst step status; the suspend rules apply; every write is fenced by the run's lease.
 */
export class PipelineHandler implements JobHandler {
  constructor(private readonly deps: PipelineHandlerDeps) {}

  async run(run: ClaimedRun, handlerContext: JobHandlerContext): Promise<RunOutcome> {
    const { db } = this.deps;
    const config = await jobConfigOf(db, run.company_code, run.legacy_id);
    if (!config)
      return {
        status: 'ERROR',
        message: runMessage('jobGone', { legacyId: run.legacy_id, company: run.company_code }),
      };
    let job;
    try {
      job = await this.deps.loader.load(config);
    } catch (error) {
      if (error instanceof JobSetupError) return { status: 'ERROR', message: error.message };
      throw error;
    }
    const { signal } = this.deps;
    const recorder = new RunRecorder(
      db,
      run,
      handlerContext,
      () => {
        signal?.notify('progress', [run.company_code]).catch(() => undefined);
      },
      this.deps.blobs.description,
    );
    const context: RunContext = {
      db,
      blobs: this.deps.blobs,
      settings: this.deps.settings,
      job,
      run,
      recorder,
      signal: handlerContext.signal,
      targets: this.deps.targets,
      peers: this.deps.peers,
      alerts: this.deps.alerts,
    };
    return new PipelineRun(context).execute(stepsOf(config.legacy_type));
  }
}

/** One run of the pipeline: the steps' outcomes so far and the data passed between them. */
class PipelineRun {
  private readonly outcomes = new Map<StepNumber, StepResult>();
  private sources: SourceContent[] = [];
  private records = new Map<string, ConvertedRecord[]>();
  private mailDone = false;
  /** The run's kept files were found readable from this node's store (once per attempt). */
  private backupsChecked = false;

  constructor(private readonly context: RunContext) {}

  async execute(plan: StepNumber[]): Promise<RunOutcome> {
    const { recorder } = this.context;
    const finished = await recorder.finishedSteps();
    const retries = await StepRetries.load(this.context);
    this.mailDone = finished.has(STEP.mail);
    for (const step of plan) {
      let before: StepResult | undefined = finished.get(step);
      // The step's earlier attempt failed and its next one is due (or was cancelled): docs/retries.md.
      const pending = retries.pending(step, before);
      if (pending) await retries.begin(step, pending);
      if (pending === 'run') before = undefined;
      const outcome = before ?? (await this.unreadable(step)) ?? (await this.runStep(step));
      this.outcomes.set(step, outcome);
      const retry = before ? undefined : await retries.next(step, outcome);
      if (retry) return { status: 'ERROR', message: outcome.message, retry };
      // A step an operator stopped (kept from an earlier attempt) stops the steps after it too.
      if (outcome.status === 'ERROR' || outcome.status === 'STOPPED') break;
      // Step 1 took nothing: nothing to convert, call or return. A plain "No file" ends FINISHED
      // quietly; files left at the source (odd names) end WARNING, with its e-mail and suspend rule.
      if (step === STEP.load && (await this.context.recorder.files('source')).length === 0) {
        if (outcome.status === 'SUCCESS') return { status: 'FINISHED', message: outcome.message };
        break;
      }
    }
    return this.finish();
  }

  /**
   * Before the first step of this attempt that reads the run's kept files (every step after step 1):
   * when this node cannot read them all — a run another node started, whose files are in a store this
   * node does not share — the step ends ERROR saying where they are, and nothing else runs. The run
   * keeps everything and can be re-run from that step.
   */
  private async unreadable(step: StepNumber): Promise<StepResult | undefined> {
    if (step === STEP.load || this.backupsChecked) return undefined;
    const { db, blobs, run, recorder } = this.context;
    const message = await unreadableBackups(db, blobs, run, step);
    if (message === undefined) {
      this.backupsChecked = true;
      return undefined;
    }
    await recorder.startStep(step);
    await recorder.endStep(step, 'ERROR', message);
    return { status: 'ERROR', message };
  }

  private async runStep(step: StepNumber): Promise<StepResult> {
    const { recorder, signal } = this.context;
    await recorder.startStep(step);
    let outcome: StepResult;
    try {
      outcome = await this.perform(step);
    } catch (error) {
      // The database went away mid-step: the step stays RUNNING, as after a node kill, and the run is
      // handed back (RunExecution); the attempt that takes it continues with this step.
      if (isDatabaseUnavailable(error) || stopReasonOf(signal)?.kind === 'database-lost') throw error;
      if (signal.aborted) {
        const message = runMessage('stepStopped', { reason: reasonOf(signal.reason ?? error) });
        // An operator's Stop: the step is STOPPED as its run (issue 31); a node's own stop is an ERROR.
        const status = stopReasonOf(signal)?.kind === 'cancelled' ? 'STOPPED' : 'ERROR';
        await recorder.endStep(step, status, message).catch(() => undefined);
        throw error;
      }
      // A step that throws (a backup the full disk refused) ends ERROR like one that reports it, and
      // the run still finishes: its main status and message, the suspend rules and the error e-mail.
      outcome = { status: 'ERROR', message: reasonOf(error), retryable: isRetryableFailure(error) };
    }
    await recorder.endStep(step, outcome.status, outcome.message);
    return outcome;
  }

  private async perform(step: StepNumber): Promise<StepResult> {
    switch (step) {
      case STEP.load:
        return loadFiles(this.context);
      case STEP.convert: {
        await this.readSources();
        const converted = convertFiles(this.sources);
        this.records = converted.records;
        return converted;
      }
      case STEP.call: {
        if (this.outcomes.has(STEP.load)) await this.readSources();
        if (this.outcomes.has(STEP.convert) && this.records.size === 0)
          this.records = convertFiles(this.sources).records;
        return callFunction(this.context, this.sources, this.records);
      }
      case STEP.return:
        return returnFiles(this.context);
      case STEP.status: {
        const read = await readBackedUpAnswer(this.context);
        if (!read) return { status: 'ERROR', message: runMessage('answerBackupMissing') };
        return recordFunctionStatus(this.context, read.answer.results);
      }
      default:
        return { status: 'ERROR', message: runMessage('stepNotInPipeline', { step }) };
    }
  }

  /**
   * The source backups of this run (listed once; steps 5 and 2 use them). Only a file the converter
   * takes is read into memory; step 2 streams every file from its backup.
   */
  private async readSources(): Promise<void> {
    if (this.sources.length > 0) return;
    const { recorder, blobs } = this.context;
    const files = await recorder.files('source');
    this.sources = [];
    for (const file of files) {
      const source = { fileName: file.fileName, blobKey: file.blobKey, size: file.size, sha256: file.sha256 };
      const small = file.size <= CONVERTER_MAX_FILE_BYTES;
      const bytes = small ? Buffer.concat(await (await blobs.read(file.blobKey)).toArray()) : undefined;
      this.sources.push({ ...source, bytes });
    }
  }

  private async finish(): Promise<RunOutcome> {
    const { recorder, job } = this.context;
    const steps = [...this.outcomes.entries()];
    const status = worstStatus(steps.map(([, outcome]) => runStatusOf(outcome.status)));
    const worst = steps.find(
      ([, outcome]) => runStatusOf(outcome.status) === status && status !== 'FINISHED',
    );
    const last = steps.at(-1);
    const [step, outcome] = worst ?? last ?? [STEP.load, { status: 'SUCCESS', message: '' }];
    const message = runMessage('runStepOutcome', { step, name: stepName(step), detail: outcome.message });
    const step4Error = this.outcomes.get(STEP.status)?.status === 'ERROR';
    const suspend =
      (step4Error && job.config.stopif_step4_error === 'Y') ||
      (status === 'WARNING' && job.config.criteria_stopif_mainstatus_warning === 'Y');
    if (suspend) {
      const { dialect } = this.context.db;
      await recorder.fenced((scope) =>
        suspendJob(
          scope,
          dialect,
          job.config.company_code,
          job.config.legacy_id,
          this.context.run,
          this.context.alerts,
        ),
      );
      const legacyId = job.config.legacy_id;
      await recorder.log(
        'WARNING',
        runMessage(step4Error ? 'jobSuspendedStep4Error' : 'jobSuspendedWarning', { legacyId }),
      );
    }
    if (!this.mailDone) {
      await recorder.startStep(STEP.mail);
      const mail = await sendMail(this.context, status, step4Error, message).catch(
        (error: unknown): StepResult => ({ status: 'ERROR', message: reasonOf(error) }),
      );
      await recorder.endStep(STEP.mail, mail.status, mail.message);
    }
    return { status, message: suspend ? runMessage('runJobSuspended', { detail: message }) : message };
  }
}

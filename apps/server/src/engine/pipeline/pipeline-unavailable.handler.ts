import type { ClaimedRun, JobHandler, RunOutcome } from '../worker/job-handler.js';

/**
 * The handler of this version: the file pipeline (load, convert, call, return, e-mail) is not built
 * yet, so a run that reaches a worker ends ERROR saying so — it never pretends to have moved files.
 */
export class PipelineUnavailableHandler implements JobHandler {
  async run(run: ClaimedRun): Promise<RunOutcome> {
    return {
      status: 'ERROR',
      message: `The file pipeline is not available in this version of LIS: run ${run.job_instance_no} did not move any file`,
    };
  }
}

import type { FunctionResultFile } from '../../adapters/function-server/index.js';
import type { StoredBlob } from '../files/blob-store.js';
import type { RunContext } from './pipeline-context.js';
import type { PipelineJob } from './pipeline-job.js';
import type { LedgerFile } from './run-recorder.js';

/** A result file of the function's answer, kept in the run's return backup and in its ledger. */
export interface ResultFile {
  ledger: LedgerFile;
  /** Where the file is kept (its return backup), and its size and hash there. */
  key: string;
  stored: StoredBlob;
  result: FunctionResultFile;
}

/**
 * Where step 3 returns a job's result files: the return sFTP server or a DMS today
 * (engine/pipeline/transfer/). The composition root lists the deliveries
 * (composition/transfer-targets.ts); the first that serves a job is its delivery, so a new target
 * (S3, a partner's API) is one adapter and one line there.
 */
export interface Delivery {
  /** Whether the job's result files go here. */
  serves(job: PipelineJob): boolean;
  /**
   * Delivers every file not yet delivered to its place — each delivery recorded in the ledger
   * (`recorder.recordDelivery`), a recorded one never sent again — and answers how many went now.
   * A failure it throws ends the step ERROR with the failure's message.
   */
  deliver(context: RunContext, files: readonly ResultFile[]): Promise<number>;
}

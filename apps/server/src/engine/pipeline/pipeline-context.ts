import { DEFAULT_FILE_CONCURRENCY } from '../../adapters/sftp/index.js';
import type { Db } from '../../db/database.js';
import type { StepStatus } from '../../db/schema.js';
import { blobKey, type BlobStore } from '../files/blob-store.js';
import type { ClaimedRun } from '../runs/run.js';
import type { PipelineJob } from './pipeline-job.js';
import type { RunRecorder } from './run-recorder.js';
import type { TransferTargets } from './transfer-targets.js';
import type { PeerClients } from '../../adapters/peer-clients.js';
import type { FileListType } from '../../db/schema.js';
import type { RunText } from '../../i18n/run-message.js';
import type { AlertSink } from '../alerts/alert-sink.js';

export interface PipelineSettings {
  /** Pause between the two listings of the stability check (DESIGN §4 step 1). */
  stableIntervalMs: number;
  /** Connection retries of one sFTP task. */
  sftpAttempts: number;
  sftpBackoffMs: number;
  /**
   * A `.{name}.lis-part-…` file in a return folder untouched for this long was left by an upload whose
   * connection or node died; step 3 removes it. A younger one may be a live upload of another node.
   */
  staleTemporaryMs: number;
  /**
   * How many files step 1 (load) and step 3 (return to sFTP) move at once over their one sFTP session.
   * Memory: this many times one transfer's window (4 MiB by default).
   */
  fileConcurrency: number;
  /** Local folder for downloads in progress (and a function answer's files on their way to the store). */
  scratchDir: string;
  /** The largest function answer step 2 takes (LIS_FUNCTION_MAX_ANSWER_MB); a larger one ends it ERROR. */
  maxAnswerBytes: number;
  /** SMTP is configured: mails are sent; otherwise kept in the outbox. */
  smtpConfigured: boolean;
}

export const DEFAULT_PIPELINE_SETTINGS: Omit<PipelineSettings, 'scratchDir' | 'smtpConfigured'> = {
  stableIntervalMs: 2_000,
  sftpAttempts: 3,
  sftpBackoffMs: 1_000,
  staleTemporaryMs: 60 * 60_000,
  fileConcurrency: DEFAULT_FILE_CONCURRENCY,
  maxAnswerBytes: 2048 * 1024 * 1024,
};

/** What every step of one run works with. */
export interface RunContext {
  db: Db;
  blobs: BlobStore;
  settings: PipelineSettings;
  job: PipelineJob;
  run: ClaimedRun;
  recorder: RunRecorder;
  signal: AbortSignal;
  /** Where step 1 loads from and step 3 delivers to (composition/transfer-targets.ts). */
  targets: TransferTargets;
  /** The function server's client of step 2 (composition/peer-clients.ts). */
  peers: Pick<PeerClients, 'functionServer'>;
  /** Where the job's suspension raises JOB_SUSPENDED (issue 35); none in tests that do not look. */
  alerts?: AlertSink | undefined;
}

export interface StepResult {
  status: StepStatus;
  message: RunText;
  /** An ERROR that may pass by itself (engine/pipeline/retry-failure.ts): the retry policy may try again. */
  retryable?: boolean;
}

/** Where a run keeps a file of a list: `{company}/{legacy id}/{job instance}/{list}/{name}`. */
export function runBlobKey(run: ClaimedRun, listType: FileListType, fileName: string): string {
  return blobKey(run.company_code, run.legacy_id, run.job_instance_no, listType, fileName);
}

/** Text of an error for a step's message (never a secret: adapters scrub theirs). */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

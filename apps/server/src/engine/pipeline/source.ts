import type { RunText } from '../../i18n/run-message.js';
import type { PipelineJob } from './pipeline-job.js';

/** One entry of a source folder. */
export interface SourceEntry {
  name: string;
  size: number;
  /** Last modified, as the source says it (whole seconds on sFTP). */
  mtimeMs: number;
  isFile: boolean;
  isDirectory: boolean;
}

/** An open connection to a source. Paths are those of `SourceFolder.pathOf`. */
export interface SourceSession {
  list(folder: string): Promise<SourceEntry[]>;
  /** The regular files of `folder` not being written: in two listings `intervalMs` apart, unchanged. */
  listStable(folder: string, options: { intervalMs: number; signal: AbortSignal }): Promise<SourceEntry[]>;
  exists(path: string): Promise<boolean>;
  /** Downloads `path` into the local file `to` (size-checked) and hashes it (SHA-256, hex). */
  download(
    path: string,
    to: string,
    signal: AbortSignal,
  ): Promise<{ bytes: number; sha256?: string | undefined }>;
  remove(path: string): Promise<void>;
}

/** How `SourceFolder.withSession` tries again after a lost connection. */
export interface SourceRetry {
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; doubled before each next one. */
  backoffMs: number;
  signal: AbortSignal;
  /** Told before each wait (the run log's line). */
  onRetry(error: Error, nextAttempt: number, delayMs: number): void;
}

/** A job's folder at its source, as step 1 takes files from it (take-source-file.ts). */
export interface SourceFolder {
  /** The folder, as the job names it. */
  readonly path: string;
  /** `name` in `folder`; throws for a name this source cannot address (the file is left there). */
  pathOf(folder: string, name: string): string;
  /** Where the ledger says a file came from, e.g. `sftp:{server}:{path}`. */
  originOf(path: string): string;
  /** `work` over an open session; after a lost connection, again from the start on a new one. */
  withSession<T>(work: (session: SourceSession) => Promise<T>, retry: SourceRetry): Promise<T>;
  /** The connection failed (a new session may help) or was aborted: it stops the step, not one file. */
  lostConnection(error: unknown): boolean;
  /** The error says the file is not there. */
  isMissing(error: unknown): boolean;
}

/**
 * Where step 1 loads a job's files from: an sFTP server today (engine/pipeline/transfer/sftp-source.ts).
 * The composition root lists the sources (composition/transfer-targets.ts); the first that serves a
 * job is its source, so a new kind of source is one adapter and one line there.
 */
export interface FileSource {
  /** Whether the job's files come from this source. */
  serves(job: PipelineJob): boolean;
  /** The job's folder at this source, or why the job has none (the step ends ERROR with it). */
  folderOf(job: PipelineJob): SourceFolder | { problem: RunText };
}

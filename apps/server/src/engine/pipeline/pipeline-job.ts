import type { Selectable } from 'kysely';
import type { SftpTarget } from '../../adapters/sftp/index.js';
import type { JobConfigTable } from '../../db/schema.js';

export type JobConfigRow = Selectable<JobConfigTable>;

export interface ApiTarget {
  serverId: string;
  url: string;
  username: string;
  password: string;
  /** Time limit of a call (the API server's `api_timeout_seconds`). */
  timeoutMs: number;
}

export interface DmsTargetServer {
  serverId: string;
  url: string;
  token: string;
}

export interface NamedSftpTarget extends SftpTarget {
  serverId: string;
}

/** A job as a run needs it: its configuration and its servers with their secrets opened. */
export interface PipelineJob {
  config: JobConfigRow;
  source: NamedSftpTarget | undefined;
  destination: NamedSftpTarget | undefined;
  api: ApiTarget | undefined;
  dms: DmsTargetServer | undefined;
}

/** A configuration problem that makes the run end ERROR with this message (no retry helps). */
export class JobSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobSetupError';
  }
}

/**
 * Where a run finds its job's servers with their secrets opened (the engine declares it; the
 * server configuration module implements it, see modules/server-config/pipeline-job-loader.ts).
 * Fails with a JobSetupError when the job names a server that is missing or unreadable.
 */
export interface PipelineJobSource {
  load(config: JobConfigRow): Promise<PipelineJob>;
}

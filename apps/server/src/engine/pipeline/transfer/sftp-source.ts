import type { PeerClients } from '../../../adapters/peer-clients.js';
import {
  confinedPath,
  listStableFiles,
  SftpError,
  withSftpRetry,
  type SftpSession,
} from '../../../adapters/sftp/index.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { NamedSftpTarget, PipelineJob } from '../pipeline-job.js';
import type { FileSource, SourceFolder, SourceRetry, SourceSession } from '../source.js';

/** An sFTP session as step 1 uses it: downloads hashed, not synced (the backup is what must last). */
function sourceSession(session: SftpSession): SourceSession {
  return {
    list: (folder) => session.list(folder),
    listStable: (folder, options) => listStableFiles(session, folder, options),
    exists: (path) => session.exists(path),
    download: (path, to, signal) => session.download(path, to, { signal, sha256: true, syncToDisk: false }),
    remove: (path) => session.remove(path),
  };
}

/** The job's source folder on its source sFTP server (`sftp_source_server_id`, `sftp_source_path`). */
class SftpSourceFolder implements SourceFolder {
  constructor(
    private readonly open: PeerClients['sftp'],
    private readonly target: NamedSftpTarget,
    readonly path: string,
  ) {}

  pathOf(folder: string, name: string): string {
    return confinedPath(folder, name);
  }

  originOf(path: string): string {
    return `sftp:${this.target.serverId}:${path}`;
  }

  withSession<T>(work: (session: SourceSession) => Promise<T>, retry: SourceRetry): Promise<T> {
    return withSftpRetry(
      (openSignal) => this.open(this.target, { signal: openSignal }),
      (session) => work(sourceSession(session)),
      retry,
    );
  }

  lostConnection(error: unknown): boolean {
    return error instanceof SftpError && (error.retryable || error.code === 'ABORTED');
  }

  isMissing(error: unknown): boolean {
    return error instanceof SftpError && error.code === 'NOT_FOUND';
  }
}

/** Step 1 from the job's source sFTP server: every job's source (DESIGN §4). */
export function sftpSource(open: PeerClients['sftp']): FileSource {
  return {
    serves: () => true,
    folderOf(job: PipelineJob) {
      const folder = job.config.sftp_source_path ?? '';
      if (!job.source) return { problem: runMessage('loadNoSourceServer') };
      if (!folder.startsWith('/')) return { problem: runMessage('loadNoSourcePath') };
      return new SftpSourceFolder(open, job.source, folder);
    },
  };
}

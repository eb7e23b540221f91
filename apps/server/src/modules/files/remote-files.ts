import { PassThrough, type Readable } from 'node:stream';
import {
  confinedPath,
  isTemporaryName,
  SftpError,
  type SftpEntry,
  type SftpSession,
} from '../../adapters/sftp/index.js';
import type { PeerClients } from '../../adapters/peer-clients.js';
import type { NamedSftpTarget } from '../../engine/pipeline/pipeline-job.js';
import { invalid, notFound, conflict, peerFailed, DomainError } from '../../platform/domain-error.js';

/** A configured folder of a job on one of its sFTP servers. */
export interface LiveFolder {
  /** Which configured folder: the source folder, or the return success or error folder. */
  label: 'source' | 'success' | 'error';
  target: NamedSftpTarget;
  /** Normalised absolute remote path. */
  path: string;
}

/** A regular file found in a live folder. */
export interface LiveFile {
  folder: LiveFolder;
  entry: SftpEntry;
  /** Where it is on the server, for display. */
  filePath: string;
  /**
   * `confinedPath(folder, name)`, never a path from the request; undefined for a name the adapter
   * refuses to address (a backslash or control character put there by someone else): such a file is
   * listed but never read or deleted through LIS.
   */
  remotePath: string | undefined;
}

function addressOf(folder: string, name: string): string | undefined {
  try {
    return confinedPath(folder, name);
  } catch (error) {
    if (error instanceof SftpError && error.code === 'OUTSIDE_ROOT') return undefined;
    throw error;
  }
}

const CONNECT_TIMEOUT_MS = 15_000;

/** An sFTP failure as the caller sees it: 404 for a missing path, 400 for a refused one, else 502. */
export function remoteError(error: unknown, server: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof SftpError) {
    if (error.code === 'NOT_FOUND') return notFound('FOLDER_NOT_FOUND', 'fileNoSuchDirectory');
    if (error.code === 'OUTSIDE_ROOT') return invalid('FILE_NAME_INVALID', 'fileNameInvalid', { max: 255 });
    return peerFailed(
      'SFTP_SERVER_FAILED',
      'fileRemoteFailed',
      { server, reason: error.message },
      {
        cause: error,
      },
    );
  }
  const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
  return peerFailed('SFTP_SERVER_FAILED', 'fileRemoteFailed', { server, reason }, { cause: error });
}

/** A session of `target` through `peers`; a failure to connect is a domain error. */
export async function openRemote(
  peers: Pick<PeerClients, 'sftp'>,
  target: NamedSftpTarget,
): Promise<SftpSession> {
  try {
    return await peers.sftp(target, { readyTimeoutMs: CONNECT_TIMEOUT_MS });
  } catch (error) {
    throw remoteError(error, target.serverId);
  }
}

/** Runs `work` on a session of `target`, closing it afterwards; failures become domain errors. */
export async function withRemote<T>(
  peers: Pick<PeerClients, 'sftp'>,
  target: NamedSftpTarget,
  work: (session: SftpSession) => Promise<T>,
): Promise<T> {
  const session = await openRemote(peers, target);
  try {
    return await work(session);
  } catch (error) {
    throw remoteError(error, target.serverId);
  } finally {
    await session.close();
  }
}

/**
 * The regular files of the folders (not folders, links or LIS's own files being written), each
 * folder on its own; a missing folder is left out, and when every folder is missing: 404.
 */
export async function listLiveFiles(
  session: SftpSession,
  folders: readonly LiveFolder[],
): Promise<LiveFile[]> {
  const files: LiveFile[] = [];
  let found = 0;
  for (const folder of folders) {
    let entries: SftpEntry[];
    try {
      entries = await session.list(folder.path);
      found += 1;
    } catch (error) {
      if (error instanceof SftpError && error.code === 'NOT_FOUND') continue;
      throw error;
    }
    for (const entry of entries)
      if (entry.isFile && !isTemporaryName(entry.name))
        files.push({
          folder,
          entry,
          filePath: `${folder.path === '/' ? '' : folder.path}/${entry.name}`,
          remotePath: addressOf(folder.path, entry.name),
        });
  }
  if (found === 0) throw notFound('FOLDER_NOT_FOUND', 'fileNoSuchDirectory');
  return files;
}

/** The one listed file of that name (and file_path, when given): 404 when none, 409 when two. */
export function pickLiveFile(
  files: readonly LiveFile[],
  name: string,
  filePath: string | undefined,
): LiveFile & { remotePath: string } {
  const matches = files.filter(
    (file) =>
      file.remotePath !== undefined &&
      file.entry.name === name &&
      (filePath === undefined || file.filePath === filePath),
  );
  const [first] = matches;
  if (!first?.remotePath) throw notFound('FILE_NOT_FOUND', 'fileNotFound', { name });
  if (matches.length > 1) throw conflict('FILE_IN_TWO_FOLDERS', 'fileInTwoFolders', { name });
  return { ...first, remotePath: first.remotePath };
}

/**
 * The remote file as a stream (read-ahead download into it); a failure destroys the stream with
 * `mapError(error)` (so a file gone before the first byte still answers a proper status), and a
 * consumer that goes away stops the transfer.
 */
export function remoteReadStream(
  session: SftpSession,
  remotePath: string,
  signal?: AbortSignal,
  mapError: (error: unknown) => Error = (error) =>
    error instanceof Error ? error : new Error(String(error)),
): Readable {
  const stream = new PassThrough();
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  stream.once('close', stop);
  session.download(remotePath, stream, { signal: controller.signal }).then(
    () => stream.end(),
    (error: unknown) => stream.destroy(mapError(error)),
  );
  return stream;
}

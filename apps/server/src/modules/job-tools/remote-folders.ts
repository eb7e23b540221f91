import { posix } from 'node:path';
import type { SFTPWrapper, Stats } from 'ssh2';
import { SFTP_FOLDER_LIST_MAX, type SftpFolderNode } from '@lis/contracts';
import { readRemoteDir } from '../server-config/connection-test.js';

/** SFTP status codes (draft-ietf-secsh-filexfer-02 §7) that a folder listing can meet. */
const SFTP_NO_SUCH_FILE = 2;
const SFTP_PERMISSION_DENIED = 3;

/** Why a remote folder could not be read; `kind` chooses the message and the HTTP status. */
export class RemoteFolderError extends Error {
  constructor(
    readonly kind: 'missing' | 'not-folder' | 'denied' | 'failed',
    readonly path: string,
    readonly reason = '',
  ) {
    super(`${kind}: ${path}`);
    this.name = 'RemoteFolderError';
  }
}

function asFolderError(error: unknown, path: string): RemoteFolderError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === SFTP_NO_SUCH_FILE) return new RemoteFolderError('missing', path);
  if (code === SFTP_PERMISSION_DENIED) return new RemoteFolderError('denied', path);
  return new RemoteFolderError('failed', path, error instanceof Error ? error.message.slice(0, 200) : '');
}

function statRemote(sftp: SFTPWrapper, path: string): Promise<Stats> {
  return new Promise((resolve, reject) => {
    sftp.stat(path, (error, stats) => (error ? reject(error) : resolve(stats)));
  });
}

/** Depth of a normalised absolute path below '/': '/a' is 1, '/a/b' is 2. */
export function pathDepth(path: string): number {
  return path === '/' ? 0 : path.split('/').length - 1;
}

/**
 * The folders directly under `path` (symbolic links followed to see whether they are folders),
 * sorted by name, at most SFTP_FOLDER_LIST_MAX. Hidden folders ('.ssh', …) are listed too: an admin
 * may need them, and the server's own permissions decide what can be read.
 */
export async function listRemoteFolders(
  sftp: SFTPWrapper,
  path: string,
): Promise<{ folders: SftpFolderNode[]; truncated: boolean }> {
  let entries;
  try {
    entries = await readRemoteDir(sftp, path);
  } catch (error) {
    const folderError = asFolderError(error, path);
    if (folderError.kind !== 'denied') {
      // OpenSSH answers "no such file" when asked to list a file: say what it is.
      const stats = await statRemote(sftp, path).catch(() => undefined);
      if (stats && !stats.isDirectory()) throw new RemoteFolderError('not-folder', path);
    }
    throw folderError;
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.filename === '.' || entry.filename === '..') continue;
    const childPath = posix.join(path, entry.filename);
    const isFolder = entry.attrs.isDirectory()
      ? true
      : entry.attrs.isSymbolicLink()
        ? await statRemote(sftp, childPath).then(
            (stats) => stats.isDirectory(),
            () => false,
          )
        : false;
    if (isFolder) names.push(entry.filename);
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const level = pathDepth(path) + 1;
  const folders = names.slice(0, SFTP_FOLDER_LIST_MAX).map((name) => ({
    name,
    node_level: level,
    parent: path,
    path: posix.join(path, name),
  }));
  return { folders, truncated: names.length > SFTP_FOLDER_LIST_MAX };
}

/** Whether `path` is an existing folder (false for a missing path); a file is a RemoteFolderError. */
export async function remoteFolderExists(sftp: SFTPWrapper, path: string): Promise<boolean> {
  try {
    const stats = await statRemote(sftp, path);
    if (!stats.isDirectory()) throw new RemoteFolderError('not-folder', path);
    return true;
  } catch (error) {
    if (error instanceof RemoteFolderError) throw error;
    const folderError = asFolderError(error, path);
    if (folderError.kind === 'missing') return false;
    throw folderError;
  }
}

import path from 'node:path';
import type { SftpSession } from './sftp-session.js';
import { isTemporaryName } from './temporary-name.js';

export interface StaleTemporariesOptions {
  /** A temporary file untouched for this long is abandoned (a writer whose connection dropped). */
  olderThanMs: number;
  /** The current time in ms (injected for tests). */
  now?: number | undefined;
}

/**
 * Removes `.{name}.lis-part-…` files of `dir` whose mtime is older than `olderThanMs`: what an upload
 * leaves when its connection drops (it cannot remove its own temporary file then). A younger one may
 * belong to a live upload of another node and is kept. Returns the names removed.
 */
export async function removeStaleTemporaryFiles(
  session: SftpSession,
  dir: string,
  options: StaleTemporariesOptions,
): Promise<string[]> {
  const now = options.now ?? Date.now();
  const stale = (await session.list(dir)).filter(
    (entry) => entry.isFile && isTemporaryName(entry.name) && now - entry.mtimeMs > options.olderThanMs,
  );
  for (const entry of stale) await session.remove(path.posix.join(dir, entry.name));
  return stale.map((entry) => entry.name);
}

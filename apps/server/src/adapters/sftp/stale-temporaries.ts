import path from 'node:path';
import type { SftpSession } from './sftp-session.js';
import { isTemporaryName } from './temporary-name.js';

export interface StaleTemporariesOptions {
  /** A temporary file untouched for this long is abandoned (a writer whose connection dropped). */
  olderThanMs: number;
  /** The current time in ms (injected for tests). */
  now?: number | undefined;
  /**
   * Temporary files of these final names are removed whatever their age: a run taken over removes what
   * its dead node's uploads left (that node is fenced: its upload cannot complete anyway).
   */
  ofNames?: ReadonlySet<string> | undefined;
}

/** The final name a temporary name stands for: `.{name}.lis-part-…` (a long name was shortened). */
function isTemporaryOf(temporary: string, names: ReadonlySet<string>): boolean {
  const base = temporary.slice(1, temporary.lastIndexOf('.lis-part-'));
  for (const name of names) if (name.startsWith(base) && base.length > 0) return true;
  return false;
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
  const ofNames = options.ofNames ?? new Set<string>();
  const stale = (await session.list(dir)).filter(
    (entry) =>
      entry.isFile &&
      isTemporaryName(entry.name) &&
      (now - entry.mtimeMs > options.olderThanMs || isTemporaryOf(entry.name, ofNames)),
  );
  for (const entry of stale) await session.remove(path.posix.join(dir, entry.name));
  return stale.map((entry) => entry.name);
}

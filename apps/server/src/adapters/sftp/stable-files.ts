import { setTimeout as sleep } from 'node:timers/promises';
import { abortedError } from './sftp-error.js';
import type { SftpEntry, SftpSession } from './sftp-session.js';
import { isTemporaryName } from './temporary-name.js';

export interface StableFilesOptions {
  /** Pause between the two listings. DESIGN §4 step 1; a few seconds in production. */
  intervalMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * The regular files of `dir` that are not being written: `dir` is listed twice, `intervalMs` apart, and a
 * file is kept only when it is in both listings with the same size and mtime. Our own temporary names
 * (`.{name}.lis-part-…`) are never returned, nor folders or symbolic links. Sorted by name.
 */
export async function listStableFiles(
  session: SftpSession,
  dir: string,
  options: StableFilesOptions,
): Promise<SftpEntry[]> {
  const files = async () =>
    (await session.list(dir)).filter((entry) => entry.isFile && !isTemporaryName(entry.name));
  const first = new Map((await files()).map((entry) => [entry.name, entry]));
  try {
    await sleep(options.intervalMs, undefined, { signal: options.signal });
  } catch {
    throw abortedError(`listing ${dir} on ${session.where}`, options.signal);
  }
  return (await files()).filter((entry) => {
    const before = first.get(entry.name);
    return before !== undefined && before.size === entry.size && before.mtimeMs === entry.mtimeMs;
  });
}

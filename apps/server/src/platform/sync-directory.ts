import fs from 'node:fs/promises';

/**
 * Flushes a folder's entries to disk (Linux: fsync on the folder), so a file renamed into it keeps its
 * name after a power loss. Call after the rename; a file's own fsync does not cover its name.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

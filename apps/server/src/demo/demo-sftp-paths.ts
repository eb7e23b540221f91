import fs from 'node:fs/promises';
import path from 'node:path';

/** A path the demo sFTP server refuses: `..`, NUL, a backslash, or a symbolic link on the way. */
export class DemoPathRefused extends Error {
  constructor(reason: string) {
    super(`path refused: ${reason}`);
    this.name = 'DemoPathRefused';
  }
}

/** The client's path in normal form, '/' being the served folder; refuses any `..` segment. */
export function virtualPath(requested: string): string {
  if (requested.includes('\0')) throw new DemoPathRefused('NUL character');
  if (requested.includes('\\')) throw new DemoPathRefused('backslash');
  if (requested.split('/').includes('..')) throw new DemoPathRefused('".." segment');
  return path.posix.normalize(`/${requested}`).replace(/(.)\/+$/, '$1');
}

/**
 * The real path of `requested` under `root` (an absolute folder). Every existing component from the root
 * down is checked with lstat: a symbolic link anywhere on the way is refused, so nothing outside `root` is
 * ever reached — neither by `..` nor by a link someone placed inside.
 */
export async function confinedRealPath(root: string, requested: string): Promise<string> {
  const segments = virtualPath(requested).split('/').filter(Boolean);
  let current = root;
  for (const [index, segment] of segments.entries()) {
    current = path.join(current, segment);
    const stats = await fs.lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!stats) return path.join(current, ...segments.slice(index + 1));
    if (stats.isSymbolicLink()) throw new DemoPathRefused('symbolic link');
  }
  return current;
}

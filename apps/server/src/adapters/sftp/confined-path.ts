import path from 'node:path';
import { CONTROL_CHARACTERS } from '@lis/contracts';
import { SftpError } from './sftp-error.js';

/** Longest path accepted (OpenSSH's PATH_MAX is 4096 bytes). */
export const MAX_REMOTE_PATH_BYTES = 4096;
/** Longest single name accepted (NAME_MAX of common file systems). */
export const MAX_REMOTE_NAME_BYTES = 255;

function refuse(reason: string): never {
  throw new SftpError('OUTSIDE_ROOT', `Remote path refused: ${reason}`);
}

function checkCharacters(text: string, label: string): void {
  if (CONTROL_CHARACTERS.test(text)) refuse(`${label} contains a control character`);
  // A backslash is a plain character to an OpenSSH server but a separator to Windows servers and to
  // people reading logs: `..\` must not be a way around the `..` rule.
  if (text.includes('\\')) refuse(`${label} contains a backslash`);
  if (Buffer.byteLength(text) > MAX_REMOTE_PATH_BYTES) refuse(`${label} is too long`);
}

/** The root in normal form: POSIX-normalised, no trailing slash (except '/' itself). */
export function normaliseRemoteRoot(root: string): string {
  if (!root) refuse('the root is empty');
  checkCharacters(root, 'the root');
  if (root.split('/').includes('..')) refuse('the root contains ".."');
  const normal = path.posix.normalize(root);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

/**
 * The remote path `relative` names under `root`, normalised (`a//./b/` → `a/b`), or an OUTSIDE_ROOT
 * SftpError when it could leave the root: any `..` segment (even one that would stay inside), an absolute
 * path, NUL, CR/LF or other control characters, a backslash, a name over 255 bytes or a path over 4096.
 * Percent signs and semicolons are plain characters here (`..%2f` is a literal name, not a separator).
 * `relative` '' or '.' is the root itself. The root may be absolute ('/data/in') or relative to the
 * login folder ('in'). A symbolic link inside the root is the server's business: listings report links as
 * neither file nor folder, so the pipeline does not follow them.
 */
export function confinedPath(root: string, relative: string): string {
  const base = normaliseRemoteRoot(root);
  checkCharacters(relative, 'the path');
  if (relative.startsWith('/')) refuse('an absolute path where a relative one is expected');
  const segments = relative.split('/').filter((segment) => segment !== '' && segment !== '.');
  for (const segment of segments) {
    if (segment === '..') refuse('the path contains ".."');
    if (Buffer.byteLength(segment) > MAX_REMOTE_NAME_BYTES) refuse('a name is too long');
  }
  if (segments.length === 0) return base;
  const joined = path.posix.join(base, ...segments);
  // Belt and braces: with every `..` refused the join cannot leave the root, and this says so.
  const inside =
    base === '/'
      ? joined.startsWith('/')
      : base === '.'
        ? !joined.startsWith('/')
        : joined.startsWith(`${base}/`);
  if (!inside || Buffer.byteLength(joined) > MAX_REMOTE_PATH_BYTES) refuse('the path leaves its root');
  return joined;
}

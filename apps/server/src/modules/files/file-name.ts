import { CONTROL_CHARACTERS, FILE_NAME_MAX_BYTES, UNSAFE_NAME_CHARACTERS } from '@lis/contracts';
import { isTemporaryName } from '../../adapters/sftp/index.js';
/** Separators, quotes, and percent-encoded dots, separators or NUL (a name is never decoded). */
const FORBIDDEN = /[/\\"'`]|%(2e|2f|5c|00)/i;

/**
 * Whether a name from a request is a plain file name (SECURITY.md "path traversal"): not empty, not
 * padded with spaces, no `/`, `\`, `..`, quotes, control characters or percent-encoded separators,
 * at most 255 bytes, and not one of LIS's own temporary names. Nothing is ever decoded or joined
 * before this check.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.trim() === name &&
    Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES &&
    !name.includes('..') &&
    name !== '.' &&
    !CONTROL_CHARACTERS.test(name) &&
    !FORBIDDEN.test(name) &&
    !isTemporaryName(name)
  );
}

// Characters some unzip tools treat as separators or refuse on Windows, and the control, bidi and
// invisible characters of UNSAFE_NAME_CHARACTERS (docs/security.md "Inputs").
const ZIP_UNSAFE = new RegExp(`${UNSAFE_NAME_CHARACTERS.source.slice(0, -1)}/\\\\:*?"<>|]`, 'g');

/** A zip entry name made of plain segments (each sanitised), unique within `taken`. */
export function zipEntryName(segments: readonly string[], taken: Set<string>): string {
  const clean = segments.map((segment) => {
    const safe = segment.replace(ZIP_UNSAFE, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length));
    return safe.slice(0, 200) || '_';
  });
  const base = clean.join('/');
  let name = base;
  for (let copy = 2; taken.has(name.toLowerCase()); copy++) {
    const dot = base.lastIndexOf('.');
    const slash = base.lastIndexOf('/');
    name = dot > slash + 1 ? `${base.slice(0, dot)} (${copy})${base.slice(dot)}` : `${base} (${copy})`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** RFC 6266 `attachment` (or `inline`) with an ASCII fallback and the UTF-8 name in `filename*` (RFC 8187). */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\u0020-\u007e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

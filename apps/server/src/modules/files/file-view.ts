import { Readable } from 'node:stream';
import { FILE_SIZE_HEADER, inlineViewType, type FileDisposition } from '@lis/contracts';
import { contentDisposition } from './file-name.js';

/**
 * The policy of a file shown inline: a document of its own, in a sandbox (no script, no forms, an
 * opaque origin), loading nothing but itself. `object-src 'self'` and `plugin-types` leave Chromium's
 * PDF viewer working; images need nothing more (decision 0029).
 */
export const INLINE_FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; object-src 'self'; style-src 'unsafe-inline'";

/**
 * The headers of a one-file download (decision 0029): `inline` only when asked and only for a PDF or a
 * raster image (by name: SVG, HTML and the rest are always attachments), with its one Content-Type,
 * `nosniff` and the sandbox above; otherwise an `application/octet-stream` attachment.
 */
export function fileResponseHeaders(
  fileName: string,
  disposition: FileDisposition | undefined,
  attachmentType = 'application/octet-stream',
): Record<string, string> {
  const viewType = disposition === 'inline' ? inlineViewType(fileName) : undefined;
  const common = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
  if (!viewType)
    return { ...common, 'content-type': attachmentType, 'content-disposition': contentDisposition(fileName) };
  return {
    ...common,
    'content-type': viewType,
    'content-disposition': contentDisposition(fileName, 'inline'),
    'content-security-policy': INLINE_FILE_CSP,
  };
}

/** The bytes of `source` up to `limit`; the source is destroyed once they are read (or on an error). */
async function* upTo(source: Readable, limit: number): AsyncGenerator<Buffer> {
  let left = limit;
  try {
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (bytes.length >= left) {
        yield bytes.subarray(0, left);
        return;
      }
      left -= bytes.length;
      yield bytes;
    }
  } finally {
    if (!source.destroyed) source.destroy();
  }
}

/** A one-file download cut to its first bytes (decision 0029, `limit`). */
export interface LimitedBody {
  stream: Readable;
  /** The bytes sent, when the whole size is known. */
  length?: number;
  headers: Record<string, string>;
}

/**
 * A download's body and size headers: the whole stream, or with `limit` only its first `limit` bytes
 * (a text preview) and `X-File-Size` the whole size when it is known — the rest is never read.
 */
export function limitedBody(
  stream: Readable,
  size: number | undefined,
  limit: number | undefined,
): LimitedBody {
  if (limit === undefined) return { stream, ...(size === undefined ? {} : { length: size }), headers: {} };
  const headers: Record<string, string> = size === undefined ? {} : { [FILE_SIZE_HEADER]: String(size) };
  const length = size === undefined ? undefined : Math.min(size, limit);
  if (size !== undefined && size <= limit) return { stream, length: size, headers };
  return {
    stream: Readable.from(upTo(stream, limit), { objectMode: false }),
    ...(length === undefined ? {} : { length }),
    headers,
  };
}

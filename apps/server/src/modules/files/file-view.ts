import { inlineViewType, type FileDisposition } from '@lis/contracts';
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

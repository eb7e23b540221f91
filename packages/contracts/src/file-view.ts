import { Type, type Static } from '@sinclair/typebox';

/*
 * Viewing a kept file in the browser (issue 17 §6, docs/decisions/0029-file-viewer.md): only PDFs and
 * raster images are ever shown inline; everything else (SVG and HTML above all: they run script) is
 * an attachment. The server and the console decide with this one table.
 */

/** How a file download is asked for: `inline` to view it (honoured only for the types below). */
export const FileDisposition = Type.Union([Type.Literal('inline'), Type.Literal('attachment')]);
export type FileDisposition = Static<typeof FileDisposition>;

/** The extensions shown inline and the one Content-Type each is served as. */
export const INLINE_VIEW_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The Content-Type a file is viewed as, by its name's last extension; undefined: not viewable. */
export function inlineViewType(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(INLINE_VIEW_TYPES, extension) ? INLINE_VIEW_TYPES[extension] : undefined;
}

import { Type, type Static } from '@sinclair/typebox';

/*
 * Viewing a kept file in the browser (issue 17 §6, docs/decisions/0029-file-viewer-and-run-history-zip.md): only PDFs and
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

/*
 * Text files (issue 31 §6, decision 0029): shown by the console as text only — decoded there, never
 * rendered as HTML — from the first bytes the server sends when a download asks for `limit`.
 */

/** How the console shows a text file: a table (CSV), pretty-printed JSON, or plain text. */
export type TextViewKind = 'csv' | 'json' | 'text';

/**
 * The extensions shown as text, by the name's last extension. HTML and SVG are among them: their
 * source is shown as text, as every other text file (never rendered, never served inline).
 */
export const TEXT_VIEW_KINDS: Readonly<Record<string, TextViewKind>> = {
  csv: 'csv',
  tsv: 'csv',
  json: 'json',
  txt: 'text',
  text: 'text',
  log: 'text',
  xml: 'text',
  html: 'text',
  htm: 'text',
  svg: 'text',
  dat: 'text',
  fix: 'text',
  fwf: 'text',
  prn: 'text',
};

/** The text kind of a file by its name's last extension; undefined: not shown as text. */
export function textViewKind(fileName: string): TextViewKind | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(TEXT_VIEW_KINDS, extension) ? TEXT_VIEW_KINDS[extension] : undefined;
}

/** The most a download's `limit` may ask for (1 MiB), and what the console's text viewer asks (256 KiB). */
export const FILE_VIEW_LIMIT_MAX = 1024 * 1024;
export const TEXT_VIEW_BYTES = 256 * 1024;

/**
 * `limit` on a one-file download: only the first `limit` bytes are sent (a preview; a 1 GB file is never
 * pulled whole). The answer's `X-File-Size` header then gives the whole file's size when it is known.
 */
export const FileViewLimit = Type.Integer({ minimum: 1, maximum: FILE_VIEW_LIMIT_MAX });

/** The header that gives a limited download's whole size in bytes. */
export const FILE_SIZE_HEADER = 'x-file-size';

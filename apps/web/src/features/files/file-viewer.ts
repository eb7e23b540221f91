import { inlineViewType, textViewKind } from '@lis/contracts';

/** How the viewer shows a file: in a PDF frame, as an image, as text, or not at all (a download). */
export type ViewerKind = 'pdf' | 'image' | 'text' | 'none';

/**
 * Decision 0029: PDFs and raster images (PNG, JPEG, GIF, WebP) are shown by the browser, by the name's
 * last extension — the same table the server serves inline by; text files (CSV, TXT, JSON, XML, fixed
 * width, and the source of HTML and SVG) are shown as text only; the rest are downloads.
 */
export function viewerKind(fileName: string): ViewerKind {
  const type = inlineViewType(fileName);
  if (type === 'application/pdf') return 'pdf';
  if (type?.startsWith('image/')) return 'image';
  return textViewKind(fileName) ? 'text' : 'none';
}

/**
 * The bytes as a Blob of the type the console decided (never the type the answer claims), so that an
 * object URL can only ever be a PDF or an image; undefined for a file that is not shown.
 */
export function viewableBlob(fileName: string, bytes: Blob): Blob | undefined {
  const type = inlineViewType(fileName);
  return type ? new Blob([bytes], { type }) : undefined;
}

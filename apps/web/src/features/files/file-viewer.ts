import { inlineViewType } from '@lis/contracts';

/** How the viewer shows a file: in a PDF frame, as an image, or not at all (offered as a download). */
export type ViewerKind = 'pdf' | 'image' | 'none';

/**
 * Decision 0029: only PDFs and raster images (PNG, JPEG, GIF, WebP) are shown, by the name's last
 * extension — the same table the server serves inline by; SVG, HTML and the rest are downloads.
 */
export function viewerKind(fileName: string): ViewerKind {
  const type = inlineViewType(fileName);
  if (type === 'application/pdf') return 'pdf';
  return type?.startsWith('image/') ? 'image' : 'none';
}

/**
 * The bytes as a Blob of the type the console decided (never the type the answer claims), so that an
 * object URL can only ever be a PDF or an image; undefined for a file that is not shown.
 */
export function viewableBlob(fileName: string, bytes: Blob): Blob | undefined {
  const type = inlineViewType(fileName);
  return type ? new Blob([bytes], { type }) : undefined;
}

let context: CanvasRenderingContext2D | null | undefined;

/** A 2D context to measure text with; null where there is none (jsdom). */
function measuringContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  context = /jsdom/i.test(globalThis.navigator?.userAgent ?? '')
    ? null
    : document.createElement('canvas').getContext('2d');
  return context;
}

/** The page's font family (antd's token, set on the body). */
export const pageFontFamily = () => getComputedStyle(document.body).fontFamily || 'sans-serif';

/**
 * The width in px of the widest of `texts` drawn in `font` (a CSS font: "600 14px Inter"), so that a
 * column can be as wide as its content and no wider. Without a canvas: 8 px a character.
 */
export function widestText(texts: Iterable<string>, font: string): number {
  const measure = measuringContext();
  const seen = new Set<string>();
  let widest = 0;
  if (measure) measure.font = font;
  for (const text of texts) {
    if (seen.has(text)) continue;
    seen.add(text);
    const width = measure ? measure.measureText(text).width : text.length * 8;
    if (width > widest) widest = width;
  }
  return Math.ceil(widest);
}

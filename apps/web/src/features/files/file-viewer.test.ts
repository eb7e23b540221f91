import { describe, expect, it } from 'vitest';
import { viewableBlob, viewerKind } from './file-viewer';

describe('viewerKind', () => {
  it('shows PDFs in a frame and raster images as images, whatever the case of the extension', () => {
    expect(viewerKind('invoice.pdf')).toBe('pdf');
    expect(viewerKind('ใบแจ้งหนี้.PDF')).toBe('pdf');
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.webp', 'scan.2024.Png'])
      expect(viewerKind(name)).toBe('image');
  });

  it('never shows SVG or HTML by the browser; text files as text, the rest are downloads', () => {
    for (const name of ['logo.svg', 'page.html', 'page.htm', 'data.xml', 'notes.txt', 'x.csv', 'a.JSON'])
      expect(viewerKind(name)).toBe('text');
    for (const name of ['a.xhtml', 'archive.zip', 'book.xlsx', 'app.exe'])
      expect(viewerKind(name)).toBe('none');
  });

  it('goes by the last extension only, and a name without one is not shown', () => {
    expect(viewerKind('image.png.html')).toBe('text');
    expect(viewerKind('image.png.zip')).toBe('none');
    expect(viewerKind('report.html.pdf')).toBe('pdf');
    expect(viewerKind('pdf')).toBe('none');
    expect(viewerKind('.png')).toBe('none');
    expect(viewerKind('file.')).toBe('none');
    expect(viewerKind('')).toBe('none');
  });
});

describe('viewableBlob', () => {
  it("types the bytes by the console's decision, not by what the server said", () => {
    const served = new Blob(['<svg/>'], { type: 'image/svg+xml' });
    expect(viewableBlob('a.png', served)?.type).toBe('image/png');
    expect(viewableBlob('a.pdf', served)?.type).toBe('application/pdf');
    expect(viewableBlob('a.svg', served)).toBeUndefined();
  });
});

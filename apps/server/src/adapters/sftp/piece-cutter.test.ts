import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PieceCutter } from './piece-cutter.js';

/** A paused stream already holding `chunks` and ended (read() hands them out, then null). */
function heldStream(chunks: unknown[], objectMode = true): Readable {
  const stream = new Readable({ objectMode, read() {} });
  for (const chunk of chunks) stream.push(chunk);
  stream.push(null);
  return stream;
}

function allPieces(cutter: PieceCutter, source: Readable): Buffer[] {
  const pieces: Buffer[] = [];
  for (let piece = cutter.take(source, false); piece; piece = cutter.take(source, false)) pieces.push(piece);
  for (let piece = cutter.take(source, true); piece; piece = cutter.take(source, true)) pieces.push(piece);
  return pieces;
}

describe('PieceCutter', () => {
  it('cuts odd chunks into pieces of exactly the size, the last one shorter', () => {
    const bytes = Buffer.from(Array.from({ length: 23 }, (_, i) => i));
    const source = heldStream([
      bytes.subarray(0, 3),
      bytes.subarray(3, 4),
      bytes.subarray(4, 20),
      bytes.subarray(20),
    ]);
    const cutter = new PieceCutter(5);
    const pieces = allPieces(cutter, source);
    expect(pieces.map((piece) => piece.length)).toEqual([5, 5, 5, 5, 3]);
    expect(Buffer.concat(pieces)).toEqual(bytes);
    expect(cutter.isEmpty).toBe(true);
  });

  it('hands out a partial piece only once the source has ended', () => {
    const cutter = new PieceCutter(8);
    const source = heldStream([Buffer.from('abc')]);
    expect(cutter.take(source, false)).toBeUndefined();
    expect(cutter.isEmpty).toBe(false);
    expect(cutter.take(source, true)?.toString()).toBe('abc');
    expect(cutter.take(source, true)).toBeUndefined();
  });

  it('cuts a large chunk without copying it, and accepts text and Uint8Array', () => {
    const large = Buffer.alloc(10, 1);
    const pieces = allPieces(new PieceCutter(4), heldStream([large]));
    expect(pieces.map((piece) => piece.buffer === large.buffer)).toEqual([true, true, true]);
    const mixed = allPieces(new PieceCutter(4), heldStream(['ab', new Uint8Array([99, 100, 101])]));
    expect(Buffer.concat(mixed).toString()).toBe('abcde');
  });

  it('refuses chunks that are not bytes', () => {
    expect(() => new PieceCutter(4).take(heldStream([{ not: 'bytes' }]), false)).toThrow(
      /neither bytes nor text/,
    );
  });
});

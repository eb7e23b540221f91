import type { Readable } from 'node:stream';

function asBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('the source stream gave a chunk that is neither bytes nor text');
}

/**
 * Cuts the chunks pulled from a paused stream into pieces of exactly `size` bytes (the last one
 * shorter). A chunk of `size` or more is cut without copying; smaller ones are joined. Holds at most
 * `size` bytes plus the last chunk pulled.
 */
export class PieceCutter {
  private parts: Buffer[] = [];
  private heldBytes = 0;

  constructor(private readonly size: number) {}

  /** Whether no byte pulled from the source is left to hand out. */
  get isEmpty(): boolean {
    return this.heldBytes === 0;
  }

  /**
   * The next piece: pulls (`source.read()`) until `size` bytes are held. Undefined when the stream has
   * no more for now; once `sourceEnded`, the remainder is handed out as a shorter last piece.
   */
  take(source: Readable, sourceEnded: boolean): Buffer | undefined {
    while (this.heldBytes < this.size) {
      const raw: unknown = source.read();
      if (raw === null) break;
      const chunk = asBuffer(raw);
      if (chunk.length === 0) continue;
      this.parts.push(chunk);
      this.heldBytes += chunk.length;
    }
    if (this.heldBytes === 0 || (this.heldBytes < this.size && !sourceEnded)) return undefined;
    return this.cut(Math.min(this.size, this.heldBytes));
  }

  private cut(length: number): Buffer {
    this.heldBytes -= length;
    const first = this.parts[0]!;
    if (first.length >= length) {
      if (first.length === length) this.parts.shift();
      else this.parts[0] = first.subarray(length);
      return first.subarray(0, length);
    }
    const piece = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const part = this.parts[0]!;
      const take = Math.min(part.length, length - filled);
      part.copy(piece, filled, 0, take);
      filled += take;
      if (take === part.length) this.parts.shift();
      else this.parts[0] = part.subarray(take);
    }
    return piece;
  }
}

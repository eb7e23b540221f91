import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { StringSink } from './streamed-json.js';

/** Base64 of a byte stream, in chunks (each a whole number of 3-byte groups but the last). */
export async function* base64Chunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk);
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
    carry = Buffer.from(bytes.subarray(whole));
  }
  if (carry.length) yield carry.toString('base64');
}

const BASE64_TEXT = /^[A-Za-z0-9+/=_-]*$/;
const SPACE = /[\s]+/g;

export class Base64Error extends Error {}

/**
 * A {@link StringSink} that decodes base64 text as it comes (whitespace ignored; standard and URL-safe
 * alphabets) and writes the bytes to `target`, waiting when it is full. `onBytes` sees every decoded
 * piece (a hash, a size). A character outside the alphabet fails the write.
 */
export function base64Sink(
  target: Writable | undefined,
  onBytes: (bytes: Buffer) => void = () => undefined,
): StringSink & { readonly size: number } {
  let pending = '';
  let size = 0;
  const emit = async (text: string) => {
    if (!text) return;
    const bytes = Buffer.from(text, 'base64');
    size += bytes.length;
    onBytes(bytes);
    if (target && !target.write(bytes)) await once(target, 'drain');
  };
  return {
    get size() {
      return size;
    },
    async write(chunk: string) {
      const text = pending + chunk.replace(SPACE, '');
      if (!BASE64_TEXT.test(text)) throw new Base64Error('a file content is not base64');
      const whole = text.length - (text.length % 4);
      pending = text.slice(whole);
      await emit(text.slice(0, whole));
    },
    async end() {
      await emit(pending);
      pending = '';
    },
  };
}

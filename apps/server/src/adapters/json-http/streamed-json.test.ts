import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { base64Chunks, base64Sink } from './base64-stream.js';
import { readStreamedJson, StreamedJsonError, type JsonPath } from './streamed-json.js';

/** A text cut into pieces of `size` bytes (every boundary: inside escapes, keys, numbers, UTF-8). */
function pieces(text: string, size: number): Readable {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return Readable.from(out);
}

const noSink = () => undefined;

describe('readStreamedJson', () => {
  const document = {
    status: 'success',
    message: 'สวัสดี "quoted" \\ back\nline \u2028 \ud83d\ude00',
    files: [
      { file_name: 'a.csv', content_base64: 'QUJD', kind: 'success' },
      { kind: 'error', content_base64: 'REVG', file_name: 'b.csv', dms: { bucket: 'x' } },
    ],
    results: [{ n: -1.5e3, t: true, f: false, z: null, nested: [[1, [2, { deep: [] }]]] }],
    empty: {},
  };

  it('assembles what it does not stream exactly as JSON.parse, whatever the chunking', async () => {
    const text = JSON.stringify(document);
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      expect(await readStreamedJson(pieces(text, size), { sinkFor: noSink })).toEqual(JSON.parse(text));
    }
  });

  it('gives the sink exactly the strings at the paths it claims, and keeps "" in their place', async () => {
    const seen: JsonPath[] = [];
    const streamed = new Map<string, string>();
    const value = await readStreamedJson(pieces(JSON.stringify(document), 3), {
      sinkFor(path) {
        seen.push(path);
        if (path[0] !== 'files' || path[2] !== 'content_base64') return undefined;
        const key = String(path[1]);
        streamed.set(key, '');
        return {
          write: (chunk) => void streamed.set(key, (streamed.get(key) ?? '') + chunk),
          end: () => undefined,
        };
      },
    });
    expect(Object.fromEntries(streamed)).toEqual({ '0': 'QUJD', '1': 'REVG' });
    expect(value).toMatchObject({
      files: [{ content_base64: '' }, { content_base64: '', file_name: 'b.csv' }],
    });
    expect(seen).toContainEqual(['files', 1, 'dms', 'bucket']);
    expect(seen).toContainEqual(['files', 0, 'kind']);
    expect(seen).toContainEqual(['message']);
  });

  it('never touches a prototype (a "__proto__" key is a plain property)', async () => {
    const value = (await readStreamedJson(pieces('{"__proto__":{"polluted":1},"a":{"constructor":2}}', 5), {
      sinkFor: noSink,
    })) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
  });

  it('refuses malformed JSON, a text past its cap and nesting past its depth', async () => {
    const read = (text: string, options = {}) =>
      readStreamedJson(pieces(text, 4), { sinkFor: noSink, ...options });
    await expect(read('{"a":')).rejects.toBeInstanceOf(StreamedJsonError);
    await expect(read('{"a":1}}')).rejects.toBeInstanceOf(StreamedJsonError);
    await expect(read('')).rejects.toBeInstanceOf(StreamedJsonError);
    await expect(read(JSON.stringify({ a: 'x'.repeat(100) }), { maxKeptStringChars: 99 })).rejects.toThrow(
      /longer than 99/,
    );
    await expect(read(`${'['.repeat(65)}${']'.repeat(65)}`)).rejects.toThrow(/deeper than 64/);
    expect(await read(`${'['.repeat(64)}${']'.repeat(64)}`)).toBeDefined();
  });
});

describe('base64 streams', () => {
  it('encode in pieces to the same text as one Buffer, and decode it back through any chunking', async () => {
    const bytes = randomBytes(100_003);
    const parts: Buffer[] = [];
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7) % 4099 || 1)
      parts.push(bytes.subarray(at, at + size));
    let text = '';
    for await (const piece of base64Chunks(Readable.from(parts))) text += piece;
    expect(text).toBe(bytes.toString('base64'));

    const target = new PassThrough();
    const received: Buffer[] = [];
    target.on('data', (chunk: Buffer) => received.push(chunk));
    const hash = createHash('sha256');
    const sink = base64Sink(target, (piece) => hash.update(piece));
    for (let at = 0, size = 1; at < text.length; at += size, size = (size * 5) % 997 || 1)
      await sink.write(text.slice(at, at + size));
    await sink.end();
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    expect(sink.size).toBe(bytes.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('refuses text that is not base64', async () => {
    const sink = base64Sink(undefined);
    await expect(sink.write('QUJD<script>')).rejects.toThrow(/not base64/);
  });
});

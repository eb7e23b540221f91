import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ZIP_MAX_BYTES, ZIP_MAX_FILES } from '@lis/contracts';
import { checkZipLimits, zipStream, type ZipItem } from './file-zip.js';

const item = (name: string, content: string | Error, size = Buffer.byteLength(String(content))): ZipItem => ({
  segments: [name],
  size,
  mtime: new Date(Date.UTC(2026, 10, 21)),
  open: () =>
    content instanceof Error
      ? Promise.reject(content)
      : Promise.resolve(Readable.from([Buffer.from(content)])),
});

describe('checkZipLimits', () => {
  it('refuses nothing to zip with 404, too many files or bytes with 413', () => {
    expect(() => checkZipLimits([])).toThrow(expect.objectContaining({ kind: 'not_found' }));
    const many = Array.from({ length: ZIP_MAX_FILES + 1 }, (_, i) => item(`f${i}`, 'x'));
    expect(() => checkZipLimits(many)).toThrow(expect.objectContaining({ kind: 'too_large' }));
    expect(() => checkZipLimits(many.slice(1))).not.toThrow();
    const huge = [item('a', 'x', ZIP_MAX_BYTES), item('b', 'x', 1)];
    expect(() => checkZipLimits(huge)).toThrow(/Too much to download at once \(2 files, 2049 MB/);
  });
});

describe('zipStream', () => {
  it('ends with the central directory and calls onClose once', async () => {
    let closed = 0;
    const bytes = Buffer.concat(
      await zipStream([item('a.txt', 'A'), item('b.txt', 'B')], () => closed++).toArray(),
    );
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.includes(Buffer.from('504b0506', 'hex'))).toBe(true);
    expect(closed).toBe(1);
  });

  it('fails the stream (and still calls onClose) when a file cannot be read or has another size', async () => {
    for (const bad of [item('gone.txt', new Error('gone')), item('short.txt', 'abc', 10)]) {
      let closed = 0;
      const output = zipStream([item('a.txt', 'A'), bad], () => closed++);
      await expect(output.toArray()).rejects.toThrow();
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(1);
    }
  });
});

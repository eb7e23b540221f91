import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { blobKey, BlobKeyError, LocalBlobStore } from './blob-store.js';

describe('LocalBlobStore', () => {
  let root: string;
  let store: LocalBlobStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-blobs-'));
    store = new LocalBlobStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores content with its size and SHA-256, reads it back, lists and removes it', async () => {
    const content = crypto.randomBytes(300_000);
    const key = blobKey('A', 'JOB-1', 'JOB-1_20261121', 'source', 'ใบแจ้งหนี้ 1.csv');
    const stored = await store.put(key, Readable.from([content.subarray(0, 1000), content.subarray(1000)]));
    expect(stored).toEqual({
      size: content.length,
      sha256: crypto.createHash('sha256').update(content).digest('hex'),
    });
    const back = Buffer.concat(await (await store.read(key)).toArray());
    expect(back.equals(content)).toBe(true);
    await store.put(blobKey('A', 'JOB-1', 'JOB-1_20261121', 'return_success', 'r.txt'), Buffer.from('ok'));
    expect(await store.list('A/JOB-1')).toEqual([
      'A/JOB-1/JOB-1_20261121/return_success/r.txt',
      `A/JOB-1/JOB-1_20261121/source/ใบแจ้งหนี้ 1.csv`,
    ]);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.list('B')).toEqual([]);
  });

  it('flushes the folder after the rename, and the new folders up to the root the first time', async () => {
    const open = vi.spyOn(fs.promises, 'open');
    const folders = () =>
      open.mock.calls
        .map(([file]) => String(file))
        .filter((file) => fs.statSync(file, { throwIfNoEntry: false })?.isDirectory());
    try {
      await store.put(blobKey('A', 'J', 'I', 'source', 'a.csv'), Buffer.from('a'));
      const under = (...segments: string[]) => path.resolve(root, ...segments);
      expect(folders()).toEqual([
        under('A', 'J', 'I', 'source'),
        under('A', 'J', 'I'),
        under('A', 'J'),
        under('A'),
        path.resolve(root),
      ]);
      open.mockClear();
      await store.put(blobKey('A', 'J', 'I', 'source', 'b.csv'), Buffer.from('b'));
      expect(folders()).toEqual([path.join(root, 'A', 'J', 'I', 'source')]);
    } finally {
      open.mockRestore();
    }
  });

  it('replaces an existing key whole', async () => {
    await store.put('k/one', Buffer.from('first'));
    await store.put('k/one', Buffer.from('second'));
    expect(await text(await store.read('k/one'))).toBe('second');
  });

  it('leaves nothing under the key when the content fails half-way', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    }
    await expect(store.put('k/broken', Readable.from(failing()))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await store.exists('k/broken')).toBe(false);
    expect(fs.readdirSync(path.join(root, 'k'))).toEqual([]);
  });

  it('stops on abort and leaves nothing', async () => {
    const controller = new AbortController();
    async function* slow() {
      yield Buffer.from('part');
      controller.abort();
      // The rest comes only once the store has reacted to the abort and dropped the content.
      await eventually(() => source.destroyed, { message: 'the store to drop the aborted content' });
      yield Buffer.from('rest');
    }
    const source = Readable.from(slow());
    await expect(store.put('k/aborted', source, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await store.exists('k/aborted')).toBe(false);
    expect(fs.readdirSync(path.join(root, 'k'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const bad of ['..', '.', '', 'a/b', 'a\\b', 'a\u0000b', 'a\nb', 'x'.repeat(256)])
      expect(() => blobKey('A', bad), JSON.stringify(bad)).toThrow(BlobKeyError);
    for (const badKey of ['../etc/passwd', 'a/../../x', '/abs', 'a//b'])
      await expect(store.put(badKey, Buffer.from('x')), badKey).rejects.toThrow(BlobKeyError);
  });
});

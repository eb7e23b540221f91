import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliberateDelay } from '../../test-support/deliberate-delay.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { blobKey, LocalBlobStore, type BlobStore } from './blob-store.js';
import { BLOB_CHUNK_BYTES, DatabaseBlobStore } from './database-blob-store.js';
import { openBlobStore } from './file-store.js';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** `size` bytes in pieces of 64 KiB, made as they are pulled (never all in memory at once). */
function generated(size: number, seed: number): { stream: Readable; hash: Promise<string> } {
  const hash = crypto.createHash('sha256');
  let done: (value: string) => void = () => undefined;
  const finished = new Promise<string>((resolve) => (done = resolve));
  async function* pieces() {
    for (let offset = 0; offset < size; offset += 64 * 1024) {
      const piece = Buffer.alloc(Math.min(64 * 1024, size - offset), (offset / 64 / 1024 + seed) % 251);
      hash.update(piece);
      yield piece;
    }
    done(hash.digest('hex'));
  }
  return { stream: Readable.from(pieces()), hash: finished };
}

interface Subject {
  store: BlobStore;
  /** Rows or files the store holds besides what its keys name (nothing after a failed put). */
  leftovers(): Promise<number>;
  close(): Promise<void>;
}

const SUBJECTS: Array<[string, () => Promise<Subject>]> = [
  [
    'local folder',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-blob-contract-'));
      const store = new LocalBlobStore(root);
      return {
        store,
        leftovers: async () =>
          fs
            .readdirSync(root, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile() && entry.name.includes('.part-')).length,
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  ...DATABASE_KINDS.map((kind): [string, () => Promise<Subject>] => [
    `database (${kind})`,
    async () => {
      const database: TestDatabase = await createTestDatabase(kind);
      const { kysely } = database.db;
      return {
        store: new DatabaseBlobStore(database.db),
        leftovers: async () => {
          const chunks = await kysely
            .selectFrom('blob_chunks')
            .select('sha256')
            .where('sha256', 'like', 'part-%')
            .execute();
          const contents = await kysely
            .selectFrom('blob_contents')
            .select('sha256')
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('blobs').select('key').whereRef('blobs.sha256', '=', 'blob_contents.sha256'),
                ),
              ),
            )
            .execute();
          return chunks.length + contents.length;
        },
        close: () => database.drop(),
      };
    },
  ]),
];

describe.each(SUBJECTS)('the file store contract: %s', (name, open) => {
  let subject: Subject;
  let store: BlobStore;
  beforeEach(async () => {
    subject = await open();
    store = subject.store;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('puts, reads, stats, lists and deletes', async () => {
    const content = crypto.randomBytes(300_000);
    const key = blobKey('A', 'JOB-1', 'JOB-1_20261121', 'source', 'ใบแจ้งหนี้ 1.csv');
    expect(await store.put(key, Readable.from([content.subarray(0, 1000), content.subarray(1000)]))).toEqual({
      size: content.length,
      sha256: sha256(content),
    });
    expect(Buffer.concat(await (await store.read(key)).toArray()).equals(content)).toBe(true);
    expect(await store.stat(key)).toEqual({ size: content.length });
    expect(await store.exists(key)).toBe(true);
    await store.put(blobKey('A', 'JOB-1', 'JOB-1_20261121', 'return_success', 'r.txt'), Buffer.from('ok'));
    await store.put(blobKey('A', 'JOB-10', 'x', 'source', 'other.csv'), Buffer.from('other'));
    await store.put(blobKey('A_', 'JOB-1', 'x', 'source', 'like.csv'), Buffer.from('like'));
    expect(await store.list('A/JOB-1')).toEqual([
      'A/JOB-1/JOB-1_20261121/return_success/r.txt',
      `A/JOB-1/JOB-1_20261121/source/ใบแจ้งหนี้ 1.csv`,
    ]);
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.stat(key)).toBeUndefined();
    await expect(store.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.list('B')).toEqual([]);
    expect(await subject.leftovers()).toBe(0);
  });

  it('replaces an existing key whole', async () => {
    await store.put('k/one', Buffer.from('first'));
    await store.put('k/one', Buffer.from('second'));
    expect(await text(await store.read('k/one'))).toBe('second');
    expect(await store.stat('k/one')).toEqual({ size: 6 });
    // The first content went with its last key: nothing for a sweep to do.
    expect(await subject.leftovers()).toBe(0);
    expect(await store.deleteUnreferenced()).toBe(0);
  });

  it('streams a file of several chunks in and out', async () => {
    const size = 5 * BLOB_CHUNK_BYTES + 12_345;
    const source = generated(size, 7);
    const stored = await store.put('big/file.bin', source.stream);
    expect(stored).toEqual({ size, sha256: await source.hash });
    const hash = crypto.createHash('sha256');
    let total = 0;
    let largest = 0;
    for await (const piece of await store.read('big/file.bin')) {
      hash.update(piece as Buffer);
      total += (piece as Buffer).length;
      largest = Math.max(largest, (piece as Buffer).length);
    }
    expect({ total, sha256: hash.digest('hex') }).toEqual({ total: size, sha256: stored.sha256 });
    // Read a piece at a time, never the whole file.
    expect(largest).toBeLessThanOrEqual(BLOB_CHUNK_BYTES);
  });

  it('a put that fails or is aborted mid-way leaves nothing readable and nothing behind', async () => {
    async function* failing() {
      for (let i = 0; i < 40; i += 1) yield Buffer.alloc(64 * 1024, i);
      throw Object.assign(new Error('the peer went away'), { code: 'ECONNRESET' });
    }
    await expect(store.put('k/broken', Readable.from(failing()))).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(await store.exists('k/broken')).toBe(false);
    await expect(store.read('k/broken')).rejects.toMatchObject({ code: 'ENOENT' });

    const controller = new AbortController();
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1;
        // Aborted once more than two chunks went in.
        if (pulled * 64 * 1024 > 2.5 * BLOB_CHUNK_BYTES) controller.abort();
        yield Buffer.alloc(64 * 1024, pulled % 256);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await expect(store.put('k/aborted', Readable.from(endless()), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await store.exists('k/aborted')).toBe(false);
    expect(await store.list('k')).toEqual([]);
    expect(await subject.leftovers()).toBe(0);
  });

  it('keeps equal content once, and deleting one key keeps the other readable', async () => {
    const content = crypto.randomBytes(BLOB_CHUNK_BYTES + 10);
    const [one, two] = await Promise.all([
      store.put('d/one', Readable.from([content])),
      store.put('d/two', Readable.from([content])),
    ]);
    expect(one).toEqual(two);
    await store.delete('d/one');
    expect(Buffer.concat(await (await store.read('d/two')).toArray()).equals(content)).toBe(true);
    await store.delete('d/two');
    expect(await store.deleteUnreferenced()).toBe(0);
    expect(await subject.leftovers()).toBe(0);
    if (name.startsWith('database')) {
      // One content row for the two keys while both existed: checked through a third put.
      await store.put('d/three', Readable.from([content]));
      await store.put('d/four', Readable.from([content]));
      const db = (store as unknown as { db: TestDatabase['db'] }).db;
      const contents = await db.kysely.selectFrom('blob_contents').select('sha256').execute();
      const chunks = await db.kysely.selectFrom('blob_chunks').select('seq').execute();
      expect(contents).toEqual([{ sha256: sha256(content) }]);
      expect(chunks).toHaveLength(2);
      // Content no key names (left by a race) goes in a sweep; named content stays.
      await db.kysely
        .insertInto('blob_contents')
        .values({ sha256: 'f'.repeat(64), size: 1, chunk_count: 1, created_at: 0 })
        .execute();
      await db.kysely
        .insertInto('blob_chunks')
        .values({ sha256: 'f'.repeat(64), seq: 0, data: Buffer.from('x') })
        .execute();
      expect(await subject.leftovers()).toBe(1);
      expect(await store.deleteUnreferenced()).toBe(1);
      expect(await subject.leftovers()).toBe(0);
      expect(await db.kysely.selectFrom('blob_chunks').select('seq').execute()).toHaveLength(2);
      expect(await store.stat('d/four')).toEqual({ size: content.length });
    }
  });
});

describe('a database store over an install that kept its files in the data folder', () => {
  it.each(DATABASE_KINDS)(
    'reads the old keys from the folder and new ones from the database (%s)',
    async (kind) => {
      const database = await createTestDatabase(kind);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-blob-legacy-'));
      try {
        const before = new LocalBlobStore(path.join(dataDir, 'files'));
        await before.put('A/J/I/source/old.csv', Buffer.from('old content'));
        const store = openBlobStore({ dataDir, fileStore: { kind: 'database' } }, database.db);
        await store.put('A/J/I2/source/new.csv', Buffer.from('new content'));
        expect(await text(await store.read('A/J/I/source/old.csv'))).toBe('old content');
        expect(await text(await store.read('A/J/I2/source/new.csv'))).toBe('new content');
        expect(await store.stat('A/J/I/source/old.csv')).toEqual({ size: 11 });
        expect(await store.list('A/J')).toEqual(['A/J/I/source/old.csv', 'A/J/I2/source/new.csv']);
        // New content is in the database only.
        expect(await before.exists('A/J/I2/source/new.csv')).toBe(false);
        expect(store.description).toMatch(/^the database/);
        await store.delete('A/J/I/source/old.csv');
        expect(await store.exists('A/J/I/source/old.csv')).toBe(false);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await database.drop();
      }
    },
  );
});

describe.each(DATABASE_KINDS)('the database store under load (%s)', (kind) => {
  it('runs a few puts at once and queues the rest, so the node keeps connections for its leases', async () => {
    const database = await createTestDatabase(kind);
    try {
      const store = new DatabaseBlobStore(database.db, BLOB_CHUNK_BYTES, 2);
      let reading = 0;
      let most = 0;
      const source = (n: number) =>
        Readable.from(
          (async function* () {
            reading += 1;
            most = Math.max(most, reading);
            for (let i = 0; i < 4; i += 1) {
              // A slow source (a network download): the puts overlap when they can.
              await deliberateDelay(20);
              yield Buffer.alloc(256 * 1024, n);
            }
            reading -= 1;
          })(),
        );
      const stored = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => store.put(`q/${n}`, source(n))));
      expect(stored.every((one) => one.size === BLOB_CHUNK_BYTES)).toBe(true);
      // SQLite has one connection: its transactions run one after the other anyway.
      expect(most).toBe(kind === 'postgres' ? 2 : 1);
      expect(await store.list('q')).toHaveLength(6);
    } finally {
      await database.drop();
    }
  });
});

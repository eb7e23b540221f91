import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { blobKey, missingBlob, type BlobStat, type BlobStore, type StoredBlob } from './blob-store.js';
import {
  addContent,
  blobEntry,
  chunkOf,
  deleteContentIfUnreferenced,
  deleteKey,
  dropChunks,
  insertChunk,
  keyContent,
  listKeys,
  nameChunks,
  pointKey,
  unreferencedContents,
} from './database-blob-store.repository.js';

/** Bytes per row of `blob_chunks`. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

function checkKey(key: string): string {
  blobKey(...key.split('/'));
  return key;
}

/** Escapes LIKE's wildcards so that a prefix matches only itself. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Cuts a stream into pieces of exactly `size` bytes (the last one shorter), copying each piece once. */
async function* chunksOf(source: AsyncIterable<Buffer | Uint8Array | string>, size: number) {
  let piece = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const incoming of source) {
    let data = typeof incoming === 'string' ? Buffer.from(incoming) : incoming;
    while (data.byteLength > 0) {
      const take = Math.min(size - filled, data.byteLength);
      piece.set(data.subarray(0, take), filled);
      filled += take;
      data = data.subarray(take);
      if (filled === size) {
        yield piece;
        piece = Buffer.allocUnsafe(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield piece.subarray(0, filled);
}

/**
 * The file store in the database itself (DESIGN §2 "Files"): every node of a cluster reads what any
 * node wrote. Content is kept once per SHA-256 (`blob_contents`), in chunks of 1 MiB (`blob_chunks`);
 * `blobs` maps keys to it. Memory stays flat: a put writes each chunk as it arrives and a read fetches
 * one chunk at a time.
 *
 * A put is one transaction: the chunks go in under a name of their own (`part-{random}`) while the
 * hash is not known yet; at the end the content row is added (or, when that content is already kept,
 * the new chunks are dropped: dedupe), the chunks get the hash as their name, and the key is pointed at
 * it. An abort or failure rolls all of it back: nothing is readable, nothing is left. When the put
 * resolves, the transaction is committed: durable and readable by every node.
 */
export class DatabaseBlobStore implements BlobStore {
  readonly description: string;

  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly chunkBytes = BLOB_CHUNK_BYTES,
    /**
     * Puts at once through this store: each holds a pooled connection for its transaction, and the
     * node's lease heartbeats and fenced writes must still find one (the pool has 10 by default).
     */
    private readonly putsAtOnce = 4,
  ) {
    this.description = `the database (${db.description})`;
  }

  /** Waits for a put slot; answers its release. */
  private async slot(signal?: AbortSignal): Promise<() => void> {
    while (this.running >= this.putsAtOnce) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (signal?.aborted) {
        // Not taking the slot it was woken for: the next waiter gets it.
        this.waiting.shift()?.();
        signal.throwIfAborted();
      }
    }
    this.running += 1;
    return () => {
      this.running -= 1;
      this.waiting.shift()?.();
    };
  }

  async put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    checkKey(key);
    signal?.throwIfAborted();
    const release = await this.slot(signal);
    try {
      return await this.putInSlot(key, content, signal);
    } finally {
      release();
    }
  }

  private async putInSlot(
    key: string,
    content: Readable | Uint8Array,
    signal?: AbortSignal,
  ): Promise<StoredBlob> {
    const source = content instanceof Readable ? content : Readable.from([Buffer.from(content)]);
    const onAbort = () =>
      source.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    let replaced: string | undefined;
    try {
      const stored = await this.db.kysely.transaction().execute(async (trx) => {
        const part = `part-${crypto.randomBytes(16).toString('hex')}`;
        const hash = crypto.createHash('sha256');
        let size = 0;
        let seq = 0;
        for await (const chunk of chunksOf(source, this.chunkBytes)) {
          hash.update(chunk);
          size += chunk.byteLength;
          await insertChunk(trx, part, seq, chunk);
          seq += 1;
        }
        signal?.throwIfAborted();
        const sha256 = hash.digest('hex');
        const now = await databaseNow(trx, this.db.dialect);
        const added = await addContent(trx, this.db.dialect, {
          sha256,
          size,
          chunk_count: seq,
          created_at: now,
        });
        if (added) await nameChunks(trx, part, sha256);
        else await dropChunks(trx, part);
        const before = await keyContent(trx, key);
        if (before && before.sha256 !== sha256) replaced = before.sha256;
        await pointKey(trx, key, sha256, size, now);
        return { size, sha256 };
      });
      // The content the key named before goes when no other key names it (best effort: a sweep of
      // unreferenced content removes what is left).
      if (replaced) await deleteContentIfUnreferenced(this.db, replaced).catch(() => false);
      return stored;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private async entry(key: string) {
    return blobEntry(this.db.kysely, checkKey(key));
  }

  async read(key: string): Promise<Readable> {
    const found = await this.entry(key);
    if (!found) throw missingBlob(key);
    const { db } = this;
    const { sha256 } = found;
    const chunks = Number(found.chunks);
    async function* content() {
      for (let seq = 0; seq < chunks; seq += 1) {
        const row = await chunkOf(db.kysely, sha256, seq);
        // Content removed while it was read (its last key deleted): the reader gets an error, not less.
        if (!row) throw missingBlob(key);
        yield Buffer.from(row.data);
      }
    }
    return Readable.from(content(), { objectMode: false, highWaterMark: 1 });
  }

  async stat(key: string): Promise<BlobStat | undefined> {
    const found = await this.entry(key);
    return found ? { size: Number(found.size) } : undefined;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.entry(key)) !== undefined;
  }

  /** Removes the key, and its content when no other key names it. */
  async delete(key: string): Promise<void> {
    checkKey(key);
    const removed = await deleteKey(this.db.kysely, key);
    if (removed) await deleteContentIfUnreferenced(this.db, removed.sha256);
  }

  async list(prefix: string): Promise<string[]> {
    return listKeys(this.db.kysely, prefix === '' ? undefined : likePrefix(`${checkKey(prefix)}/`));
  }

  async deleteUnreferenced(): Promise<number> {
    const orphans = await unreferencedContents(this.db.kysely);
    let count = 0;
    for (const { sha256 } of orphans) if (await deleteContentIfUnreferenced(this.db, sha256)) count += 1;
    return count;
  }
}

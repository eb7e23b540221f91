import type { Readable } from 'node:stream';
import type { BlobStore, StoredBlob } from '../engine/files/blob-store.js';

/**
 * A file store that hands every call to `store`: the base of the tests' faulty stores, which override
 * `put` to fail (a full disk) or to act once a put is durable (cut a link there).
 */
export class DelegatingBlobStore implements BlobStore {
  constructor(protected readonly store: BlobStore) {}

  get description(): string {
    return this.store.description;
  }
  put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    return this.store.put(key, content, signal);
  }
  read(key: string): Promise<Readable> {
    return this.store.read(key);
  }
  exists(key: string): Promise<boolean> {
    return this.store.exists(key);
  }
  stat(key: string) {
    return this.store.stat(key);
  }
  delete(key: string): Promise<void> {
    return this.store.delete(key);
  }
  list(prefix: string): Promise<string[]> {
    return this.store.list(prefix);
  }
  deleteUnreferenced(): Promise<number> {
    return this.store.deleteUnreferenced();
  }
}

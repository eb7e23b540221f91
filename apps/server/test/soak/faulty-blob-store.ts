import type { Readable } from 'node:stream';
import type { BlobStore, StoredBlob } from '../../src/engine/files/blob-store.js';

/**
 * The node's file store with a fault point: the `at`-th put (counting from 1) triggers `onPut` once it
 * is durable (a link cut there), or — with `failFrom` — that put and every later one fail with ENOSPC
 * until `heal()`, as a full disk does.
 */
export class FaultyBlobStore implements BlobStore {
  private puts = 0;
  private full = false;

  constructor(
    private readonly store: BlobStore,
    private readonly fault: { at: number; kind: 'after-put' | 'fail-from'; onPut?: () => void },
  ) {}

  heal(): void {
    this.full = false;
  }

  async put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    this.puts += 1;
    if (this.fault.kind === 'fail-from' && this.puts === this.fault.at) this.full = true;
    if (this.full) {
      if ('destroy' in content) content.destroy();
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    const stored = await this.store.put(key, content, signal);
    if (this.fault.kind === 'after-put' && this.puts === this.fault.at) this.fault.onPut?.();
    return stored;
  }

  read(key: string): Promise<Readable> {
    return this.store.read(key);
  }
  exists(key: string): Promise<boolean> {
    return this.store.exists(key);
  }
  get description(): string {
    return this.store.description;
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

import type { Readable } from 'node:stream';
import type { BlobStore, StoredBlob } from '../../src/engine/files/blob-store.js';
import { DelegatingBlobStore } from '../../src/test-support/delegating-blob-store.js';

/**
 * The node's file store with a fault point: the `at`-th put (counting from 1) triggers `onPut` once it
 * is durable (a link cut there), or — with `fail-from` — that put and every later one fail with ENOSPC
 * (or EROFS) until `heal()`, as a full or read-only disk does.
 */
export class FaultyBlobStore extends DelegatingBlobStore {
  private puts = 0;
  private full = false;

  constructor(
    store: BlobStore,
    private readonly fault: {
      at: number;
      kind: 'after-put' | 'fail-from';
      onPut?: () => void;
      /** What a failing put says: a full disk, or one remounted read-only. */
      code?: 'ENOSPC' | 'EROFS';
    },
  ) {
    super(store);
  }

  heal(): void {
    this.full = false;
  }

  override async put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    this.puts += 1;
    if (this.fault.kind === 'fail-from' && this.puts === this.fault.at) this.full = true;
    if (this.full) {
      if ('destroy' in content) content.destroy();
      if (this.fault.code === 'EROFS')
        throw Object.assign(new Error('EROFS: read-only file system, open'), {
          code: 'EROFS',
          errno: -30,
          syscall: 'open',
        });
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
}

import type fs from 'node:fs/promises';
import type { ChunkSink } from './read-ahead.js';

/** How many bytes a download writes between two background syncs (when it is to be made durable). */
export const SYNC_EVERY_BYTES = 16 * 1024 * 1024;

interface QueuedChunk {
  chunk: Buffer;
  written: () => void;
  failed: (error: unknown) => void;
}

/**
 * Writes the chunks of a download, handed over in file order, to a local file. One write at a time:
 * whatever arrived while it ran goes out in the next single `writev`, so a fast connection makes few,
 * large writes and no two threads contend for the file.
 *
 * With `syncEveryBytes`, an fdatasync starts in the background each time that many bytes were written
 * since the last one began (never two at once), so the disk writes while the network still delivers and
 * the sync in `finish` finds only the tail left to flush; durability is decided by that final sync alone.
 */
export class LocalFileSink implements ChunkSink {
  private queue: QueuedChunk[] = [];
  private writing = false;
  private nextPosition = 0;
  private bytesSinceSync = 0;
  private backgroundSync: Promise<void> | undefined;
  private failure: unknown;

  constructor(
    private readonly file: fs.FileHandle,
    private readonly syncEveryBytes: number | undefined,
  ) {}

  write(chunk: Buffer, position: number): Promise<void> {
    if (position !== this.nextPosition)
      return Promise.reject(new Error(`chunk at ${position} handed over, ${this.nextPosition} expected`));
    this.nextPosition += chunk.length;
    return new Promise<void>((written, failed) => {
      if (this.failure !== undefined) return failed(this.failure);
      this.queue.push({ chunk, written, failed });
      if (!this.writing) void this.writeQueued();
    });
  }

  /** Waits for the background sync; with `sync`, flushes what is still unsynced (call after the last write). */
  async finish(sync: boolean): Promise<void> {
    await this.backgroundSync;
    if (this.failure !== undefined) throw this.failure;
    if (sync) await this.file.datasync();
  }

  private async writeQueued(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0 && this.failure === undefined) {
      const batch = this.queue;
      this.queue = [];
      const position = this.nextPosition - batch.reduce((sum, queued) => sum + queued.chunk.length, 0);
      try {
        const bytes = await this.writeAll(
          batch.map((queued) => queued.chunk),
          position,
        );
        this.syncInBackground(bytes);
        for (const queued of batch) queued.written();
      } catch (error) {
        this.failure = error;
        for (const queued of [...batch, ...this.queue]) queued.failed(error);
        this.queue = [];
      }
    }
    // A background sync failed meanwhile: what is still queued will never be written.
    for (const queued of this.queue) queued.failed(this.failure);
    this.queue = [];
    this.writing = false;
  }

  /** One pwritev, repeated for the rest should the file system take less than everything. */
  private async writeAll(chunks: Buffer[], position: number): Promise<number> {
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    let done = 0;
    let rest = chunks;
    while (done < total) {
      const { bytesWritten } = await this.file.writev(rest, position + done);
      if (bytesWritten <= 0) throw new Error('the local file system accepted no bytes');
      done += bytesWritten;
      rest = remainderAfter(rest, bytesWritten);
    }
    return total;
  }

  private syncInBackground(bytes: number): void {
    if (this.syncEveryBytes === undefined) return;
    this.bytesSinceSync += bytes;
    if (this.backgroundSync || this.bytesSinceSync < this.syncEveryBytes) return;
    this.bytesSinceSync = 0;
    this.backgroundSync = this.file.datasync().then(
      () => {
        this.backgroundSync = undefined;
      },
      (error: unknown) => {
        this.backgroundSync = undefined;
        this.failure ??= error;
      },
    );
  }
}

/** The buffers left once the first `skip` bytes of `chunks` are taken. */
function remainderAfter(chunks: Buffer[], skip: number): Buffer[] {
  const rest: Buffer[] = [];
  let left = skip;
  for (const chunk of chunks) {
    if (left >= chunk.length) left -= chunk.length;
    else {
      rest.push(left > 0 ? chunk.subarray(left) : chunk);
      left = 0;
    }
  }
  return rest;
}

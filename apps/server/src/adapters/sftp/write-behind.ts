import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError, abortedError } from './sftp-error.js';

export interface WriteBehindOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((transferredBytes: number) => void) | undefined;
  sha256?: boolean | undefined;
}

/** Cuts and joins a stream's chunks into pieces of exactly `size` bytes (the last one shorter). */
async function* piecesOf(source: AsyncIterable<unknown>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const raw of source) {
    let chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as string);
    while (chunk.length > 0) {
      const take = Math.min(size - length, chunk.length);
      parts.push(chunk.subarray(0, take));
      length += take;
      chunk = chunk.subarray(take);
      if (length === size) {
        yield parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
        parts = [];
        length = 0;
      }
    }
  }
  if (length > 0) yield parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
}

/**
 * Writes a stream to an open remote file with up to `maxInFlight` WRITE requests outstanding (ssh2 copies
 * each piece into its packet, so nothing is held after sending). Resolves when every write is
 * acknowledged. On abort, a lost connection or a refused write it rejects at once and destroys the
 * source; writes already sent are completed by the server before any later CLOSE or REMOVE.
 */
export async function writeBehind(
  channel: SftpChannel,
  handle: Buffer,
  source: Readable,
  options: WriteBehindOptions,
  what: string,
): Promise<{ bytes: number; sha256: string | undefined }> {
  const { sftp } = channel;
  const { chunkBytes, maxInFlight } = channel.tuning;
  const hash = options.sha256 ? crypto.createHash('sha256') : undefined;
  let failure: SftpError | undefined;
  let inFlight = 0;
  let sentBytes = 0;
  let acknowledgedBytes = 0;
  let wake: (() => void) | undefined;
  let stop: (error: SftpError) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = reject;
  });
  stopped.catch(() => {});
  const fail = (error: SftpError) => {
    if (failure) return;
    failure = error;
    source.destroy();
    stop(error);
    wake?.();
  };
  const onAbort = () => fail(abortedError(what, options.signal));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const stopWatchingLost = channel.onLost((lost) =>
    fail(new SftpError(lost.code, `${what}: ${lost.message}`)),
  );
  const slotFreed = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });

  const send = (piece: Buffer) => {
    const position = sentBytes;
    sentBytes += piece.length;
    inFlight++;
    sftp.write(handle, piece, 0, piece.length, position, (error) => {
      inFlight--;
      if (error) fail(channel.error(error, what));
      else {
        acknowledgedBytes += piece.length;
        try {
          options.onProgress?.(acknowledgedBytes);
        } catch (progressError) {
          fail(channel.error(progressError, `${what}: progress callback`));
        }
      }
      const waiting = wake;
      wake = undefined;
      waiting?.();
    });
  };

  try {
    if (options.signal?.aborted) onAbort();
    const pieces = piecesOf(source, chunkBytes);
    for (;;) {
      if (failure) throw failure;
      const next = pieces.next();
      next.catch(() => {}); // after a failure nobody waits for it
      const { value, done } = await Promise.race([next, stopped]);
      if (done) break;
      hash?.update(value);
      while (inFlight >= maxInFlight && !failure) await slotFreed();
      if (failure) throw failure;
      send(value);
    }
    while (inFlight > 0 && !failure) await slotFreed();
    if (failure) throw failure;
    return { bytes: acknowledgedBytes, sha256: hash?.digest('hex') };
  } catch (error) {
    const mapped = failure ?? channel.error(error, `${what}: reading the source`);
    fail(mapped);
    throw mapped;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stopWatchingLost();
  }
}

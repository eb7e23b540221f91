import crypto from 'node:crypto';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError, abortedError } from './sftp-error.js';

/** Where downloaded bytes go; `write` is called in file order, and may be called again before it settles. */
export interface ChunkSink {
  write(chunk: Buffer, position: number): Promise<void>;
}

export interface ReadAheadOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((transferredBytes: number, totalBytes: number) => void) | undefined;
  sha256?: boolean | undefined;
}

/**
 * Reads `size` bytes of an open remote file with up to `maxInFlight` READ requests outstanding and hands
 * them to the sink in order. A slot is held from the request until the sink has taken the chunk, so memory
 * stays at most chunkBytes × maxInFlight whatever the file size. A short read asks again for the rest;
 * end of file before `size` is a SIZE_MISMATCH (the file shrank). With the last read goes one more at
 * `size`, which must find the end of the file (else it grew): the server answers in order, so this checks
 * the size after every other read without a round trip of its own. Abort or a lost connection stops
 * issuing at once and rejects; answers still on the wire are dropped.
 */
export function readAhead(
  channel: SftpChannel,
  handle: Buffer,
  size: number,
  sink: ChunkSink,
  options: ReadAheadOptions,
  what: string,
): Promise<{ bytes: number; sha256: string | undefined }> {
  const { sftp } = channel;
  const { chunkBytes, maxInFlight } = channel.tuning;
  const hash = options.sha256 ? crypto.createHash('sha256') : undefined;
  return new Promise((resolve, reject) => {
    let requestedUpTo = 0;
    let deliveredUpTo = 0;
    let writtenBytes = 0;
    let slotsInUse = 0;
    let endConfirmed = false;
    let endProbeSent = false;
    let settled = false;
    const arrived = new Map<number, Buffer>();

    const fail = (error: SftpError) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(error);
    };
    const onAbort = () => fail(abortedError(what, options.signal));
    const stopWatchingLost = channel.onLost((lost) =>
      fail(new SftpError(lost.code, `${what}: ${lost.message}`)),
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    function cleanup() {
      options.signal?.removeEventListener('abort', onAbort);
      stopWatchingLost();
      arrived.clear();
    }

    const readInto = (buffer: Buffer, filled: number, position: number) => {
      sftp.read(handle, buffer, filled, buffer.length - filled, position + filled, (error, bytesRead) => {
        if (settled) return;
        if (error) return fail(channel.error(error, what));
        if (bytesRead === 0)
          return fail(
            new SftpError('SIZE_MISMATCH', `${what}: the file ended early (it shrank while being read)`),
          );
        const total = filled + bytesRead;
        if (total < buffer.length) {
          try {
            return readInto(buffer, total, position);
          } catch (retryError) {
            return fail(channel.error(retryError, what));
          }
        }
        arrived.set(position, buffer);
        deliver();
      });
    };

    const probeEnd = () => {
      endProbeSent = true;
      sftp.read(handle, Buffer.allocUnsafe(1), 0, 1, size, (error, bytesRead) => {
        if (settled) return;
        if (error) return fail(channel.error(error, what));
        if (bytesRead > 0)
          return fail(
            new SftpError('SIZE_MISMATCH', `${what}: the file grew while being read (over ${size} bytes)`),
          );
        endConfirmed = true;
        issue();
      });
    };

    const deliver = () => {
      for (let chunk = arrived.get(deliveredUpTo); chunk; chunk = arrived.get(deliveredUpTo)) {
        arrived.delete(deliveredUpTo);
        const position = deliveredUpTo;
        deliveredUpTo += chunk.length;
        hash?.update(chunk);
        sink.write(chunk, position).then(
          () => {
            if (settled) return;
            slotsInUse--;
            writtenBytes += chunk.length;
            try {
              options.onProgress?.(writtenBytes, size);
            } catch (error) {
              return fail(channel.error(error, `${what}: progress callback`));
            }
            issue();
          },
          (error: unknown) => fail(channel.error(error, `${what}: writing locally`)),
        );
      }
    };

    const issue = () => {
      while (!settled && slotsInUse < maxInFlight && requestedUpTo < size) {
        const position = requestedUpTo;
        const length = Math.min(chunkBytes, size - position);
        requestedUpTo += length;
        slotsInUse++;
        try {
          readInto(Buffer.allocUnsafe(length), 0, position);
        } catch (error) {
          fail(channel.error(error, what));
        }
      }
      try {
        if (!settled && !endProbeSent && requestedUpTo === size) probeEnd();
      } catch (error) {
        fail(channel.error(error, what));
      }
      if (!settled && writtenBytes === size && endConfirmed) {
        settled = true; // late callbacks now do nothing
        cleanup();
        resolve({ bytes: writtenBytes, sha256: hash?.digest('hex') });
      }
    };

    if (options.signal?.aborted) return onAbort();
    issue();
  });
}

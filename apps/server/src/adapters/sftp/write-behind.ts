import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { PieceCutter } from './piece-cutter.js';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError, abortedError } from './sftp-error.js';

export interface WriteBehindOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((transferredBytes: number) => void) | undefined;
  sha256?: boolean | undefined;
}

/**
 * Writes a stream to an open remote file with up to `maxInFlight` WRITE requests outstanding. Resolves
 * when every write is acknowledged; `afterLastWrite` is called once the last WRITE is sent, before its
 * answer, so the caller can send what follows on the same handle without waiting a round trip. On abort, a lost connection or a refused write it rejects at once
 * and destroys the source; writes already sent are completed by the server before any later CLOSE or
 * REMOVE.
 *
 * Memory stays flat whatever the size: the source is pulled (`read()`) only while a request slot is
 * free, so it buffers no more than its own highWaterMark, and ssh2 copies each piece into its packet, so
 * nothing is held after sending. It is driven by the stream's events and the write callbacks, without a
 * promise per piece (a long-lived promise raced against every piece kept each piece reachable until the
 * end: a 200 MiB upload held 200 MiB).
 */
export function writeBehind(
  channel: SftpChannel,
  handle: Buffer,
  source: Readable,
  options: WriteBehindOptions,
  what: string,
  afterLastWrite?: () => void,
): Promise<{ bytes: number; sha256: string | undefined }> {
  const { sftp } = channel;
  const { chunkBytes, maxInFlight } = channel.tuning;
  const hash = options.sha256 ? crypto.createHash('sha256') : undefined;
  const pieces = new PieceCutter(chunkBytes);
  return new Promise((resolve, reject) => {
    let settled = false;
    let sourceEnded = false;
    let allSent = false;
    let inFlight = 0;
    let sentBytes = 0;
    let acknowledgedBytes = 0;

    const fail = (error: SftpError) => {
      if (settled) return;
      settled = true;
      cleanup();
      source.destroy();
      reject(error);
    };
    const onAbort = () => fail(abortedError(what, options.signal));
    const onSourceError = (error: unknown) => fail(channel.error(error, `${what}: reading the source`));
    const onSourceEnd = () => {
      sourceEnded = true;
      pump();
    };
    const stopWatchingLost = channel.onLost((lost) =>
      fail(new SftpError(lost.code, `${what}: ${lost.message}`)),
    );
    function cleanup() {
      options.signal?.removeEventListener('abort', onAbort);
      stopWatchingLost();
      source.removeListener('readable', pump);
      source.removeListener('end', onSourceEnd);
      source.removeListener('error', onSourceError);
      // A late error of the destroyed source must not crash the process.
      source.on('error', () => {});
    }

    const acknowledged = (error: Error | null | undefined, length: number) => {
      if (settled) return;
      inFlight--;
      if (error) return fail(channel.error(error, what));
      acknowledgedBytes += length;
      try {
        options.onProgress?.(acknowledgedBytes);
      } catch (progressError) {
        return fail(channel.error(progressError, `${what}: progress callback`));
      }
      pump();
    };

    const send = (piece: Buffer) => {
      const position = sentBytes;
      const { length } = piece;
      sentBytes += length;
      inFlight++;
      hash?.update(piece);
      sftp.write(handle, piece, 0, length, position, (error) => acknowledged(error, length));
    };

    /** Pulls from the source while a slot is free; ssh2 answers in order, so the last write is last. */
    function pump() {
      try {
        while (!settled && inFlight < maxInFlight) {
          const piece = pieces.take(source, sourceEnded);
          if (!piece) break;
          send(piece);
        }
      } catch (error) {
        return fail(channel.error(error, what));
      }
      if (settled || !sourceEnded || !pieces.isEmpty) return;
      if (!allSent) {
        allSent = true;
        try {
          afterLastWrite?.();
        } catch (error) {
          return fail(channel.error(error, what));
        }
      }
      if (inFlight === 0) {
        settled = true;
        cleanup();
        resolve({ bytes: acknowledgedBytes, sha256: hash?.digest('hex') });
      }
    }

    options.signal?.addEventListener('abort', onAbort, { once: true });
    source.on('error', onSourceError);
    source.on('end', onSourceEnd);
    source.on('readable', pump);
    if (options.signal?.aborted) onAbort();
  });
}

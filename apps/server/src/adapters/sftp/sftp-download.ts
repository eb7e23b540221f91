import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Stats } from 'ssh2';
import { closeRemoteHandle } from './remote-handle.js';
import { readAhead, type ChunkSink, type ReadAheadOptions } from './read-ahead.js';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError, throwIfAborted } from './sftp-error.js';
import { temporaryName } from './temporary-name.js';

export interface DownloadOptions extends ReadAheadOptions {
  /**
   * To a local path: flush the file to disk before it gets its final name (default true), so a crash
   * cannot leave a short file under the final name after the source was deleted. Costs one fsync per file.
   */
  syncToDisk?: boolean | undefined;
}

export interface DownloadResult {
  bytes: number;
  /** Hex SHA-256 of the bytes delivered, when asked for with `sha256: true`. */
  sha256: string | undefined;
}

function fileSink(file: fs.FileHandle): ChunkSink {
  return {
    write: async (chunk, position) => {
      await file.write(chunk, 0, chunk.length, position);
    },
  };
}

function writableSink(stream: Writable): ChunkSink {
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        stream.write(chunk, (error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readRemote(
  channel: SftpChannel,
  remotePath: string,
  sink: ChunkSink,
  options: DownloadOptions,
  what: string,
): Promise<DownloadResult> {
  const { sftp } = channel;
  const handle = await channel.request<Buffer>(what, (done) => sftp.open(remotePath, 'r', done));
  try {
    const stats = await channel.request<Stats>(what, (done) => sftp.fstat(handle, done));
    if (!stats.isFile()) throw new SftpError('FAILED', `${what}: not a regular file`);
    const result = await readAhead(channel, handle, stats.size, sink, options, what);
    // Every byte is here and checked: the CLOSE need not hold the caller up by a round trip.
    void closeRemoteHandle(channel, handle);
    return result;
  } catch (error) {
    await closeRemoteHandle(channel, handle);
    throw error;
  }
}

/**
 * See SftpSession.download. To a local path the bytes go to `.{name}.lis-part-{random}` beside it, are
 * synced to disk, and only then renamed; on any failure (abort included) the temporary file is removed.
 */
export async function downloadFile(
  channel: SftpChannel,
  remotePath: string,
  target: string | Writable,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const what = `downloading ${remotePath} from ${channel.where}`;
  throwIfAborted(options.signal, what);
  if (typeof target !== 'string') return readRemote(channel, remotePath, writableSink(target), options, what);

  const temporary = path.join(path.dirname(target), temporaryName(path.basename(target)));
  let file: fs.FileHandle | undefined;
  try {
    file = await fs.open(temporary, 'wx');
    const result = await readRemote(channel, remotePath, fileSink(file), options, what);
    if (options.syncToDisk !== false) await file.datasync();
    await file.close();
    file = undefined;
    throwIfAborted(options.signal, what);
    await fs.rename(temporary, target);
    return result;
  } catch (error) {
    await file?.close().catch(() => {});
    await fs.rm(temporary, { force: true }).catch(() => {});
    throw channel.error(error, what);
  }
}

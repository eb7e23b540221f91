import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Stats } from 'ssh2';
import { syncDirectory } from '../../platform/sync-directory.js';
import { LocalFileSink, SYNC_EVERY_BYTES } from './local-file-sink.js';
import { closeRemoteHandle } from './remote-handle.js';
import { readAhead, type ChunkSink, type ReadAheadOptions } from './read-ahead.js';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError, throwIfAborted } from './sftp-error.js';
import { temporaryName } from './temporary-name.js';

export interface DownloadOptions extends ReadAheadOptions {
  /**
   * To a local path: flush the file to disk before it gets its final name (default true), so a crash
   * cannot leave a short file under the final name after the source was deleted, and flush its folder
   * after the rename, so the final name itself survives a power loss. Costs two fsyncs per file (a batch,
   * `SftpSession.downloadMany`, syncs each folder once at its end instead).
   */
  syncToDisk?: boolean | undefined;
}

export interface DownloadResult {
  bytes: number;
  /** Hex SHA-256 of the bytes delivered, when asked for with `sha256: true`. */
  sha256: string | undefined;
}

function writableSink(stream: Writable): ChunkSink {
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        stream.write(chunk, (error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Opens `remotePath` and learns its size in one round trip: a STAT by path goes right behind the OPEN
 * (the server handles them in order). Should the file be replaced in between, the reads still catch a
 * different size (a short read, or a byte past the end, is SIZE_MISMATCH). A server refusing that STAT
 * is asked FSTAT on the handle instead.
 */
async function openRemote(
  channel: SftpChannel,
  remotePath: string,
  what: string,
): Promise<{ handle: Buffer; stats: Stats }> {
  const { sftp } = channel;
  const [opened, statted] = await Promise.allSettled([
    channel.request<Buffer>(what, (done) => sftp.open(remotePath, 'r', done)),
    channel.request<Stats>(what, (done) => sftp.stat(remotePath, done)),
  ]);
  if (opened.status === 'rejected') throw opened.reason;
  const handle = opened.value;
  if (statted.status === 'fulfilled') return { handle, stats: statted.value };
  try {
    return { handle, stats: await channel.request<Stats>(what, (done) => sftp.fstat(handle, done)) };
  } catch (error) {
    await closeRemoteHandle(channel, handle);
    throw error;
  }
}

/** Reads the remote file into the sink `openSink` gives, which is opened while the remote file opens. */
async function readRemote(
  channel: SftpChannel,
  remotePath: string,
  openSink: () => Promise<ChunkSink>,
  options: DownloadOptions,
  what: string,
): Promise<DownloadResult> {
  // Both settle before anything is thrown, so the caller's cleanup sees the local file if it was made.
  const [remote, local] = await Promise.allSettled([openRemote(channel, remotePath, what), openSink()]);
  if (remote.status === 'rejected') throw remote.reason;
  const { handle, stats } = remote.value;
  try {
    if (local.status === 'rejected') throw local.reason;
    if (!stats.isFile()) throw new SftpError('FAILED', `${what}: not a regular file`);
    const result = await readAhead(channel, handle, stats.size, local.value, options, what);
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
  /** False: the caller syncs the folder (once for a batch). */
  syncFolder = true,
): Promise<DownloadResult> {
  const what = `downloading ${remotePath} from ${channel.where}`;
  throwIfAborted(options.signal, what);
  if (typeof target !== 'string')
    return readRemote(channel, remotePath, () => Promise.resolve(writableSink(target)), options, what);

  const temporary = path.join(path.dirname(target), temporaryName(path.basename(target)));
  const syncToDisk = options.syncToDisk !== false;
  let file: fs.FileHandle | undefined;
  let sink: LocalFileSink | undefined;
  const openSink = async () => {
    file = await fs.open(temporary, 'wx');
    sink = new LocalFileSink(file, syncToDisk ? SYNC_EVERY_BYTES : undefined);
    return sink;
  };
  try {
    const result = await readRemote(channel, remotePath, openSink, options, what);
    // Both are set once readRemote resolves.
    await sink?.finish(syncToDisk);
    throwIfAborted(options.signal, what);
    const closing = file?.close();
    file = undefined;
    // Once synced, the bytes are safe whatever the close says: the rename need not wait for it (one
    // thread-pool round trip less per file). Unsynced, a close may still report a failed write (NFS),
    // so the file gets its final name only after a clean close.
    if (syncToDisk) await Promise.all([closing, fs.rename(temporary, target)]);
    else {
      await closing;
      await fs.rename(temporary, target);
    }
    if (syncToDisk && syncFolder) await syncDirectory(path.dirname(target));
    return result;
  } catch (error) {
    await file?.close().catch(() => {});
    // After a failed close with the rename done, this finds nothing: the synced file keeps its name.
    await fs.rm(temporary, { force: true }).catch(() => {});
    throw channel.error(error, what);
  }
}

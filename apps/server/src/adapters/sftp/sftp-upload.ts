import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Stats } from 'ssh2';
import { CLEANUP_TIMEOUT_MS, closeRemoteHandle, settleWithin } from './remote-handle.js';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError, throwIfAborted } from './sftp-error.js';
import { temporaryName } from './temporary-name.js';
import { writeBehind, type WriteBehindOptions } from './write-behind.js';

export type UploadOptions = WriteBehindOptions;

export interface UploadResult {
  bytes: number;
  /** Hex SHA-256 of the bytes sent, when asked for with `sha256: true`. */
  sha256: string | undefined;
  /** True when the final rename was posix-rename@openssh.com (an existing file replaced atomically). */
  atomicRename: boolean;
}

const UNSUPPORTED_EXTENSION = /does not support/i;

/**
 * Renames `from` onto `to`, replacing `to` if it exists. With posix-rename@openssh.com (OpenSSH and most
 * servers) that is one atomic step: readers see the old file or the new one. Without it, SFTP v3 RENAME
 * refuses an existing target on most servers, so the old file is removed first and renamed over: for that
 * moment the final name is absent (never half-written). Returns whether the atomic path was used.
 */
async function renameOver(channel: SftpChannel, from: string, to: string, what: string): Promise<boolean> {
  const { sftp } = channel;
  let supported = true;
  await channel.request<void>(what, (done) => {
    try {
      sftp.ext_openssh_rename(from, to, done);
    } catch (error) {
      if (!(error instanceof Error && UNSUPPORTED_EXTENSION.test(error.message))) throw error;
      supported = false;
      done(undefined, undefined);
    }
  });
  if (supported) return true;
  const rename = () => channel.request<void>(what, (done) => sftp.rename(from, to, done));
  try {
    await rename();
  } catch (error) {
    const existing = await channel
      .request<Stats>(what, (done) => sftp.lstat(to, done))
      .catch(() => undefined);
    if (!existing?.isFile()) throw error;
    await channel.request<void>(what, (done) => sftp.unlink(to, done));
    await rename();
  }
  return false;
}

/** See SftpSession.upload. On any failure (abort included) the temporary file is removed. */
export async function uploadFile(
  channel: SftpChannel,
  source: string | Readable,
  remotePath: string,
  options: UploadOptions,
): Promise<UploadResult> {
  const what = `uploading to ${remotePath} on ${channel.where}`;
  const { sftp } = channel;
  throwIfAborted(options.signal, what);
  const temporary = path.posix.join(
    path.posix.dirname(remotePath),
    temporaryName(path.posix.basename(remotePath)),
  );
  let localFile: fs.FileHandle | undefined;
  let handle: Buffer | undefined;
  let temporaryCreated = false;
  try {
    if (typeof source === 'string') localFile = await fs.open(source, 'r');
    const stream =
      localFile?.createReadStream({ highWaterMark: channel.tuning.chunkBytes }) ?? (source as Readable);
    handle = await channel.request<Buffer>(what, (done) => sftp.open(temporary, 'wx', done));
    temporaryCreated = true;
    const written = await writeBehind(channel, handle, stream, options, what);
    const closing = handle;
    handle = undefined;
    // FSTAT then CLOSE back to back: the server answers in order, one round trip for both.
    const [stats] = await Promise.all([
      channel.request<Stats>(what, (done) => sftp.fstat(closing, done)),
      channel.request<void>(what, (done) => sftp.close(closing, done)),
    ]);
    if (stats.size !== written.bytes)
      throw new SftpError(
        'SIZE_MISMATCH',
        `${what}: ${written.bytes} bytes sent, the server holds ${stats.size}`,
      );
    throwIfAborted(options.signal, what);
    const atomicRename = await renameOver(channel, temporary, remotePath, what);
    temporaryCreated = false;
    return { ...written, atomicRename };
  } catch (error) {
    if (handle) await closeRemoteHandle(channel, handle);
    if (temporaryCreated && !channel.lostError)
      await settleWithin(
        channel.request<void>(what, (done) => sftp.unlink(temporary, done)),
        CLEANUP_TIMEOUT_MS,
      );
    throw channel.error(error, what);
  } finally {
    await localFile?.close().catch(() => {});
  }
}

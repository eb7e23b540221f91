import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FileEntryWithStats, Stats } from 'ssh2';
import type { SftpChannel } from './sftp-channel.js';
import { SftpError } from './sftp-error.js';
import { downloadFile, type DownloadOptions, type DownloadResult } from './sftp-download.js';
import { uploadFile, type UploadOptions, type UploadResult } from './sftp-upload.js';
import {
  downloadMany,
  uploadMany,
  type DownloadItem,
  type ManyOptions,
  type UploadItem,
} from './sftp-many.js';

/** One entry of a remote folder (or the answer of `stat`). Symbolic links are neither file nor folder. */
export interface SftpEntry {
  name: string;
  size: number;
  /** SFTP v3 carries whole seconds. */
  mtimeMs: number;
  isFile: boolean;
  isDirectory: boolean;
}

function toEntry(name: string, stats: Stats): SftpEntry {
  return {
    name,
    size: stats.size,
    mtimeMs: stats.mtime * 1000,
    isFile: stats.isFile(),
    isDirectory: stats.isDirectory(),
  };
}

/**
 * An open sFTP connection. Paths are passed to the server as given: callers confine them first
 * (`confinedPath`). Every method rejects with an SftpError.
 */
export class SftpSession {
  constructor(private readonly channel: SftpChannel) {}

  /** host:port, for messages. */
  get where(): string {
    return this.channel.where;
  }

  /** The entries of `dir` (without '.' and '..'), sorted by name. */
  async list(dir: string): Promise<SftpEntry[]> {
    const { sftp } = this.channel;
    const list = await this.channel.request<FileEntryWithStats[]>(`listing ${dir} on ${this.where}`, (done) =>
      sftp.readdir(dir, done),
    );
    return list
      .filter((item) => item.filename !== '.' && item.filename !== '..')
      .map((item) => toEntry(item.filename, item.attrs))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The entry at `remotePath` (not following a final symbolic link). */
  async stat(remotePath: string): Promise<SftpEntry> {
    const { sftp } = this.channel;
    const stats = await this.channel.request<Stats>(`reading ${remotePath} on ${this.where}`, (done) =>
      sftp.lstat(remotePath, done),
    );
    return toEntry(path.posix.basename(remotePath), stats);
  }

  async exists(remotePath: string): Promise<boolean> {
    try {
      await this.stat(remotePath);
      return true;
    } catch (error) {
      if (error instanceof SftpError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  /** Removes one file. */
  async remove(remotePath: string): Promise<void> {
    const { sftp } = this.channel;
    await this.channel.request<void>(`removing ${remotePath} on ${this.where}`, (done) =>
      sftp.unlink(remotePath, done),
    );
  }

  /** Creates `dir` and its missing parents; an existing folder is fine, an existing file is not. */
  async mkdirp(dir: string): Promise<void> {
    const normal = path.posix.normalize(dir);
    if (normal === '/' || normal === '.') return;
    try {
      const entry = await this.stat(normal);
      if (entry.isDirectory) return;
      throw new SftpError('FAILED', `creating folder ${normal} on ${this.where}: a file has that name`);
    } catch (error) {
      if (!(error instanceof SftpError) || error.code !== 'NOT_FOUND') throw error;
    }
    await this.mkdirp(path.posix.dirname(normal));
    const { sftp } = this.channel;
    try {
      await this.channel.request<void>(`creating folder ${normal} on ${this.where}`, (done) =>
        sftp.mkdir(normal, done),
      );
    } catch (error) {
      // Another writer may have created it meanwhile.
      if (!(await this.stat(normal).catch(() => undefined))?.isDirectory) throw error;
    }
  }

  /**
   * Downloads `remotePath` with parallel read-ahead. To a local path: written to a temporary name in the
   * same folder, synced, size-checked, then renamed (a failure leaves nothing under the final name). To a
   * Writable: bytes in order, the stream left open.
   */
  download(
    remotePath: string,
    target: string | Writable,
    options: DownloadOptions = {},
  ): Promise<DownloadResult> {
    return downloadFile(this.channel, remotePath, target, options);
  }

  /**
   * Uploads to a temporary name in the destination folder, checks the remote size, then renames onto
   * `remotePath` (atomically replacing an existing file where the server has posix-rename@openssh.com).
   */
  upload(source: string | Readable, remotePath: string, options: UploadOptions = {}): Promise<UploadResult> {
    return uploadFile(this.channel, source, remotePath, options);
  }

  /**
   * Downloads several files over this one session, `concurrency` (default `DEFAULT_FILE_CONCURRENCY`)
   * at once, each as `download` to a local path. The first failure rejects, naming its file; the others are cancelled (their
   * temporary files removed) and awaited first. With `syncToDisk`, each folder is synced once at the end.
   * Results are in the order of `items`.
   */
  downloadMany(
    items: readonly DownloadItem[],
    options: DownloadOptions & ManyOptions = {},
  ): Promise<DownloadResult[]> {
    return downloadMany(this.channel, items, options);
  }

  /**
   * Uploads several files over this one session, `concurrency` (default `DEFAULT_FILE_CONCURRENCY`) at
   * once, each as `upload`.
   */
  uploadMany(
    items: readonly UploadItem[],
    options: UploadOptions & ManyOptions = {},
  ): Promise<UploadResult[]> {
    return uploadMany(this.channel, items, options);
  }

  /** Ends the connection; waits for it to close (at most 2 s). */
  async close(): Promise<void> {
    const { client } = this.channel;
    if (this.channel.lostError) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.channel.onLost(() => {
        clearTimeout(timer);
        resolve();
      });
      client.end();
    });
  }
}

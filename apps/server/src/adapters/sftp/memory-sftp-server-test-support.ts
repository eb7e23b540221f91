import type { AddressInfo } from 'node:net';
import ssh2, { type Attributes, type SFTPWrapper } from 'ssh2';
import { deliberateDelay } from '../../test-support/deliberate-delay.js';
import { generateReadableEd25519Key } from './readable-ed25519-key.js';

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

/**
 * An in-process SFTP server (ssh2 in server mode) holding files in memory, with the awkward habits a
 * real server may have and OpenSSH does not show on loopback: READ answers in reverse order of the
 * requests and shorter than asked, and no posix-rename@openssh.com (plain RENAME refuses an existing
 * target). Password login `test` / `test`.
 */
export interface MemorySftpServer {
  port: number;
  files: Map<string, Buffer>;
  /** The most READ requests received and not yet answered at any moment. */
  readonly maxOutstandingReads: number;
  /** The most file handles open at once (files being transferred), since the start. */
  readonly maxOpenHandles: number;
  close(): Promise<void>;
}

const attributes = (size: number, isFile = true): Attributes => ({
  mode: (isFile ? 0o100000 : 0o040000) | 0o644,
  uid: 0,
  gid: 0,
  size,
  atime: 0,
  mtime: 0,
});

function serveSftp(
  sftp: SFTPWrapper,
  files: Map<string, Buffer>,
  stats: { outstanding: number; max: number; maxOpen: number },
): void {
  const open = new Map<string, { path: string; writing: Buffer[] | undefined }>();
  let nextHandle = 0;
  let pendingReads: (() => void)[] = [];
  const flushReadsReversed = () => {
    const batch = pendingReads.reverse();
    pendingReads = [];
    for (const answer of batch) answer();
  };
  sftp.on('OPEN', (reqId, path, flags) => {
    const writing = (flags & OPEN_MODE.WRITE) !== 0;
    if (!writing && !files.has(path)) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
    if (writing && flags & OPEN_MODE.EXCL && files.has(path)) return sftp.status(reqId, STATUS_CODE.FAILURE);
    const handle = Buffer.from(String(nextHandle++));
    open.set(handle.toString(), { path, writing: writing ? [] : undefined });
    stats.maxOpen = Math.max(stats.maxOpen, open.size);
    if (writing) files.set(path, Buffer.alloc(0));
    sftp.handle(reqId, handle);
  });
  sftp.on('FSTAT', (reqId, handle) => {
    const file = open.get(handle.toString());
    sftp.attrs(reqId, attributes(files.get(file?.path ?? '')?.length ?? 0));
  });
  sftp.on('READ', (reqId, handle, offset, length) => {
    const content = files.get(open.get(handle.toString())?.path ?? '') ?? Buffer.alloc(0);
    // The reads of a 2 ms window are answered together, last first: the awkward order under test.
    if (pendingReads.length === 0) void deliberateDelay(2).then(flushReadsReversed);
    stats.outstanding++;
    stats.max = Math.max(stats.max, stats.outstanding);
    pendingReads.push(() => {
      stats.outstanding--;
      if (offset >= content.length) return sftp.status(reqId, STATUS_CODE.EOF);
      const short = length > 4096 ? Math.ceil(length / 3) : length;
      sftp.data(reqId, content.subarray(offset, Math.min(content.length, offset + short)));
    });
  });
  sftp.on('WRITE', (reqId, handle, offset, data) => {
    const file = open.get(handle.toString());
    if (!file) return sftp.status(reqId, STATUS_CODE.FAILURE);
    const current = files.get(file.path) ?? Buffer.alloc(0);
    const grown = Buffer.alloc(Math.max(current.length, offset + data.length));
    current.copy(grown);
    data.copy(grown, offset);
    files.set(file.path, grown);
    sftp.status(reqId, STATUS_CODE.OK);
  });
  sftp.on('CLOSE', (reqId, handle) => {
    open.delete(handle.toString());
    sftp.status(reqId, STATUS_CODE.OK);
  });
  const stat = (reqId: number, path: string) => {
    const content = files.get(path);
    if (content) return sftp.attrs(reqId, attributes(content.length));
    if ([...files.keys()].some((name) => name.startsWith(`${path}/`)) || path === '/')
      return sftp.attrs(reqId, attributes(0, false));
    sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
  };
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('REMOVE', (reqId, path) =>
    sftp.status(reqId, files.delete(path) ? STATUS_CODE.OK : STATUS_CODE.NO_SUCH_FILE),
  );
  sftp.on('RENAME', (reqId, from, to) => {
    const content = files.get(from);
    if (!content) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
    if (files.has(to)) return sftp.status(reqId, STATUS_CODE.FAILURE, 'target exists');
    files.delete(from);
    files.set(to, content);
    sftp.status(reqId, STATUS_CODE.OK);
  });
}

export async function startMemorySftpServer(): Promise<MemorySftpServer> {
  const files = new Map<string, Buffer>();
  const stats = { outstanding: 0, max: 0, maxOpen: 0 };
  const hostKey = { private: generateReadableEd25519Key() }.private;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => {});
    client.on('authentication', (context) => {
      if (context.method === 'password' && context.username === 'test' && context.password === 'test')
        context.accept();
      else context.reject(['password']);
    });
    client.on('session', (accept) => {
      accept().on('sftp', (acceptSftp) => serveSftp(acceptSftp(), files, stats));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    files,
    get maxOutstandingReads() {
      return stats.max;
    },
    get maxOpenHandles() {
      return stats.maxOpen;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

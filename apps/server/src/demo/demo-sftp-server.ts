import { constants, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ssh2, { type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import { sameSecret } from '@lis/reference-peers/reference-http';
import { confinedRealPath, DemoPathRefused, virtualPath } from './demo-sftp-paths.js';

const { Server } = ssh2;
const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;

/** Addresses the demo sFTP server may listen on: the machine itself, never another interface. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const;
/** Largest READ answered at once (clients ask for 32–256 KiB). */
const MAX_READ_BYTES = 1024 * 1024;

export interface DemoSftpServerOptions {
  /** The folder served as '/': nothing outside it is reachable. */
  readonly root: string;
  readonly username: string;
  readonly password: string;
  /** OpenSSH private host key (PEM); keep it so clients see the same server across restarts. */
  readonly hostKey: string;
  /** 127.0.0.1 (default) or ::1; anything else is refused. */
  readonly host?: string;
  /** 0 (default): any free port. */
  readonly port?: number;
}

export interface DemoSftpServer {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

type OpenHandle =
  { kind: 'file'; file: fs.FileHandle } | { kind: 'dir'; dir: string; entries: FileEntry[] | undefined };

function attributesOf(stats: Stats): Attributes {
  return {
    mode: stats.mode,
    uid: stats.uid,
    gid: stats.gid,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

function statusOf(error: unknown): number {
  if (error instanceof DemoPathRefused) return STATUS_CODE.PERMISSION_DENIED;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM' || code === 'ELOOP') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

/** Open flags of SFTP v3 as fs flags, never following a final symbolic link. */
function fsFlags(flags: number): number {
  const read = (flags & OPEN_MODE.READ) !== 0;
  const write = (flags & OPEN_MODE.WRITE) !== 0;
  let result = read && write ? constants.O_RDWR : write ? constants.O_WRONLY : constants.O_RDONLY;
  if (flags & OPEN_MODE.CREAT) result |= constants.O_CREAT;
  if (flags & OPEN_MODE.TRUNC) result |= constants.O_TRUNC;
  if (flags & OPEN_MODE.EXCL) result |= constants.O_EXCL;
  if (flags & OPEN_MODE.APPEND) result |= constants.O_APPEND;
  return result | constants.O_NOFOLLOW;
}

/** Serves one SFTP session over `root` (see startDemoSftpServer). */
function serveFolder(sftp: SFTPWrapper, root: string): void {
  const handles = new Map<string, OpenHandle>();
  let nextHandle = 0;
  const real = (requested: string) => confinedRealPath(root, requested);
  const handleOf = (buffer: Buffer) => handles.get(buffer.toString('hex'));
  // One request after the other, as OpenSSH's sftp-server does: SFTP has requests on one file handled
  // in the order sent, and clients rely on it (an FSTAT or CLOSE right behind the last WRITE must see
  // it done). Concurrent handling let a FSTAT overtake the WRITEs before it.
  let queue = Promise.resolve();
  const answer = (reqId: number, work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => sftp.status(reqId, statusOf(error)));
  };
  const addHandle = (open: OpenHandle) => {
    const id = Buffer.alloc(4);
    id.writeUInt32BE(nextHandle++);
    handles.set(id.toString('hex'), open);
    return id;
  };

  sftp.on('REALPATH', (reqId, requested) =>
    answer(reqId, async () => {
      const normal = virtualPath(requested === '.' || requested === '' ? '/' : requested);
      sftp.name(reqId, [{ filename: normal, longname: normal, attrs: {} as Attributes }]);
    }),
  );
  const stat = (reqId: number, requested: string) =>
    answer(reqId, async () => sftp.attrs(reqId, attributesOf(await fs.lstat(await real(requested)))));
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('FSTAT', (reqId, buffer) =>
    answer(reqId, async () => {
      const open = handleOf(buffer);
      if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
      sftp.attrs(reqId, attributesOf(await open.file.stat()));
    }),
  );
  sftp.on('OPEN', (reqId, requested, flags) =>
    answer(reqId, async () => {
      const file = await fs.open(await real(requested), fsFlags(flags), 0o644);
      sftp.handle(reqId, addHandle({ kind: 'file', file }));
    }),
  );
  sftp.on('READ', (reqId, buffer, offset, length) =>
    answer(reqId, async () => {
      const open = handleOf(buffer);
      if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
      const chunk = Buffer.alloc(Math.min(length, MAX_READ_BYTES));
      const { bytesRead } = await open.file.read(chunk, 0, chunk.length, offset);
      if (bytesRead === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, chunk.subarray(0, bytesRead));
    }),
  );
  sftp.on('WRITE', (reqId, buffer, offset, data) =>
    answer(reqId, async () => {
      const open = handleOf(buffer);
      if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
      await open.file.write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('CLOSE', (reqId, buffer) =>
    answer(reqId, async () => {
      const open = handleOf(buffer);
      handles.delete(buffer.toString('hex'));
      if (open?.kind === 'file') await open.file.close();
      sftp.status(reqId, open ? STATUS_CODE.OK : STATUS_CODE.FAILURE);
    }),
  );
  sftp.on('OPENDIR', (reqId, requested) =>
    answer(reqId, async () => {
      const dir = await real(requested);
      if (!(await fs.lstat(dir)).isDirectory()) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
      sftp.handle(reqId, addHandle({ kind: 'dir', dir, entries: undefined }));
    }),
  );
  sftp.on('READDIR', (reqId, buffer) =>
    answer(reqId, async () => {
      const open = handleOf(buffer);
      if (open?.kind !== 'dir') return sftp.status(reqId, STATUS_CODE.FAILURE);
      if (open.entries) return sftp.status(reqId, STATUS_CODE.EOF);
      const names = await fs.readdir(open.dir);
      open.entries = [];
      for (const name of names) {
        const stats = await fs.lstat(path.join(open.dir, name)).catch(() => undefined);
        if (stats) open.entries.push({ filename: name, longname: name, attrs: attributesOf(stats) });
      }
      if (open.entries.length === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.name(reqId, open.entries);
    }),
  );
  sftp.on('MKDIR', (reqId, requested) =>
    answer(reqId, async () => {
      await fs.mkdir(await real(requested));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, requested) =>
    answer(reqId, async () => {
      await fs.rmdir(await real(requested));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, requested) =>
    answer(reqId, async () => {
      await fs.unlink(await real(requested));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  // SFTP v3 RENAME: an existing target is refused (the client removes it first).
  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, async () => {
      const source = await real(from);
      const target = await real(to);
      if (await fs.lstat(target).catch(() => undefined))
        return sftp.status(reqId, STATUS_CODE.FAILURE, 'target exists');
      await fs.rename(source, target);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  const accepted = (reqId: number) => sftp.status(reqId, STATUS_CODE.OK);
  sftp.on('SETSTAT', accepted);
  sftp.on('FSETSTAT', accepted);
  const refused = (reqId: number) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED);
  sftp.on('READLINK', refused);
  sftp.on('SYMLINK', refused);
  sftp.on('end', () => {
    for (const open of handles.values()) if (open.kind === 'file') void open.file.close().catch(() => {});
    handles.clear();
  });
}

/**
 * The demo's sFTP server (ssh2 in server mode): password login, serving the folder `root` as '/', on a
 * loopback address only. Paths are confined to the folder: `..`, NUL and backslashes are refused and so
 * is any symbolic link on the way (see confinedRealPath).
 */
export async function startDemoSftpServer(options: DemoSftpServerOptions): Promise<DemoSftpServer> {
  const host = options.host ?? '127.0.0.1';
  if (!(LOOPBACK_HOSTS as readonly string[]).includes(host))
    throw new Error(
      `the demo sFTP server listens on loopback only (${LOOPBACK_HOSTS.join(', ')}), not ${host}`,
    );
  const root = path.resolve(options.root);
  await fs.mkdir(root, { recursive: true });
  const clients = new Set<ssh2.Connection>();
  const server = new Server({ hostKeys: [options.hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => {});
    client.on('authentication', (context) => {
      const passwordOk =
        context.method === 'password' &&
        sameSecret(context.username, options.username) &&
        sameSecret(context.password, options.password);
      if (passwordOk) context.accept();
      else context.reject(['password']);
    });
    client.on('session', (accept) => {
      accept().on('sftp', (acceptSftp) => serveFolder(acceptSftp(), root));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of clients) client.end();
      }),
  };
}

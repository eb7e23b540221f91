import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { startMemorySftpServer, type MemorySftpServer } from './memory-sftp-server-test-support.js';
import { openSftp } from './sftp-connect.js';
import { SftpError } from './sftp-error.js';
import type { SftpSession } from './sftp-session.js';
import {
  sha256Hex,
  sha256OfFile,
  startOpenSshFixture,
  writeRandomFile,
  type OpenSshFixture,
} from './sftp-fixture-test-support.js';
import { isTemporaryName } from './temporary-name.js';

const names = (count: number) =>
  Array.from({ length: count }, (_, i) => `f${String(i).padStart(3, '0')}.bin`);

/** The folders this process opened (to fsync them) while `work` ran. */
async function foldersOpened(folders: string[], work: () => Promise<unknown>): Promise<string[]> {
  const open = vi.spyOn(fs.promises, 'open');
  try {
    await work();
    return open.mock.calls.map(([file]) => String(file)).filter((file) => folders.includes(file));
  } finally {
    open.mockRestore();
  }
}

describe.skipIf(!canRunOpenSsh())('many files over one session, against OpenSSH', () => {
  let fixture: OpenSshFixture;
  let session: SftpSession;
  let remote: (name: string) => string;
  let local: (name: string) => string;
  const expected = new Map<string, string>();

  beforeAll(async () => {
    fixture = await startOpenSshFixture();
    session = await openSftp(fixture.target);
    remote = (name) => path.join(fixture.remoteDir, name);
    local = (name) => path.join(fixture.localDir, name);
    for (const name of names(40))
      expected.set(name, writeRandomFile(remote(name), 10_000 + name.length * 37));
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.stop();
  });
  afterEach(() => {
    for (const name of fs.readdirSync(fixture.localDir)) fs.rmSync(local(name), { force: true });
  });

  it('downloads 40 files, 4 at once, byte for byte, and syncs the folder once', async () => {
    const items = names(40).map((name) => ({ remote: remote(name), local: local(name) }));
    let results: { bytes: number; sha256: string | undefined }[] = [];
    const synced = await foldersOpened([fixture.localDir], async () => {
      results = await session.downloadMany(items, { concurrency: 4, sha256: true });
    });
    expect(synced).toEqual([fixture.localDir]);
    expect(results.map((result) => result.sha256)).toEqual(names(40).map((name) => expected.get(name)));
    for (const name of names(40)) expect(sha256OfFile(local(name))).toBe(expected.get(name));
    expect(fs.readdirSync(fixture.localDir).filter(isTemporaryName)).toEqual([]);
  });

  it('syncs the folder after the rename of a single download, and not without syncToDisk', async () => {
    const synced = await foldersOpened([fixture.localDir], () =>
      session.download(remote('f000.bin'), local('one.bin')),
    );
    expect(synced).toEqual([fixture.localDir]);
    const unsynced = await foldersOpened([fixture.localDir], () =>
      session.download(remote('f001.bin'), local('two.bin'), { syncToDisk: false }),
    );
    expect(unsynced).toEqual([]);
  });

  it('fails on a missing file in the middle, naming it, and leaves only whole files under final names', async () => {
    const list = names(40);
    list.splice(20, 0, 'missing.bin');
    const items = list.map((name) => ({ remote: remote(name), local: local(name) }));
    const error = await session.downloadMany(items, { concurrency: 4 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SftpError);
    expect((error as SftpError).code).toBe('NOT_FOUND');
    expect((error as SftpError).message).toContain('missing.bin');
    const left = fs.readdirSync(fixture.localDir);
    expect(left.filter(isTemporaryName)).toEqual([]);
    expect(left).not.toContain('missing.bin');
    // Those before it all finished or were cancelled; whatever has a final name is whole.
    for (const name of left) expect(sha256OfFile(local(name))).toBe(expected.get(name));
    expect(left.length).toBeLessThan(40);
  });

  it('stops on abort in the middle: no temporary file left, every final file whole', async () => {
    const controller = new AbortController();
    let finished = 0;
    const items = names(40).map((name) => ({ remote: remote(name), local: local(name) }));
    const error = await session
      .downloadMany(items, {
        concurrency: 4,
        signal: controller.signal,
        onProgress: (done, total) => {
          if (done === total && ++finished === 5) controller.abort();
        },
      })
      .catch((caught: unknown) => caught);
    expect((error as SftpError).code).toBe('ABORTED');
    const left = fs.readdirSync(fixture.localDir);
    expect(left.filter(isTemporaryName)).toEqual([]);
    expect(left.length).toBeLessThan(40);
    for (const name of left) expect(sha256OfFile(local(name))).toBe(expected.get(name));
  });

  it('uploads 40 files, 4 at once, and fails naming a missing local file without a half-written name', async () => {
    const target = remote('up');
    await session.mkdirp(target);
    const items = names(40).map((name) => ({ local: remote(name), remote: path.join(target, name) }));
    const results = await session.uploadMany(items, { concurrency: 4, sha256: true });
    expect(results.map((result) => result.sha256)).toEqual(names(40).map((name) => expected.get(name)));
    for (const name of names(40)) expect(sha256OfFile(path.join(target, name))).toBe(expected.get(name));

    const broken = [
      ...items.slice(0, 10),
      { local: local('absent.bin'), remote: path.join(target, 'absent.bin') },
    ];
    await expect(session.uploadMany(broken, { concurrency: 3 })).rejects.toThrow('absent.bin');
    const remoteLeft = fs.readdirSync(target);
    expect(remoteLeft.filter(isTemporaryName)).toEqual([]);
    expect(remoteLeft).not.toContain('absent.bin');
  });
});

describe('many files over one session, against a server answering out of order', () => {
  let server: MemorySftpServer;
  let session: SftpSession;
  let localDir: string;

  beforeAll(async () => {
    server = await startMemorySftpServer();
    session = await openSftp(
      { host: '127.0.0.1', port: server.port, username: 'test', password: 'test' },
      { tuning: { chunkBytes: 16 * 1024, maxInFlight: 8 } },
    );
    localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-sftp-many-'));
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
    fs.rmSync(localDir, { recursive: true, force: true });
  });

  it('keeps at most `concurrency` files open on the server, and moves every file whole both ways', async () => {
    const contents = new Map(names(24).map((name) => [name, crypto.randomBytes(40_000 + name.length)]));
    for (const [name, content] of contents) server.files.set(`/in/${name}`, content);
    await session.downloadMany(
      names(24).map((name) => ({ remote: `/in/${name}`, local: path.join(localDir, name) })),
      { concurrency: 3 },
    );
    for (const [name, content] of contents)
      expect(sha256OfFile(path.join(localDir, name))).toBe(sha256Hex(content));
    await session.uploadMany(
      names(24).map((name) => ({ local: path.join(localDir, name), remote: `/out/${name}` })),
      { concurrency: 3 },
    );
    for (const [name, content] of contents)
      expect(server.files.get(`/out/${name}`)?.equals(content)).toBe(true);
    expect(server.maxOpenHandles).toBeLessThanOrEqual(3);
    expect(server.maxOpenHandles).toBeGreaterThan(1);
  });
});

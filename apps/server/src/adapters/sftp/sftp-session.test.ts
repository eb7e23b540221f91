import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { eventually } from '../../test-support/eventually.js';
import { openSftp } from './sftp-connect.js';
import { SftpError } from './sftp-error.js';
import type { SftpSession } from './sftp-session.js';
import { startOpenSshFixture, type OpenSshFixture } from './sftp-fixture-test-support.js';
import { generateReadableEd25519Key } from './readable-ed25519-key.js';

async function rejection(promise: Promise<unknown>): Promise<SftpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SftpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe.skipIf(!canRunOpenSsh())('sFTP session against OpenSSH', () => {
  let fixture: OpenSshFixture;
  let session: SftpSession;

  beforeAll(async () => {
    fixture = await startOpenSshFixture();
    session = await openSftp(fixture.target);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.stop();
  });

  it('lists files and folders with size and mtime, sorted, links as neither', async () => {
    const dir = fixture.remoteDir;
    fs.writeFileSync(path.join(dir, 'b.csv'), 'hello');
    fs.writeFileSync(path.join(dir, 'a.txt'), '');
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.symlinkSync('/etc/passwd', path.join(dir, 'link'));
    fs.utimesSync(path.join(dir, 'b.csv'), 1_700_000_000, 1_700_000_000);
    const entries = await session.list(dir);
    expect(entries.map((e) => e.name)).toEqual(['a.txt', 'b.csv', 'link', 'sub']);
    expect(entries[1]).toEqual({
      name: 'b.csv',
      size: 5,
      mtimeMs: 1_700_000_000_000,
      isFile: true,
      isDirectory: false,
    });
    expect(entries[2]).toMatchObject({ isFile: false, isDirectory: false });
    expect(entries[3]).toMatchObject({ isFile: false, isDirectory: true });
    expect(await session.stat(path.join(dir, 'b.csv'))).toEqual(entries[1]);
  });

  it('tells whether a path exists, creates folders with parents, removes files', async () => {
    const deep = path.join(fixture.remoteDir, 'x', 'y', 'z');
    expect(await session.exists(deep)).toBe(false);
    await session.mkdirp(deep);
    await session.mkdirp(deep);
    expect(fs.statSync(deep).isDirectory()).toBe(true);
    const file = path.join(deep, 'f.txt');
    fs.writeFileSync(file, 'x');
    await expect(session.mkdirp(file)).rejects.toThrow(/a file has that name/);
    await session.remove(file);
    expect(fs.existsSync(file)).toBe(false);
    expect((await rejection(session.remove(file))).code).toBe('NOT_FOUND');
    expect((await rejection(session.list(path.join(fixture.remoteDir, 'nope')))).code).toBe('NOT_FOUND');
  });

  it('logs in with a password, and maps a refused permission to PERMISSION_DENIED', async (context) => {
    const { password, passwordUser, passwordSkipReason } = fixture.server;
    if (!password || !passwordUser) return context.skip(passwordSkipReason);
    // The remote folder is root's, mode 0700: the unprivileged password user may not read it.
    const other = await openSftp({
      ...fixture.target,
      privateKey: undefined,
      username: passwordUser,
      password,
    });
    try {
      expect((await rejection(other.list(fixture.remoteDir))).code).toBe('PERMISSION_DENIED');
    } finally {
      await other.close();
    }
  });

  it('fails AUTH_FAILED with a wrong key, and the message holds no secret', async () => {
    const { private: privateKey } = { private: generateReadableEd25519Key() };
    const password = 'Secret-Password-123';
    const error = await rejection(openSftp({ ...fixture.target, privateKey, password }));
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).toContain(`127.0.0.1:${fixture.server.port}`);
    expect(error.message).not.toContain(password);
    expect(error.message).not.toContain('PRIVATE KEY');
  });

  it('fails CONNECTION_REFUSED on a closed port, TIMEOUT or ABORTED on a silent one', async () => {
    let connections = 0;
    const silent = net.createServer(() => (connections += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const timeout = await rejection(openSftp({ ...fixture.target, port }, { readyTimeoutMs: 300 }));
      expect(timeout.code).toBe('TIMEOUT');
      const controller = new AbortController();
      // Aborted once connected, while it waits for the greeting.
      const before = connections;
      void eventually(() => connections > before, { message: 'the second connection' }).then(() =>
        controller.abort(),
      );
      // Not the ready timeout's TIMEOUT: the abort ended the wait for the greeting.
      const aborted = await rejection(openSftp({ ...fixture.target, port }, { signal: controller.signal }));
      expect(aborted.code).toBe('ABORTED');
    } finally {
      silent.close();
    }
    const refused = await rejection(openSftp({ ...fixture.target, port }));
    expect(refused.code).toBe('CONNECTION_REFUSED');
  });

  it('rejects requests on a closed session at once with CONNECTION_LOST', async () => {
    const other = await openSftp(fixture.target);
    await other.close();
    expect((await rejection(other.list(fixture.remoteDir))).code).toBe('CONNECTION_LOST');
  });
});

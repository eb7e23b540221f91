import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
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

const MIB = 1024 * 1024;

async function rejection(promise: Promise<unknown>): Promise<SftpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SftpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe.skipIf(!canRunOpenSsh())('sFTP transfers against OpenSSH', () => {
  let fixture: OpenSshFixture;
  let session: SftpSession;
  let remote: (name: string) => string;
  let local: (name: string) => string;

  beforeAll(async () => {
    fixture = await startOpenSshFixture();
    // Small chunks so a few MiB make hundreds of requests and the read-ahead really reorders.
    session = await openSftp(fixture.target, { tuning: { chunkBytes: 32 * 1024, maxInFlight: 16 } });
    remote = (name) => path.join(fixture.remoteDir, name);
    local = (name) => path.join(fixture.localDir, name);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.stop();
  });

  it('downloads a multi-MiB file byte for byte, through a temporary name', async () => {
    const size = 8 * MIB + 12_345;
    const expected = writeRandomFile(remote('big.bin'), size);
    const seenDuring = new Set<string>();
    const progress: number[] = [];
    const result = await session.download(remote('big.bin'), local('big.bin'), {
      sha256: true,
      onProgress: (done, total) => {
        progress.push(done);
        expect(total).toBe(size);
        if (progress.length === 3) for (const name of fs.readdirSync(fixture.localDir)) seenDuring.add(name);
      },
    });
    expect(result).toEqual({ bytes: size, sha256: expected });
    expect(sha256OfFile(local('big.bin'))).toBe(expected);
    expect([...seenDuring].some(isTemporaryName)).toBe(true);
    expect(seenDuring.has('big.bin')).toBe(false);
    expect(progress.at(-1)).toBe(size);
    expect(fs.readdirSync(fixture.localDir)).toEqual(['big.bin']);
  });

  it('downloads into a Writable in file order, and an empty file', async () => {
    const expected = writeRandomFile(remote('stream.bin'), 3 * MIB + 1);
    const hash = crypto.createHash('sha256');
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        setImmediate(callback);
      },
    });
    await session.download(remote('stream.bin'), sink);
    expect(hash.digest('hex')).toBe(expected);

    fs.writeFileSync(remote('empty.txt'), '');
    expect(await session.download(remote('empty.txt'), local('empty.txt'))).toEqual({
      bytes: 0,
      sha256: undefined,
    });
    expect(fs.readFileSync(local('empty.txt')).length).toBe(0);
  });

  it('uploads to a temporary name, checks the size, then renames over an existing file', async () => {
    const size = 6 * MIB + 777;
    const expected = writeRandomFile(local('up.bin'), size);
    fs.writeFileSync(remote('up.bin'), 'old content');
    const seenDuring: string[] = [];
    const result = await session.upload(local('up.bin'), remote('up.bin'), {
      sha256: true,
      onProgress: (done) => {
        if (done >= MIB && seenDuring.length === 0) {
          seenDuring.push(...fs.readdirSync(fixture.remoteDir).filter((n) => n.includes('up.bin')));
          // The final name still holds the old file while the new one is written.
          expect(fs.readFileSync(remote('up.bin'), 'utf8')).toBe('old content');
        }
      },
    });
    expect(result).toEqual({ bytes: size, sha256: expected, atomicRename: true });
    expect(seenDuring.some(isTemporaryName)).toBe(true);
    expect(sha256OfFile(remote('up.bin'))).toBe(expected);
    expect(fs.readdirSync(fixture.remoteDir).filter(isTemporaryName)).toEqual([]);
  });

  it('uploads an empty local file', async () => {
    fs.writeFileSync(local('empty.bin'), '');
    const result = await session.upload(local('empty.bin'), remote('empty.bin'));
    expect(result.bytes).toBe(0);
    expect(fs.statSync(remote('empty.bin')).size).toBe(0);
  });

  it('fails SIZE_MISMATCH when the local file shrinks during the upload, leaving nothing remote', async () => {
    writeRandomFile(local('shrinking.bin'), 8 * MIB);
    let truncated = false;
    const error = await rejection(
      session.upload(local('shrinking.bin'), remote('shrinking.bin'), {
        onProgress: () => {
          // The source reads ahead at most a few MiB: what it has not read yet is gone.
          if (!truncated) fs.truncateSync(local('shrinking.bin'), MIB);
          truncated = true;
        },
      }),
    );
    expect(error.code).toBe('SIZE_MISMATCH');
    expect(error.message).toMatch(/shrank/);
    expect(fs.readdirSync(fixture.remoteDir).filter((n) => n.includes('shrinking'))).toEqual([]);
  });

  it('uploads from a Readable of odd-sized chunks', async () => {
    const content = crypto.randomBytes(2 * MIB + 3);
    const chunks = [content.subarray(0, 5), content.subarray(5, 100_000), content.subarray(100_000)];
    await session.upload(Readable.from(chunks), remote('from-stream.bin'));
    expect(sha256OfFile(remote('from-stream.bin'))).toBe(sha256Hex(content));
  });

  it('aborts a download at once, leaving no file under either name', async () => {
    writeRandomFile(remote('abort-down.bin'), 8 * MIB);
    const controller = new AbortController();
    let abortedAt = 0;
    const error = await rejection(
      session.download(remote('abort-down.bin'), local('abort-down.bin'), {
        signal: controller.signal,
        onProgress: () => {
          if (abortedAt) return;
          abortedAt = Date.now();
          controller.abort();
        },
      }),
    );
    expect(abortedAt).toBeGreaterThan(0);
    expect(error.code).toBe('ABORTED');
    expect(error.name).toBe('AbortError');
    expect(fs.readdirSync(fixture.localDir).filter((n) => n.includes('abort-down'))).toEqual([]);
    // The session is still usable afterwards.
    expect(await session.exists(remote('abort-down.bin'))).toBe(true);
  });

  it('aborts an upload at once and removes its temporary file', async () => {
    writeRandomFile(local('abort-up.bin'), 8 * MIB);
    const controller = new AbortController();
    const error = await rejection(
      session.upload(local('abort-up.bin'), remote('abort-up.bin'), {
        signal: controller.signal,
        onProgress: (done) => done >= MIB && controller.abort(),
      }),
    );
    expect(error.code).toBe('ABORTED');
    expect(fs.readdirSync(fixture.remoteDir).filter((n) => n.includes('abort-up'))).toEqual([]);
  });

  it('rejects an already aborted signal before touching anything', async () => {
    const error = await rejection(
      session.upload(local('up.bin'), remote('never.bin'), { signal: AbortSignal.abort() }),
    );
    expect(error.code).toBe('ABORTED');
    expect(fs.existsSync(remote('never.bin'))).toBe(false);
  });

  it.each([
    ['grows', (file: string) => fs.appendFileSync(file, 'more'), /grew/],
    ['shrinks', (file: string) => fs.truncateSync(file, MIB), /ended early/],
  ])('fails SIZE_MISMATCH when the file %s during the download', async (_how, change, message) => {
    const file = remote('changing.bin');
    writeRandomFile(file, 4 * MIB);
    let changed = false;
    const error = await rejection(
      session.download(file, local('changing.bin'), {
        onProgress: () => {
          if (!changed) change(file);
          changed = true;
        },
      }),
    );
    expect(error.code).toBe('SIZE_MISMATCH');
    expect(error.message).toMatch(message);
    expect(fs.readdirSync(fixture.localDir).filter((n) => n.includes('changing'))).toEqual([]);
  });

  it('reports a missing remote file as NOT_FOUND and leaves no local file', async () => {
    const error = await rejection(session.download(remote('missing.bin'), local('missing.bin')));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('missing.bin');
    expect(fs.readdirSync(fixture.localDir).filter((n) => n.includes('missing'))).toEqual([]);
  });
});

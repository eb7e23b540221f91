import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { openSftp } from './sftp-connect.js';
import { SftpError } from './sftp-error.js';
import { withSftpRetry } from './sftp-retry.js';
import type { SftpSession } from './sftp-session.js';
import { removeStaleTemporaryFiles } from './stale-temporaries.js';
import {
  sha256OfFile,
  startOpenSshFixture,
  writeRandomFile,
  type OpenSshFixture,
} from './sftp-fixture-test-support.js';
import { startCuttableProxy, type CuttableProxy } from './tcp-proxy-test-support.js';
import { isTemporaryName } from './temporary-name.js';
import { generateReadableEd25519Key } from './readable-ed25519-key.js';

const MIB = 1024 * 1024;
const SMALL_CHUNKS = { chunkBytes: 16 * 1024, maxInFlight: 4 };

describe.skipIf(!canRunOpenSsh())('withSftpRetry', () => {
  let fixture: OpenSshFixture;
  let proxy: CuttableProxy;
  let opens = 0;
  const openThroughProxy = (signal?: AbortSignal) => {
    opens++;
    return openSftp({ ...fixture.target, port: proxy.port }, { signal, tuning: SMALL_CHUNKS });
  };

  beforeAll(async () => {
    fixture = await startOpenSshFixture();
    proxy = await startCuttableProxy(fixture.server.port);
  });
  afterAll(async () => {
    await proxy?.close();
    await fixture?.stop();
  });

  it('reconnects after the connection is cut mid-download and delivers the whole file once', async () => {
    opens = 0;
    const expected = writeRandomFile(path.join(fixture.remoteDir, 'cut-down.bin'), 4 * MIB);
    const target = path.join(fixture.localDir, 'cut-down.bin');
    const retries: string[] = [];
    let cut = false;
    const result = await withSftpRetry(
      openThroughProxy,
      (session) =>
        session.download(path.join(fixture.remoteDir, 'cut-down.bin'), target, {
          sha256: true,
          onProgress: (done) => {
            if (!cut && done >= MIB) {
              cut = true;
              expect(fs.existsSync(target)).toBe(false);
              proxy.cutAll();
            }
          },
        }),
      { attempts: 3, backoffMs: 20, onRetry: (error, next) => retries.push(`${error.code} → try ${next}`) },
    );
    expect(retries).toEqual(['CONNECTION_LOST → try 2']);
    expect(opens).toBe(2);
    expect(result.sha256).toBe(expected);
    expect(sha256OfFile(target)).toBe(expected);
    expect(fs.readdirSync(fixture.localDir).filter(isTemporaryName)).toEqual([]);
  });

  it('reconnects after the connection is cut mid-upload; the final name only ever holds the whole file', async () => {
    opens = 0;
    const expected = writeRandomFile(path.join(fixture.localDir, 'cut-up.bin'), 4 * MIB);
    const remoteFile = path.join(fixture.remoteDir, 'cut-up.bin');
    let cut = false;
    await withSftpRetry(
      openThroughProxy,
      (session) =>
        session.upload(path.join(fixture.localDir, 'cut-up.bin'), remoteFile, {
          onProgress: (done) => {
            if (!cut && done >= MIB) {
              cut = true;
              proxy.cutAll();
            }
          },
        }),
      { attempts: 3, backoffMs: 20 },
    );
    expect(opens).toBe(2);
    expect(sha256OfFile(remoteFile)).toBe(expected);
    // The cut try could not remove its temporary file; the sweep does, once it is old enough.
    const leftovers = fs.readdirSync(fixture.remoteDir).filter(isTemporaryName);
    expect(leftovers).toHaveLength(1);
    const session = await openSftp(fixture.target);
    try {
      expect(await removeStaleTemporaryFiles(session, fixture.remoteDir, { olderThanMs: 60_000 })).toEqual(
        [],
      );
      const removed = await removeStaleTemporaryFiles(session, fixture.remoteDir, {
        olderThanMs: 60_000,
        now: Date.now() + 120_000,
      });
      expect(removed).toEqual(leftovers);
    } finally {
      await session.close();
    }
    expect(fs.readdirSync(fixture.remoteDir).filter(isTemporaryName)).toEqual([]);
  });

  it('gives up after the last attempt with the connection error', async () => {
    opens = 0;
    writeRandomFile(path.join(fixture.remoteDir, 'always-cut.bin'), 2 * MIB);
    const error = await withSftpRetry(
      openThroughProxy,
      (session) =>
        session.download(
          path.join(fixture.remoteDir, 'always-cut.bin'),
          path.join(fixture.localDir, 'x.bin'),
          {
            onProgress: () => proxy.cutAll(),
          },
        ),
      { attempts: 2, backoffMs: 10 },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SftpError);
    expect((error as SftpError).code).toBe('CONNECTION_LOST');
    expect(opens).toBe(2);
    expect(fs.readdirSync(fixture.localDir).filter((n) => n.includes('x.bin'))).toEqual([]);
  });

  it('does not retry a wrong key or a missing file', async () => {
    let tries = 0;
    const { private: wrongKey } = { private: generateReadableEd25519Key() };
    const auth = await withSftpRetry(
      () => {
        tries++;
        return openSftp({ ...fixture.target, privateKey: wrongKey });
      },
      async () => 'never',
      { attempts: 3, backoffMs: 10 },
    ).catch((caught: unknown) => caught);
    expect((auth as SftpError).code).toBe('AUTH_FAILED');
    expect(tries).toBe(1);

    opens = 0;
    const missing = await withSftpRetry(
      openThroughProxy,
      (session) =>
        session.download(path.join(fixture.remoteDir, 'nope'), path.join(fixture.localDir, 'nope')),
      { attempts: 3, backoffMs: 10 },
    ).catch((caught: unknown) => caught);
    expect((missing as SftpError).code).toBe('NOT_FOUND');
    expect(opens).toBe(1);
  });

  it('stops during the backoff when aborted', async () => {
    const controller = new AbortController();
    // A ten-minute back-off: only the abort can end it within the test's timeout.
    const error = await withSftpRetry(
      async () => {
        throw new SftpError('CONNECTION_REFUSED', 'down');
      },
      async () => 'never',
      { attempts: 5, backoffMs: 600_000, signal: controller.signal, onRetry: () => controller.abort() },
    ).catch((caught: unknown) => caught);
    expect((error as SftpError).code).toBe('ABORTED');
  });
});

describe('withSftpRetry and the caller’s own failures', () => {
  it('throws an error of the work that is not an SftpError unchanged, at once (a full local disk is no sFTP failure)', async () => {
    let opens = 0;
    let closes = 0;
    const session = { close: async () => void closes++ } as unknown as SftpSession;
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const error = await withSftpRetry(
      async () => {
        opens++;
        return session;
      },
      async () => {
        throw full;
      },
      { attempts: 3, backoffMs: 1 },
    ).catch((caught: unknown) => caught);
    expect(error).toBe(full);
    expect(opens).toBe(1);
    expect(closes).toBe(1);
  });
});

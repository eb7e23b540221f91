import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliberateDelay } from '../../test-support/deliberate-delay.js';
import { startMemorySftpServer, type MemorySftpServer } from './memory-sftp-server-test-support.js';
import { openSftp } from './sftp-connect.js';
import type { SftpSession } from './sftp-session.js';
import { isTemporaryName } from './temporary-name.js';

const sha256 = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

describe('sFTP transfers against a server answering out of order, short, without posix-rename', () => {
  let server: MemorySftpServer;
  let session: SftpSession;
  let localDir: string;

  beforeAll(async () => {
    server = await startMemorySftpServer();
    session = await openSftp(
      { host: '127.0.0.1', port: server.port, username: 'test', password: 'test' },
      { tuning: { chunkBytes: 16 * 1024, maxInFlight: 8 } },
    );
    localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-sftp-awkward-'));
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
    fs.rmSync(localDir, { recursive: true, force: true });
  });

  it('puts reversed, short answers back in file order, to a Writable and to a file', async () => {
    const content = crypto.randomBytes(1024 * 1024 + 5);
    server.files.set('/in/data.bin', content);
    const received: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk);
        callback();
      },
    });
    const streamed = await session.download('/in/data.bin', sink, { sha256: true });
    expect(streamed.sha256).toBe(sha256(content));
    expect(sha256(Buffer.concat(received))).toBe(sha256(content));

    const file = path.join(localDir, 'data.bin');
    await session.download('/in/data.bin', file);
    expect(sha256(fs.readFileSync(file))).toBe(sha256(content));
  });

  it('holds at most maxInFlight chunks however slow the sink (memory flat whatever the size)', async () => {
    const content = crypto.randomBytes(1024 * 1024);
    server.files.set('/in/slow.bin', content);
    // Bytes handed to the stream and not yet written: the adapter's chunks waiting on a slow disk.
    let maxBuffered = 0;
    const slowSink = new Writable({
      highWaterMark: 1,
      write(_chunk: Buffer, _encoding, callback) {
        maxBuffered = Math.max(maxBuffered, slowSink.writableLength);
        void deliberateDelay(5).then(() => callback()); // a slow disk: what is under test
      },
    });
    const result = await session.download('/in/slow.bin', slowSink, { sha256: true });
    expect(result.sha256).toBe(sha256(content));
    // 8 slots (the tuning above); the server may also hold the one end-of-file probe.
    expect(maxBuffered).toBeLessThanOrEqual(8 * 16 * 1024);
    expect(maxBuffered).toBeGreaterThan(16 * 1024);
    expect(server.maxOutstandingReads).toBeLessThanOrEqual(9);
    expect(server.maxOutstandingReads).toBeGreaterThanOrEqual(4);
  });

  it('replaces an existing file by removing it before the plain rename', async () => {
    server.files.set('/out/result.csv', Buffer.from('old'));
    const source = path.join(localDir, 'result.csv');
    fs.writeFileSync(source, 'new content');
    const result = await session.upload(source, '/out/result.csv');
    expect(result.atomicRename).toBe(false);
    expect(server.files.get('/out/result.csv')?.toString()).toBe('new content');
    expect([...server.files.keys()].filter((name) => isTemporaryName(path.posix.basename(name)))).toEqual([]);
  });
});

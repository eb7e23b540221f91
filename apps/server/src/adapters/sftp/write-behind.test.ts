import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { openSftp } from './sftp-connect.js';
import { sha256OfFile, startOpenSshFixture, type OpenSshFixture } from './sftp-fixture-test-support.js';
import type { SftpSession } from './sftp-session.js';

const PIECE = 32 * 1024;
const IN_FLIGHT = 8;

/** The garbage collector, made callable from here (the test process does not run with --expose-gc). */
function garbageCollector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

describe.skipIf(!canRunOpenSsh())('write-behind memory', () => {
  let fixture: OpenSshFixture;
  let session: SftpSession;

  beforeAll(async () => {
    fixture = await startOpenSshFixture();
    session = await openSftp(fixture.target, { tuning: { chunkBytes: PIECE, maxInFlight: IN_FLIGHT } });
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.stop();
  });

  it('keeps no piece reachable once it is sent, however long the stream', async () => {
    const gc = garbageCollector();
    const pieces = 400;
    // The memory behind each piece (the adapter may hold views of it, not the Buffer object itself).
    const sent: WeakRef<ArrayBufferLike>[] = [];
    const hash = crypto.createHash('sha256');
    let mostAlive = 0;
    async function* fresh() {
      for (let i = 0; i < pieces; i++) {
        if (i % 50 === 49) {
          gc();
          // WeakRefs dereferenced in this job stay alive until it ends: count in the next one.
          await new Promise((resolve) => setImmediate(resolve));
          mostAlive = Math.max(mostAlive, sent.filter((ref) => ref.deref()).length);
        }
        const piece = crypto.randomBytes(PIECE);
        hash.update(piece);
        sent.push(new WeakRef(piece.buffer));
        yield piece;
      }
    }
    const remote = path.join(fixture.remoteDir, 'long-stream.bin');
    const result = await session.upload(Readable.from(fresh()), remote);
    expect(result.bytes).toBe(pieces * PIECE);
    expect(sha256OfFile(remote)).toBe(hash.digest('hex'));
    // What the source stream buffers (16 objects) and the requests in flight, not the whole stream.
    expect(mostAlive).toBeGreaterThan(0);
    expect(mostAlive).toBeLessThanOrEqual(16 + IN_FLIGHT + 2);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { openSftp, type SftpSession, type SftpTarget } from '../../apps/server/src/adapters/sftp/index.js';
import { sampleRss } from './rss-sampler.js';
import { mibPerSecond } from './transfer-stats.js';

export interface MemoryResult {
  sizeMiB: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  mibPerSecond: number;
}

const MIB = 2 ** 20;

/** Runs `work` on a fresh session and reports this process's RSS before and at its peak. */
async function measureMemory(
  target: SftpTarget,
  sizeMiB: number,
  work: (session: SftpSession) => Promise<void>,
): Promise<MemoryResult> {
  global.gc?.();
  const baselineRssMiB = Math.round((process.memoryUsage.rss() / MIB) * 10) / 10;
  const rss = sampleRss();
  const started = performance.now();
  const session = await openSftp(target);
  try {
    await work(session);
  } finally {
    await session.close();
  }
  const ms = performance.now() - started;
  return { sizeMiB, baselineRssMiB, peakRssMiB: rss.stop(), mibPerSecond: mibPerSecond(sizeMiB * MIB, ms) };
}

/**
 * Downloads a sparse remote file of `sizeMiB` (no disk needed on either side) into a Writable that drops
 * the bytes: the read-ahead holds at most chunkBytes × maxInFlight, so the peak should not grow with the
 * file.
 */
export async function measureDownloadMemory(
  target: SftpTarget,
  dir: string,
  sizeMiB: number,
): Promise<MemoryResult> {
  const file = path.join(dir, 'sparse.bin');
  fs.closeSync(fs.openSync(file, 'w'));
  fs.truncateSync(file, sizeMiB * MIB);
  const discard = new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
  try {
    return await measureMemory(target, sizeMiB, async (session) => {
      await session.download(file, discard);
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Uploads `sizeMiB` generated on the fly (a fresh 1 MiB buffer each time, so a piece kept by mistake
 * shows in the RSS) to a remote file (on this machine's disk: it needs `sizeMiB` free), then removes it:
 * the write-behind pulls from the source only while a request slot is free, so the peak should not grow
 * with the size.
 */
export async function measureUploadMemory(
  target: SftpTarget,
  dir: string,
  sizeMiB: number,
): Promise<MemoryResult> {
  const file = path.join(dir, 'generated-upload.bin');
  let produced = 0;
  const generated = new Readable({
    read() {
      this.push(produced < sizeMiB ? Buffer.alloc(MIB, produced++ & 0xff) : null);
    },
  });
  try {
    return await measureMemory(target, sizeMiB, async (session) => {
      const result = await session.upload(generated, file);
      if (result.bytes !== sizeMiB * MIB) throw new Error(`uploaded ${result.bytes} bytes`);
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

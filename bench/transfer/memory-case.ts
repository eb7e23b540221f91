import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openSftp, type SftpTarget } from '../../apps/server/src/adapters/sftp/index.js';
import { sampleRss } from './rss-sampler.js';
import { mibPerSecond } from './transfer-stats.js';

export interface MemoryResult {
  sizeMiB: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  mibPerSecond: number;
}

/**
 * Downloads a sparse remote file of `sizeMiB` (no disk needed on either side) into a Writable that drops
 * the bytes, and reports this process's RSS before and at its peak: the read-ahead holds at most
 * chunkBytes × maxInFlight, so the peak should not grow with the file.
 */
export async function measureDownloadMemory(
  target: SftpTarget,
  dir: string,
  sizeMiB: number,
): Promise<MemoryResult> {
  const file = path.join(dir, 'sparse.bin');
  fs.closeSync(fs.openSync(file, 'w'));
  fs.truncateSync(file, sizeMiB * 2 ** 20);
  const discard = new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
  global.gc?.();
  const baselineRssMiB = Math.round((process.memoryUsage.rss() / 2 ** 20) * 10) / 10;
  const rss = sampleRss();
  const started = performance.now();
  const session = await openSftp(target);
  try {
    await session.download(file, discard);
  } finally {
    await session.close();
    fs.rmSync(file, { force: true });
  }
  const ms = performance.now() - started;
  return {
    sizeMiB,
    baselineRssMiB,
    peakRssMiB: rss.stop(),
    mibPerSecond: mibPerSecond(sizeMiB * 2 ** 20, ms),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { openSftp, type SftpTarget, type TransferTuning } from '../../apps/server/src/adapters/sftp/index.js';
import type { OpenSshServer } from '../../apps/server/src/test-support/openssh-server.js';
import { runSftpBatch } from './openssh-sftp-client.js';
import { sampleRss } from './rss-sampler.js';
import type { TransferWorkspace } from './workspace.js';

export interface CaseTiming {
  ms: number;
  /** Peak RSS of this process during the case, MiB (ours only). */
  peakRssMiB?: number;
}

export interface TransferCase {
  name: string;
  bytes: number;
  files: number;
  ours(tuning?: Partial<TransferTuning>): Promise<CaseTiming>;
  openssh(): Promise<CaseTiming>;
  /** Removes what both sides wrote (not timed). */
  reset(): void;
}

async function timed(work: () => Promise<void>): Promise<CaseTiming> {
  const rss = sampleRss();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  return { ms, peakRssMiB: rss.stop() };
}

/** The four cases: one big file and many small ones, each downloaded and uploaded. */
export function transferCases(
  server: OpenSshServer,
  target: SftpTarget,
  w: TransferWorkspace,
): TransferCase[] {
  const withSession = async (
    tuning: Partial<TransferTuning> | undefined,
    work: Parameters<typeof useSession>[1],
  ) => useSession({ target, tuning }, work);
  const smallDownloadCase = (syncToDisk: boolean): TransferCase => ({
    name: `download, ${w.smallNames.length} small files${syncToDisk ? '' : ', no fsync'}`,
    bytes: w.smallBytes * w.smallNames.length,
    files: w.smallNames.length,
    ours: (tuning) =>
      timed(() =>
        withSession(tuning, async (s) => {
          fs.mkdirSync(w.download('small'), { recursive: true });
          for (const entry of await s.list(w.remote('small')))
            await s.download(w.remote(`small/${entry.name}`), w.download(`small/${entry.name}`), {
              syncToDisk,
            });
        }),
      ),
    openssh: async () => {
      fs.mkdirSync(w.download('small-openssh'), { recursive: true });
      return {
        ms: await runSftpBatch(server, [`get ${w.remote('small')}/* ${w.download('small-openssh')}/`]),
      };
    },
    reset: () => w.emptyDownloads(),
  });
  return [
    {
      name: 'download, one big file',
      bytes: w.bigBytes,
      files: 1,
      ours: (tuning) =>
        timed(() =>
          withSession(tuning, (s) => s.download(w.remote('big.bin'), w.download('big.bin')).then(() => {})),
        ),
      openssh: async () => ({
        ms: await runSftpBatch(server, [`get ${w.remote('big.bin')} ${w.download('big-openssh.bin')}`]),
      }),
      reset: () => w.emptyDownloads(),
    },
    {
      name: 'upload, one big file',
      bytes: w.bigBytes,
      files: 1,
      ours: (tuning) =>
        timed(() =>
          withSession(tuning, (s) => s.upload(w.local('big.bin'), w.uploaded('big.bin')).then(() => {})),
        ),
      openssh: async () => ({
        ms: await runSftpBatch(server, [`put ${w.local('big.bin')} ${w.uploaded('big-openssh.bin')}`]),
      }),
      reset: () => w.emptyUploads(),
    },
    smallDownloadCase(true),
    smallDownloadCase(false),
    {
      name: `upload, ${w.smallNames.length} small files`,
      bytes: w.smallBytes * w.smallNames.length,
      files: w.smallNames.length,
      ours: (tuning) =>
        timed(() =>
          withSession(tuning, async (s) => {
            await s.mkdirp(w.uploaded('small'));
            for (const name of w.smallNames)
              await s.upload(path.join(w.local('small'), name), w.uploaded(`small/${name}`));
          }),
        ),
      openssh: async () => {
        fs.mkdirSync(w.uploaded('small-openssh'), { recursive: true });
        return {
          ms: await runSftpBatch(server, [`put ${w.local('small')}/* ${w.uploaded('small-openssh')}/`]),
        };
      },
      reset: () => w.emptyUploads(),
    },
  ];
}

async function useSession(
  options: { target: SftpTarget; tuning: Partial<TransferTuning> | undefined },
  work: (session: Awaited<ReturnType<typeof openSftp>>) => Promise<void>,
): Promise<void> {
  const session = await openSftp(options.target, { tuning: options.tuning });
  try {
    await work(session);
  } finally {
    await session.close();
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { openSftp, type SftpTarget, type TransferTuning } from '../../apps/server/src/adapters/sftp/index.js';
import type { SftpSession } from '../../apps/server/src/adapters/sftp/index.js';
import type { OpenSshServer } from '../../apps/server/src/test-support/openssh-server.js';
import { syncFilesToDisk } from './bench-files.js';
import { runSftpBatch } from './openssh-sftp-client.js';
import { sampleRss } from './rss-sampler.js';
import type { TransferWorkspace } from './workspace.js';

export interface CaseTiming {
  ms: number;
  /** User + system CPU of the side measured (ours: this whole process; OpenSSH: the `sftp` process). */
  cpuMs?: number | undefined;
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

/** How the downloaded files are made durable on each side. */
type Durability =
  /** Ours fsyncs each file before its rename (the default, what step 1 needs); OpenSSH's `get` does not. */
  | 'ours-only'
  /** Ours fsyncs; the benchmark fsyncs each file OpenSSH received, timed with the `get`: like for like. */
  | 'both'
  /** Ours with `syncToDisk: false`, as OpenSSH's `get`. */
  | 'neither';

const DURABILITY_LABEL: Record<Durability, string> = {
  'ours-only': '',
  both: ', both durable',
  neither: ', no fsync',
};

/** How a case names the files-at-once of ours (OpenSSH's `sftp` always does one after the other). */
const atOnce = (concurrency: number) => (concurrency > 1 ? `, ours ${concurrency} at once` : ', one by one');

async function timed(work: () => Promise<void>): Promise<CaseTiming> {
  const rss = sampleRss();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  return { ms, cpuMs: (user + system) / 1000, peakRssMiB: rss.stop() };
}

/** The `sftp` batch, then `after` (the fsync of what it received) in this process, timed together. */
async function openSshTimed(
  server: OpenSshServer,
  commands: string[],
  after?: () => void,
): Promise<CaseTiming> {
  const started = performance.now();
  const batch = await runSftpBatch(server, commands);
  const cpu = process.cpuUsage();
  after?.();
  const { user, system } = process.cpuUsage(cpu);
  const cpuMs = batch.cpuMs === undefined ? undefined : batch.cpuMs + (user + system) / 1000;
  return { ms: performance.now() - started, cpuMs };
}

/**
 * The cases: one big file and many small ones, each downloaded (three ways of counting durability, see
 * Durability) and uploaded.
 */
export function transferCases(
  server: OpenSshServer,
  target: SftpTarget,
  w: TransferWorkspace,
  /** Files at once in the small-file cases through `downloadMany`/`uploadMany` (each also run one by one). */
  fileConcurrency: number,
): TransferCase[] {
  const withSession = (
    tuning: Partial<TransferTuning> | undefined,
    work: (s: SftpSession) => Promise<void>,
  ) => useSession({ target, tuning }, work);

  const bigDownload = (durability: Durability): TransferCase => ({
    name: `download, one big file${DURABILITY_LABEL[durability]}`,
    bytes: w.bigBytes,
    files: 1,
    ours: (tuning) =>
      timed(() =>
        withSession(tuning, async (s) => {
          await s.download(w.remote('big.bin'), w.download('big.bin'), {
            syncToDisk: durability !== 'neither',
          });
        }),
      ),
    openssh: () => {
      const received = w.download('big-openssh.bin');
      return openSshTimed(
        server,
        [`get ${w.remote('big.bin')} ${received}`],
        durability === 'both' ? () => syncFilesToDisk([received]) : undefined,
      );
    },
    reset: () => w.emptyDownloads(),
  });

  /** Ours: one after the other (`concurrency` 1) or `downloadMany`, `concurrency` files at once. */
  const smallDownload = (durability: Durability, concurrency: number): TransferCase => ({
    name: `download, ${w.smallNames.length} small files${DURABILITY_LABEL[durability]}${atOnce(concurrency)}`,
    bytes: w.smallBytes * w.smallNames.length,
    files: w.smallNames.length,
    ours: (tuning) =>
      timed(() =>
        withSession(tuning, async (s) => {
          fs.mkdirSync(w.download('small'), { recursive: true });
          const entries = await s.list(w.remote('small'));
          const syncToDisk = durability !== 'neither';
          if (concurrency > 1) {
            const items = entries.map((entry) => ({
              remote: w.remote(`small/${entry.name}`),
              local: w.download(`small/${entry.name}`),
            }));
            await s.downloadMany(items, { concurrency, syncToDisk });
          } else
            for (const entry of entries)
              await s.download(w.remote(`small/${entry.name}`), w.download(`small/${entry.name}`), {
                syncToDisk,
              });
        }),
      ),
    openssh: () => {
      const received = w.download('small-openssh');
      fs.mkdirSync(received, { recursive: true });
      return openSshTimed(
        server,
        [`get ${w.remote('small')}/* ${received}/`],
        durability === 'both'
          ? () => syncFilesToDisk(fs.readdirSync(received).map((name) => path.join(received, name)))
          : undefined,
      );
    },
    reset: () => w.emptyDownloads(),
  });

  const smallUpload = (concurrency: number): TransferCase => ({
    name: `upload, ${w.smallNames.length} small files${atOnce(concurrency)}`,
    bytes: w.smallBytes * w.smallNames.length,
    files: w.smallNames.length,
    ours: (tuning) =>
      timed(() =>
        withSession(tuning, async (s) => {
          await s.mkdirp(w.uploaded('small'));
          const items = w.smallNames.map((name) => ({
            local: path.join(w.local('small'), name),
            remote: w.uploaded(`small/${name}`),
          }));
          if (concurrency > 1) await s.uploadMany(items, { concurrency });
          else for (const item of items) await s.upload(item.local, item.remote);
        }),
      ),
    openssh: () => {
      fs.mkdirSync(w.uploaded('small-openssh'), { recursive: true });
      return openSshTimed(server, [`put ${w.local('small')}/* ${w.uploaded('small-openssh')}/`]);
    },
    reset: () => w.emptyUploads(),
  });

  return [
    bigDownload('ours-only'),
    bigDownload('both'),
    bigDownload('neither'),
    {
      name: 'upload, one big file',
      bytes: w.bigBytes,
      files: 1,
      ours: (tuning) =>
        timed(() =>
          withSession(tuning, (s) => s.upload(w.local('big.bin'), w.uploaded('big.bin')).then(() => {})),
        ),
      openssh: () => openSshTimed(server, [`put ${w.local('big.bin')} ${w.uploaded('big-openssh.bin')}`]),
      reset: () => w.emptyUploads(),
    },
    smallDownload('ours-only', 1),
    smallDownload('ours-only', fileConcurrency),
    smallDownload('both', 1),
    smallDownload('both', fileConcurrency),
    smallDownload('neither', 1),
    smallDownload('neither', fileConcurrency),
    smallUpload(1),
    smallUpload(fileConcurrency),
  ];
}

async function useSession(
  options: { target: SftpTarget; tuning: Partial<TransferTuning> | undefined },
  work: (session: SftpSession) => Promise<void>,
): Promise<void> {
  const session = await openSftp(options.target, { tuning: options.tuning });
  try {
    await work(session);
  } finally {
    await session.close();
  }
}

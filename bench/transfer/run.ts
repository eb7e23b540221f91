// `npm run bench:transfer`: our sFTP adapter against OpenSSH's `sftp` client, side by side, on a real
// OpenSSH server on loopback (docs/performance.md, "sFTP transfers"). Results:
// bench/results/transfer-<date>.json and a table on stdout.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_FILE_CONCURRENCY,
  DEFAULT_TRANSFER_TUNING,
  type TransferTuning,
} from '../../apps/server/src/adapters/sftp/index.js';
import { canRunOpenSsh, startOpenSshServer } from '../../apps/server/src/test-support/openssh-server.js';
import { measureDownloadMemory, measureUploadMemory } from './memory-case.js';
import { median, mibPerSecond, round } from './transfer-stats.js';
import { transferCases } from './transfer-cases.js';
import { createTransferWorkspace } from './workspace.js';

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The median of the values measured, undefined when a side could not be measured. */
function medianOf(values: (number | undefined)[]): number | undefined {
  const measured = values.filter((value): value is number => value !== undefined);
  return measured.length === values.length ? median(measured) : undefined;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bigMiB = envNumber('BENCH_TRANSFER_MIB', 200);
const smallCount = envNumber('BENCH_TRANSFER_SMALL_FILES', 1000);
const smallBytes = envNumber('BENCH_TRANSFER_SMALL_BYTES', 10 * 1024);
const repeats = envNumber('BENCH_TRANSFER_REPEATS', 3);
const tuning: TransferTuning = {
  chunkBytes: envNumber('BENCH_TRANSFER_CHUNK_KIB', DEFAULT_TRANSFER_TUNING.chunkBytes / 1024) * 1024,
  maxInFlight: envNumber('BENCH_TRANSFER_IN_FLIGHT', DEFAULT_TRANSFER_TUNING.maxInFlight),
};
/** Files at once in the small-file cases that go through downloadMany/uploadMany (what steps 1 and 3 do). */
const fileConcurrency = envNumber('BENCH_TRANSFER_FILE_CONCURRENCY', DEFAULT_FILE_CONCURRENCY);
const sweep = process.env.BENCH_TRANSFER_SWEEP === '1';
const memoryMiB = envNumber('BENCH_TRANSFER_MEMORY_MIB', 0);

if (!canRunOpenSsh()) {
  console.error('bench:transfer needs /usr/sbin/sshd (apt-get install openssh-server openssh-client)');
  process.exit(1);
}

const version = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
};
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? '?',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()} ${os.release()}`,
  node: process.version,
  openssh: version('ssh', ['-V']),
  loadAverageAtStart: os.loadavg().map((load) => round(load, 2)),
};
console.log(
  `sFTP transfer bench: ${bigMiB} MiB file, ${smallCount} × ${smallBytes} B files, ${repeats} repeats, ` +
    `small files also ${fileConcurrency} at once`,
);
console.log(
  `machine: ${machine.cpus} CPUs, load ${machine.loadAverageAtStart.join(' ')}, ${machine.openssh}`,
);

const server = await startOpenSshServer();
const workspace = createTransferWorkspace(fs.mkdtempSync(path.join(os.tmpdir(), 'lis-bench-transfer-')), {
  bigBytes: bigMiB * 2 ** 20,
  smallCount,
  smallBytes,
});
const target = {
  host: server.host,
  port: server.port,
  username: server.keyUser,
  privateKey: server.privateKey,
};
const cases = transferCases(server, target, workspace, fileConcurrency);

try {
  if (sweep) {
    const chunks = [32, 64, 128, 255];
    const inFlight = [8, 16, 32, 64];
    console.log('\nsweep (big file, MiB/s; download / upload):');
    const download = cases.find((c) => c.name === 'download, one big file, no fsync');
    const upload = cases.find((c) => c.name === 'upload, one big file');
    if (!download || !upload) throw new Error('missing cases');
    for (const chunkKiB of chunks)
      for (const maxInFlight of inFlight) {
        const candidate = { chunkBytes: chunkKiB * 1024, maxInFlight };
        const down = await download.ours(candidate);
        download.reset();
        const up = await upload.ours(candidate);
        upload.reset();
        console.log(
          `  ${chunkKiB} KiB × ${maxInFlight}: ${mibPerSecond(workspace.bigBytes, down.ms)} / ${mibPerSecond(workspace.bigBytes, up.ms)}` +
            `  (peak RSS ${Math.max(down.peakRssMiB ?? 0, up.peakRssMiB ?? 0)} MiB)`,
        );
      }
  } else {
    const rssBeforeCasesMiB = round(process.memoryUsage.rss() / 2 ** 20, 1);
    console.log(`RSS before the cases: ${rssBeforeCasesMiB} MiB`);
    const results = [];
    for (const transferCase of cases) {
      const runs = [];
      for (let repeat = 0; repeat < repeats; repeat++) {
        // Alternate who goes first, so neither side always meets a warmer cache.
        const oursFirst = repeat % 2 === 0;
        const first = oursFirst ? await transferCase.ours(tuning) : await transferCase.openssh();
        transferCase.reset();
        const second = oursFirst ? await transferCase.openssh() : await transferCase.ours(tuning);
        transferCase.reset();
        const [ours, openssh] = oursFirst ? [first, second] : [second, first];
        runs.push({
          oursMs: round(ours.ms, 1),
          opensshMs: round(openssh.ms, 1),
          oursCpuMs: ours.cpuMs === undefined ? undefined : round(ours.cpuMs, 0),
          opensshCpuMs: openssh.cpuMs === undefined ? undefined : round(openssh.cpuMs, 0),
          oursPeakRssMiB: ours.peakRssMiB,
        });
      }
      const oursMiBs = median(runs.map((run) => mibPerSecond(transferCase.bytes, run.oursMs)));
      const opensshMiBs = median(runs.map((run) => mibPerSecond(transferCase.bytes, run.opensshMs)));
      const result = {
        case: transferCase.name,
        bytes: transferCase.bytes,
        files: transferCase.files,
        oursMiBs,
        opensshMiBs,
        ratio: round(oursMiBs / opensshMiBs, 2),
        oursFilesPerSecond: round(transferCase.files / (median(runs.map((run) => run.oursMs)) / 1000), 1),
        opensshFilesPerSecond: round(
          transferCase.files / (median(runs.map((run) => run.opensshMs)) / 1000),
          1,
        ),
        oursCpuMs: medianOf(runs.map((run) => run.oursCpuMs)),
        opensshCpuMs: medianOf(runs.map((run) => run.opensshCpuMs)),
        oursPeakRssMiB: Math.max(...runs.map((run) => run.oursPeakRssMiB ?? 0)),
        runs,
      };
      results.push(result);
      console.log(
        `${result.case.padEnd(64)} ours ${String(oursMiBs).padStart(7)} MiB/s  OpenSSH ${String(opensshMiBs).padStart(7)} MiB/s` +
          `  ratio ${result.ratio}  CPU ${result.oursCpuMs ?? '?'} / ${result.opensshCpuMs ?? '?'} ms` +
          `  peak RSS ${result.oursPeakRssMiB} MiB`,
      );
    }
    let memory;
    if (memoryMiB > 0) {
      const download = await measureDownloadMemory(target, workspace.remote(''), memoryMiB);
      console.log(
        `memory: download of a ${download.sizeMiB} MiB sparse file to a discarding Writable: RSS ${download.baselineRssMiB} → peak ${download.peakRssMiB} MiB (${download.mibPerSecond} MiB/s)`,
      );
      const upload = await measureUploadMemory(target, workspace.uploaded(''), memoryMiB);
      console.log(
        `memory: upload of ${upload.sizeMiB} MiB generated on the fly: RSS ${upload.baselineRssMiB} → peak ${upload.peakRssMiB} MiB (${upload.mibPerSecond} MiB/s)`,
      );
      memory = { download, upload };
    }
    const report = {
      date: new Date().toISOString(),
      sizes: { bigMiB, smallCount, smallBytes, repeats, fileConcurrency },
      tuning,
      machine: { ...machine, loadAverageAtEnd: os.loadavg().map((load) => round(load, 2)) },
      rssBeforeCasesMiB,
      processMaxRssMiB: round(process.resourceUsage().maxRSS / 1024, 1),
      results,
      memory,
    };
    const full = bigMiB === 200 && smallCount === 1000 && repeats >= 3;
    const name = `transfer-${report.date.slice(0, 10)}${full ? '' : `-${bigMiB}MiB-${smallCount}files`}`;
    let file = path.join(root, 'bench/results', `${name}.json`);
    // A second run the same day keeps the first (the time of day, UTC, tells them apart).
    if (fs.existsSync(file))
      file = path.join(root, 'bench/results', `${name}-${report.date.slice(11, 16).replace(':', '')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(root, file)} (process max RSS ${report.processMaxRssMiB} MiB)`);
  }
} finally {
  workspace.remove();
  await server.stop();
}

// `npm run bench:scheduler`: the scheduler benchmarks of DESIGN §8 (docs/performance.md).
// PostgreSQL cases need BENCH_DATABASE_URL (or TEST_DATABASE_URL); each case uses its own schema
// or SQLite file and removes it. Results: bench/results/scheduler-<date>.json and
// bench/results/scheduler-latest.json, and a table on stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DialectName } from '../../apps/server/src/db/database.js';
import { createBenchDatabase, databaseVersion, postgresUrl } from './bench-database.js';
import { benchBurst, type BurstResult } from './burst.bench.js';
import { benchCluster, type ClusterResult } from './cluster.bench.js';
import { benchLateness, type LatenessResult } from './lateness.bench.js';
import { fireAheadMs, handOffEnabled } from './node-instruments.js';
import { envNumber } from './stats.js';
import { SCHEDULER_DEFAULT_BATCH_SIZE } from '../../apps/server/src/engine/scheduler/scheduler-loop.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const only = (process.env.BENCH_SCHEDULER_ONLY ?? 'lateness,burst,cluster').split(',');
const seconds = envNumber('BENCH_SCHEDULER_SECONDS', 30);
const workerConcurrency = envNumber('BENCH_WORKER_CONCURRENCY', 16);
const batchSize = envNumber('BENCH_BATCH_SIZE', SCHEDULER_DEFAULT_BATCH_SIZE);
/** Names the result file: bench/results/scheduler-<date>-<label>.json (and scheduler-latest.json). */
const label = (process.env.BENCH_SCHEDULER_LABEL ?? '').replace(/[^A-Za-z0-9_-]/g, '');
const dialects: DialectName[] = (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']).filter((d) =>
  (process.env.BENCH_SCHEDULER_DIALECTS ?? 'sqlite,postgres').split(',').includes(d),
) as DialectName[];
if (!postgresUrl) console.warn('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PostgreSQL cases skipped');
/** BENCH_LATENESS_CASES: a subset of 1000-spread,10000-spread,1000-every-second. */
const latenessCases = (
  process.env.BENCH_LATENESS_CASES ?? '1000-spread,10000-spread,1000-every-second'
).split(',');
/** BENCH_CLUSTER_CASES: a subset of 200-every-second,10000-spread. */
const clusterCases = (process.env.BENCH_CLUSTER_CASES ?? '200-every-second,10000-spread').split(',');

async function versions(): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const dialect of dialects) {
    const bench = await createBenchDatabase(dialect);
    found[dialect] = await databaseVersion(bench.db);
    await bench.drop();
  }
  return found;
}

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? '?',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()} ${os.release()}`,
  node: process.version,
  databases: await versions(),
};

const lateness: LatenessResult[] = [];
const burst: BurstResult[] = [];
const cluster: ClusterResult[] = [];
/** The 1-minute load average at the start and end of each case: the machine is shared. */
const load: { case: string; start: number; end: number }[] = [];
const log = (text: string) => console.error(`[bench:scheduler ${new Date().toISOString()}] ${text}`);
async function measured<T>(name: string, run: () => Promise<T>): Promise<T> {
  log(name);
  const start = os.loadavg()[0] ?? 0;
  const result = await run();
  load.push({ case: name, start, end: os.loadavg()[0] ?? 0 });
  return result;
}

if (only.includes('lateness'))
  for (const dialect of dialects)
    for (const [triggers, pattern, caseSeconds] of [
      [1000, 'spread', seconds],
      [10_000, 'spread', seconds],
      [1000, 'every-second', Math.ceil(seconds / 2)],
    ] as const) {
      if (!latenessCases.includes(`${triggers}-${pattern}`)) continue;
      lateness.push(
        await measured(`lateness: ${dialect}, ${triggers} triggers (${pattern}), ${caseSeconds} s`, () =>
          benchLateness({ dialect, triggers, pattern, seconds: caseSeconds, workerConcurrency, batchSize }),
        ),
      );
    }
if (only.includes('burst'))
  for (const dialect of dialects)
    burst.push(
      await measured(`burst: ${dialect}, 10000 triggers due in one second`, () =>
        benchBurst({
          dialect,
          triggers: 10_000,
          workerConcurrency: envNumber('BENCH_BURST_WORKER_CONCURRENCY', 64),
          batchSize,
          timeoutMs: 60_000,
        }),
      ),
    );
if (only.includes('cluster') && postgresUrl && dialects.includes('postgres'))
  for (const [triggers, pattern] of [
    [envNumber('BENCH_CLUSTER_TRIGGERS', 200), 'every-second'],
    [10_000, 'spread'],
  ] as const) {
    if (!clusterCases.includes(`${pattern === 'spread' ? 10_000 : 200}-${pattern}`)) continue;
    cluster.push(
      await measured(`cluster: 3 nodes, ${triggers} triggers (${pattern}), one killed and replaced`, () =>
        benchCluster({
          nodes: 3,
          triggers,
          pattern,
          seconds,
          workerConcurrency,
          leaseMs: 5000,
          batchSize,
          kill: process.env.BENCH_CLUSTER_KILL !== '0',
        }),
      ),
    );
  }

const at = new Date().toISOString();
const report = {
  at,
  machine,
  settings: {
    seconds,
    workerConcurrency,
    batchSize,
    misfireThresholdMs: 60_000,
    handOff: handOffEnabled,
    fireAheadMs,
    label,
  },
  load,
  lateness,
  burst,
  cluster,
};
const dir = path.join(root, 'bench', 'results');
fs.mkdirSync(dir, { recursive: true });
const json = JSON.stringify(report, null, 2) + '\n';
const file = `scheduler-${at.slice(0, 10)}${label ? `-${label}` : ''}.json`;
fs.writeFileSync(path.join(dir, file), json);
fs.writeFileSync(path.join(dir, 'scheduler-latest.json'), json);

const ms = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : `${v}`;
const rows: string[][] = [];
const trio = (d: { p50: number; p99: number; max: number }) => `${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)}`;
for (const r of lateness)
  rows.push([
    `lateness, ${r.triggers} triggers ${r.pattern === 'spread' ? '(S * * * * ?)' : '(* * * * * ?)'}, ${r.seconds} s`,
    r.dialect,
    `${r.audit.fires} (${r.firesPerSecond}/s)`,
    trio(r.audit.queued),
    trio(r.audit.started),
    trio(r.entered),
    `${r.audit.queued.negative + r.audit.started.negative}`,
    `${r.audit.duplicates} / ${r.audit.lost}`,
    r.pattern === 'every-second'
      ? '(stress, beyond the budget)'
      : `start p99 ≤ ${r.dialect === 'postgres' && r.triggers > 1000 ? 100 : 50} ms`,
  ]);
for (const r of burst)
  rows.push([
    `burst, ${r.triggers} due in one second`,
    r.dialect,
    `${r.audit.fires} (${r.firesPerSecond}/s)`,
    `${ms(r.audit.queued.p50)} / ${ms(r.audit.queued.p99)} / all ${ms(r.allQueuedMs)}`,
    `${ms(r.audit.started.p50)} / ${ms(r.audit.started.p99)} / all ${ms(r.allStartedMs)}`,
    trio(r.entered),
    `${r.audit.queued.negative + r.audit.started.negative}`,
    `${r.audit.duplicates} / ${r.audit.lost}`,
    'all started ≤ 2000 ms',
  ]);
for (const c of cluster)
  rows.push([
    `cluster, ${c.nodes} nodes${c.kill ? ' (1 killed, 1 started)' : ''}, ${c.triggers} triggers ${c.pattern === 'spread' ? '(S * * * * ?)' : '(* * * * * ?)'}, ${c.seconds} s`,
    'postgres',
    `${c.audit.fires} (${c.firesPerSecond}/s)`,
    trio(c.audit.queued),
    trio(c.audit.started),
    trio(c.entered),
    `${c.audit.queued.negative + c.audit.started.negative}`,
    `${c.audit.duplicates} / ${c.audit.lost}`,
    'start p99 ≤ 100 ms; 0 dup, 0 lost',
  ]);
const table = [
  '| benchmark | db | fires | queued − scheduled p50 / p99 / max (ms) | started − scheduled p50 / p99 / max (ms) | handler entered − scheduled p50 / p99 / max (ms) | negative | duplicates / lost | budget (DESIGN §8) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
console.log(
  `\nScheduler benchmarks, ${at} — ${machine.cpus} CPUs, Node ${machine.node}, ${Object.values(machine.databases).join(', ')}, ` +
    `batch ${batchSize}, hand-off ${handOffEnabled ? 'on' : 'off'}, fire ahead ${fireAheadMs} ms\n`,
);
console.log(table);
for (const c of cluster)
  console.log(
    `\ncluster ${c.triggers} per node (fires queued): ${c.perNode.map((n) => `${n.nodeId}${n.killed ? ' (killed)' : ''} ${n.queued}`).join(', ')}; ` +
      `runs taken over ${c.audit.takenOver}, ended "node lost" ${c.audit.nodeLost}, overdue triggers ${c.audit.overdue}, not started ${c.audit.notStarted}, ` +
      `started lateness around the kill p50/p99/max ${ms(c.aroundKill?.p50)} / ${ms(c.aroundKill?.p99)} / ${ms(c.aroundKill?.max)} ms`,
  );
console.log(
  `\nload average (1 min) per case: ${load.map((l) => `${l.case}: ${l.start.toFixed(1)}→${l.end.toFixed(1)}`).join('; ')}`,
);
console.log(`\nwritten: bench/results/${file}, bench/results/scheduler-latest.json`);

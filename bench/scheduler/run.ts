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
import { envNumber } from './stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const only = (process.env.BENCH_SCHEDULER_ONLY ?? 'lateness,burst,cluster').split(',');
const seconds = envNumber('BENCH_SCHEDULER_SECONDS', 30);
const workerConcurrency = envNumber('BENCH_WORKER_CONCURRENCY', 16);
const dialects: DialectName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl) console.warn('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: PostgreSQL cases skipped');

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
let cluster: ClusterResult | undefined;
const log = (text: string) => console.error(`[bench:scheduler ${new Date().toISOString()}] ${text}`);

if (only.includes('lateness'))
  for (const dialect of dialects)
    for (const [triggers, pattern, caseSeconds] of [
      [1000, 'spread', seconds],
      [10_000, 'spread', seconds],
      [1000, 'every-second', Math.ceil(seconds / 2)],
    ] as const) {
      log(`lateness: ${dialect}, ${triggers} triggers (${pattern}), ${caseSeconds} s`);
      lateness.push(
        await benchLateness({ dialect, triggers, pattern, seconds: caseSeconds, workerConcurrency }),
      );
    }
if (only.includes('burst'))
  for (const dialect of dialects) {
    log(`burst: ${dialect}, 10000 triggers due in one second`);
    burst.push(
      await benchBurst({
        dialect,
        triggers: 10_000,
        workerConcurrency: envNumber('BENCH_BURST_WORKER_CONCURRENCY', 64),
        timeoutMs: 60_000,
      }),
    );
  }
if (only.includes('cluster') && postgresUrl) {
  log('cluster: 3 nodes on one PostgreSQL schema, one killed and replaced');
  cluster = await benchCluster({
    nodes: 3,
    triggers: envNumber('BENCH_CLUSTER_TRIGGERS', 200),
    seconds,
    workerConcurrency,
    leaseMs: 5000,
    batchSize: 100,
    kill: process.env.BENCH_CLUSTER_KILL !== '0',
  });
}

const at = new Date().toISOString();
const report = {
  at,
  machine,
  settings: { seconds, workerConcurrency, batchSize: 100, misfireThresholdMs: 60_000 },
  lateness,
  burst,
  cluster,
};
const dir = path.join(root, 'bench', 'results');
fs.mkdirSync(dir, { recursive: true });
const json = JSON.stringify(report, null, 2) + '\n';
fs.writeFileSync(path.join(dir, `scheduler-${at.slice(0, 10)}.json`), json);
fs.writeFileSync(path.join(dir, 'scheduler-latest.json'), json);

const ms = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : `${v}`;
const rows: string[][] = [];
for (const r of lateness)
  rows.push([
    `lateness, ${r.triggers} triggers ${r.pattern === 'spread' ? '(S * * * * ?)' : '(* * * * * ?)'}, ${r.seconds} s`,
    r.dialect,
    `${r.audit.fires} (${r.firesPerSecond}/s)`,
    `${ms(r.audit.queued.p50)} / ${ms(r.audit.queued.p99)} / ${ms(r.audit.queued.max)}`,
    `${ms(r.audit.started.p50)} / ${ms(r.audit.started.p99)} / ${ms(r.audit.started.max)}`,
    `${r.audit.queued.negative + r.audit.started.negative}`,
    `${r.audit.duplicates} / ${r.audit.lost}`,
    'start p99 ≤ 50 ms (embedded)',
  ]);
for (const r of burst)
  rows.push([
    `burst, ${r.triggers} due in one second`,
    r.dialect,
    `${r.audit.fires} (${r.firesPerSecond}/s)`,
    `${ms(r.audit.queued.p50)} / ${ms(r.audit.queued.p99)} / all ${ms(r.allQueuedMs)}`,
    `${ms(r.audit.started.p50)} / ${ms(r.audit.started.p99)} / all ${ms(r.allStartedMs)}`,
    `${r.audit.queued.negative + r.audit.started.negative}`,
    `${r.audit.duplicates} / ${r.audit.lost}`,
    'all started ≤ 2000 ms',
  ]);
if (cluster)
  rows.push([
    `cluster, ${cluster.nodes} nodes${cluster.kill ? ' (1 killed, 1 started)' : ''}, ${cluster.triggers} triggers (* * * * * ?), ${cluster.seconds} s`,
    'postgres',
    `${cluster.audit.fires} (${cluster.firesPerSecond}/s)`,
    `${ms(cluster.audit.queued.p50)} / ${ms(cluster.audit.queued.p99)} / ${ms(cluster.audit.queued.max)}`,
    `${ms(cluster.audit.started.p50)} / ${ms(cluster.audit.started.p99)} / ${ms(cluster.audit.started.max)}`,
    `${cluster.audit.queued.negative + cluster.audit.started.negative}`,
    `${cluster.audit.duplicates} / ${cluster.audit.lost}`,
    'start p99 ≤ 100 ms; 0 dup, 0 lost',
  ]);
const table = [
  '| benchmark | db | fires | queued − scheduled p50 / p99 / max (ms) | started − scheduled p50 / p99 / max (ms) | negative | duplicates / lost | budget (DESIGN §8) |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
console.log(
  `\nScheduler benchmarks, ${at} — ${machine.cpus} CPUs, Node ${machine.node}, ${Object.values(machine.databases).join(', ')}\n`,
);
console.log(table);
if (cluster)
  console.log(
    `\ncluster per node (fires queued): ${cluster.perNode.map((n) => `${n.nodeId}${n.killed ? ' (killed)' : ''} ${n.queued}`).join(', ')}; ` +
      `runs taken over ${cluster.audit.takenOver}, ended "node lost" ${cluster.audit.nodeLost}, overdue triggers ${cluster.audit.overdue}, ` +
      `started lateness around the kill p50/p99/max ${ms(cluster.aroundKill?.p50)} / ${ms(cluster.aroundKill?.p99)} / ${ms(cluster.aroundKill?.max)} ms`,
  );
console.log(
  `\nwritten: bench/results/scheduler-${at.slice(0, 10)}.json, bench/results/scheduler-latest.json`,
);

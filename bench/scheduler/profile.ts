// `npx tsx --conditions=source bench/scheduler/profile.ts [sqlite|postgres]` (optionally with
// `node --cpu-prof`): where the time of a fire goes. One node (scheduler + 16-slot no-op worker)
// fires 10,000 spread triggers (`S * * * * ?`) for BENCH_SCHEDULER_SECONDS (default 15); every SQL
// statement is timed at the driver (pg's Client.query, better-sqlite3's Statement) and grouped by
// its kind, so the output reads "round trips per fire" and "ms per fire" per statement kind.
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { DialectName } from '../../apps/server/src/db/database.js';
import { createSchedulerSignal } from '../../apps/server/src/engine/scheduler/scheduler-signal.js';
import { fireTimeCache } from '../../apps/server/src/engine/scheduler/fire-time-cache.js';
import { createBenchDatabase, seedTriggers } from './bench-database.js';
import { drainRuns } from './fire-audit.js';
import { BenchNode } from './node-instruments.js';
import { envNumber, sleep } from './stats.js';

const dialect = (process.argv[2] ?? 'sqlite') as DialectName;
const seconds = envNumber('BENCH_SCHEDULER_SECONDS', 15);
const timings = new Map<string, { count: number; ms: number }>();
let recording = false;

function kindOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (flat.startsWith('select (extract(epoch') || flat.includes("julianday('now')")) return 'database now';
  if (flat.startsWith('begin') || flat.startsWith('commit') || flat.startsWith('rollback'))
    return flat.split(' ')[0] ?? flat;
  const table = /(?:from|into|update) "?(\w+)"?/.exec(flat)?.[1] ?? '?';
  const verb = flat.split(' ')[0] ?? '?';
  const lock = flat.includes('skip locked')
    ? ' skip locked'
    : flat.includes('for update')
      ? ' for update'
      : '';
  return `${verb === 'with' ? 'with…update' : verb} ${table}${lock}`;
}

function note(text: string, ms: number): void {
  if (!recording) return;
  const kind = kindOf(text);
  const entry = timings.get(kind) ?? { count: 0, ms: 0 };
  entry.count += 1;
  entry.ms += ms;
  timings.set(kind, entry);
}

// Timed at the driver: every statement Kysely sends, whichever module sends it.
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
  const start = performance.now();
  const result = pgQuery.apply(this, args);
  if (result instanceof Promise)
    void result.then(
      () => note(text, performance.now() - start),
      () => undefined,
    );
  return result;
} as typeof pg.Client.prototype.query;
const statementProto = Object.getPrototypeOf(new SqliteDatabase(':memory:').prepare('select 1')) as Record<
  string,
  unknown
>;
for (const method of ['all', 'run', 'get']) {
  const original = statementProto[method] as (...args: unknown[]) => unknown;
  statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
    const start = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      note(this.source, performance.now() - start);
    }
  };
}

const bench = await createBenchDatabase(dialect);
try {
  await seedTriggers(
    bench.db,
    10_000,
    (i) => `${i % 60} * * * * ?`,
    (now) => now + 2000,
  );
  const signal = await createSchedulerSignal(bench.db, bench.url, bench.schema);
  const node = new BenchNode({
    db: bench.db,
    signal,
    nodeId: `profile-${dialect}`,
    workerConcurrency: envNumber('BENCH_WORKER_CONCURRENCY', 16),
  });
  recording = true;
  const cpu = process.cpuUsage();
  await node.start();
  await sleep(seconds * 1000);
  await node.stopScheduler();
  await drainRuns(bench.db, 20_000);
  await node.stopWorker();
  recording = false;
  const used = process.cpuUsage(cpu);
  await signal.close();
  const fires = node.counters.queued;
  const rows = [...timings.entries()].sort((a, b) => b[1].ms - a[1].ms);
  console.log(
    `\n${dialect}: ${fires} fires in ${seconds} s, ${node.counters.handedOff} started at once by the pass, ` +
      `${node.counters.passes} passes; process CPU ${Math.round((used.user + used.system) / 1000)} ms ` +
      `(${((used.user + used.system) / 1000 / Math.max(fires, 1)).toFixed(2)} ms per fire); fire-time cache ${fireTimeCache.hits} hits / ${fireTimeCache.misses} misses\n`,
  );
  console.log('| statement | count | per fire | total ms | ms per fire | mean ms |');
  console.log('|---|---|---|---|---|---|');
  let count = 0;
  let ms = 0;
  for (const [kind, t] of rows) {
    count += t.count;
    ms += t.ms;
    console.log(
      `| ${kind} | ${t.count} | ${(t.count / fires).toFixed(2)} | ${Math.round(t.ms)} | ${(t.ms / fires).toFixed(3)} | ${(t.ms / t.count).toFixed(3)} |`,
    );
  }
  console.log(
    `| all | ${count} | ${(count / fires).toFixed(2)} | ${Math.round(ms)} | ${(ms / fires).toFixed(3)} | ${(ms / count).toFixed(3)} |`,
  );
} finally {
  await bench.drop();
}

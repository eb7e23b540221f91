import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchUserList } from './api-users.bench.js';
import { benchConsoleBundle } from './console-bundle.bench.js';
import { benchLargeFiles } from './large-file/large-file.bench.js';
import { benchLegacyReport } from './legacy-report.bench.js';
import { benchReportScroll } from './report-scroll.bench.js';
import { benchReports } from './reports.bench.js';
import type { BenchResult } from './bench-result.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
/** Every case, by the name BENCH_ONLY picks it with (comma-separated; unset: all). */
const CASES: Record<string, () => BenchResult[] | Promise<BenchResult[]>> = {
  bundle: () => benchConsoleBundle(webDist),
  users: benchUserList,
  'legacy-report': benchLegacyReport,
  reports: benchReports,
  scroll: () => benchReportScroll(webDist),
  'large-files': benchLargeFiles,
};
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(name in CASES)) ?? [];
if (unknown.length)
  throw new Error(
    `BENCH_ONLY: unknown case(s) ${unknown.join(', ')}; known: ${Object.keys(CASES).join(', ')}`,
  );
const results: BenchResult[] = [];
for (const [name, run] of Object.entries(CASES))
  if (!only || only.includes(name)) results.push(...(await run()));

const stamp = new Date().toISOString();
const table = [
  '| benchmark | p50 | p95 | p99 | unit | also | budget |',
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.unit} | ${r.extra} | ${r.budget} |`,
  ),
].join('\n');
console.log(table);
const load = (await import('node:os')).loadavg().map((value) => Math.round(value * 100) / 100);
const record =
  JSON.stringify({ at: stamp, node: process.version, load_average_at_end: load, results }, null, 2) + '\n';
if (process.env.BENCH_LABEL) {
  // A labelled run (e.g. a before/after pair) is kept under bench/results/.
  const file = path.join(
    root,
    'bench',
    'results',
    `bench-${stamp.slice(0, 10)}-${process.env.BENCH_LABEL}.json`,
  );
  fs.writeFileSync(file, record);
  console.log(`written ${path.relative(root, file)}`);
}
if (!only) {
  // Only a full run is the committed table.
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench-results', 'latest.json'), record);
  const docs = path.join(root, 'docs', 'benchmarks.md');
  const header =
    "# Benchmarks\n\n`npm run bench` measures these on the machine it runs on and writes `bench-results/latest.json`; the table below is the last run that was committed (2 cores, Node 20). Budgets: DESIGN.md §8. The scheduler's benchmarks (`npm run bench:scheduler`) are in [performance.md](performance.md).\n\n";
  fs.writeFileSync(docs, `${header}Last run: ${stamp}\n\n${table}\n`);
}

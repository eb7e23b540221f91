import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchUserList } from './api-users.bench.js';
import { benchConsoleBundle } from './console-bundle.bench.js';
import { benchLegacyReport } from './legacy-report.bench.js';
import { benchReportScroll } from './report-scroll.bench.js';
import { benchReports } from './reports.bench.js';
import type { BenchResult } from './bench-result.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results: BenchResult[] = [
  ...benchConsoleBundle(path.join(root, 'apps/web/dist')),
  ...(await benchUserList()),
  ...(await benchLegacyReport()),
  ...(await benchReports()),
  ...(await benchReportScroll(path.join(root, 'apps/web/dist'))),
];
const stamp = new Date().toISOString();
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench-results', 'latest.json'),
  JSON.stringify({ at: stamp, node: process.version, results }, null, 2) + '\n',
);
const table = [
  '| benchmark | p50 | p95 | p99 | unit | also | budget |',
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.unit} | ${r.extra} | ${r.budget} |`,
  ),
].join('\n');
console.log(table);
const docs = path.join(root, 'docs', 'benchmarks.md');
const header =
  "# Benchmarks\n\n`npm run bench` measures these on the machine it runs on and writes `bench-results/latest.json`; the table below is the last run that was committed (2 cores, Node 20). Budgets: DESIGN.md §8. The scheduler's benchmarks (`npm run bench:scheduler`) are in [performance.md](performance.md).\n\n";
fs.writeFileSync(docs, `${header}Last run: ${stamp}\n\n${table}\n`);

// Measures the JavaScript the console's first load fetches (entry + modulepreloads), gzip.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BenchResult } from './bench-result.js';

export function benchConsoleBundle(webDist: string): BenchResult[] {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = [...index.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const gzip = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(webDist, file))).length,
    0,
  );
  const raw = files.reduce((sum, file) => sum + fs.statSync(path.join(webDist, file)).size, 0);
  const kb = Math.round(gzip / 102.4) / 10;
  return [
    {
      name: `console first-load JavaScript (${files.length} files)`,
      unit: 'kB gzip',
      p50: kb,
      p95: kb,
      p99: kb,
      extra: `${Math.round(raw / 1024)} kB raw`,
      budget: '< 400 kB gzip',
    },
  ];
}

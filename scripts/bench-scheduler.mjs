#!/usr/bin/env node
// `npm run bench:scheduler`: the scheduler benchmarks (bench/scheduler/run.ts, docs/performance.md).
// PostgreSQL cases run when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['tsx', '--conditions=source', 'bench/scheduler/run.ts'], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);

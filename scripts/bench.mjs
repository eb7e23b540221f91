#!/usr/bin/env node
// `npm run bench`: builds the console if needed, then runs bench/run.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// BENCH_ONLY=reports,users,… runs a subset (bench/run.ts); only the bundle and scroll cases need the console.
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const needsWeb = !only || only.includes('bundle') || only.includes('scroll');
if (needsWeb && !fs.existsSync('apps/web/dist/index.html'))
  spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
// The large-file case runs a started node (apps/server/dist), as production does.
if (!only || only.includes('large-files')) spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
const result = spawnSync('npx', ['tsx', '--conditions=source', 'bench/run.ts'], { stdio: 'inherit' });
process.exit(result.status ?? 1);

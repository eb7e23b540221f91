#!/usr/bin/env node
// `npm run bench`: builds the console if needed, then runs bench/run.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('apps/web/dist/index.html')) spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
const result = spawnSync('npx', ['tsx', '--conditions=source', 'bench/run.ts'], { stdio: 'inherit' });
process.exit(result.status ?? 1);

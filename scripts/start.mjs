#!/usr/bin/env node
// `npm start`: builds what is missing or out of date (server, console), then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outdatedBuilds, markBuilt } from './lib/build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.join(root, p);

function run(script) {
  console.error(`[lis] npm run ${script}`);
  // Build output goes to stderr, so that a command's own output (e.g. `lis cron next`) stays clean.
  const result = spawnSync('npm', ['run', script], {
    cwd: root,
    stdio: ['inherit', process.stderr, 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = process.argv.slice(2).filter((a) => a !== '--cli');
const serverMain = rel('apps/server/dist/main.js');
// Commands (`lis cron …`, `lis demo remove`) need only the server; the product needs the console too.
for (const build of outdatedBuilds(root, args.length ? ['server'] : ['server', 'web'])) {
  run(build.script);
  markBuilt(root, build);
}

const child = spawn(process.execPath, [serverMain, ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

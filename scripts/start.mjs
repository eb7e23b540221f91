#!/usr/bin/env node
// `npm start`: builds what is missing or out of date (server, console), then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.join(root, p);

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function outdated(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(rel(s)) > built);
}

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
const packages = ['packages/contracts/src', 'packages/converter/src', 'packages/reference-peers/src'];
if (outdated(serverMain, ['apps/server/src', ...packages])) run('build:server');
if (
  !args.length &&
  outdated(rel('apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', ...packages])
) {
  run('build:web');
}

const child = spawn(process.execPath, [serverMain, ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

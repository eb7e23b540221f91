#!/usr/bin/env node
// `npm test`: builds the server and the console when missing or out of date (the browser suite runs the
// built server), then runs every vitest project, forwarding the arguments (`npm test -- --project server`).
// Without Chromium the browser suite is skipped loudly, or fails the run when CI=true. The last line is
// always `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outdatedBuilds, markBuilt } from './lib/build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.join(root, p);
const isCI = process.env.CI === 'true';
const chromium = process.env.LIS_CHROMIUM || '/usr/bin/chromium';
const E2E = 'e2e';

function run(script) {
  console.error(`[test] npm run ${script}`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[test] npm run ${script} failed`);
    finish(0, 0, result.status || 1);
  }
  console.error(`[test] npm run ${script} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function banner(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  return ['', bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ''].join('\n');
}

function finish(passed, failed, code) {
  if (skippedBrowserSuite) console.error(skipWarning);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code);
}

/** Same matching as vitest's --project filter: `*` wildcards, case-insensitive, a leading `!` negates. */
function patternMatches(pattern, name) {
  const source = pattern
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i').test(name);
}

// --- the arguments: which projects are asked for ---------------------------------------------------
const forwarded = [];
const projects = [];
const rawArgs = process.argv.slice(2);
for (let i = 0; i < rawArgs.length; i++) {
  const arg = rawArgs[i];
  if (arg === '--project' && i + 1 < rawArgs.length) projects.push(rawArgs[++i]);
  else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  else forwarded.push(arg);
}
const positive = projects.filter((p) => !p.startsWith('!'));
const negative = projects.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
const wantsE2E =
  (positive.length === 0 || positive.some((p) => patternMatches(p, E2E))) &&
  !negative.some((p) => patternMatches(p, E2E));

let skippedBrowserSuite = false;
const skipWarning = banner([
  `THE BROWSER SUITE (vitest project "${E2E}") WAS SKIPPED: no Chromium at ${chromium}.`,
  'Install it (Debian/Ubuntu, as root):',
  '  apt-get update && apt-get install -y chromium fonts-thai-tlwg',
  'or point LIS_CHROMIUM at a Chromium/Chrome binary, then run `npm test` again.',
  'CI (CI=true) fails instead of skipping.',
]);

let selected = projects;
if (wantsE2E && !fs.existsSync(chromium)) {
  if (isCI) {
    console.error(
      banner([
        `CI=true but Chromium is missing at ${chromium}: the browser suite cannot run.`,
        'Install it: apt-get update && apt-get install -y chromium fonts-thai-tlwg (or set LIS_CHROMIUM).',
      ]),
    );
    finish(0, 0, 1);
  }
  skippedBrowserSuite = true;
  console.error(skipWarning);
  if (positive.length === 0) selected = [...projects, `!${E2E}`];
  else {
    selected = projects.filter((p) => p.startsWith('!') || !patternMatches(p, E2E));
    if (!selected.some((p) => !p.startsWith('!'))) finish(0, 0, 1);
  }
}

// --- build what the browser suite runs -------------------------------------------------------------
if (wantsE2E && !skippedBrowserSuite) {
  for (const build of outdatedBuilds(root, ['server', 'web'])) {
    run(build.script);
    markBuilt(root, build);
  }
}

/** Where the run's time went: the files that took longest, when each ended, and the sum per folder (issue 20). */
function printSlowestFiles(files) {
  const timed = files
    .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
    .map((file) => ({
      name: path.relative(root, file.name),
      ms: file.endTime - file.startTime,
      end: file.endTime,
    }))
    .sort((a, b) => b.ms - a.ms);
  if (timed.length === 0) return;
  const firstStart = Math.min(...files.map((file) => file.startTime).filter(Number.isFinite));
  const byFolder = new Map();
  for (const { name, ms } of timed) {
    const folder = path.dirname(name).split(path.sep).slice(0, 5).join('/');
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + ms);
  }
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
  console.error('[test] the slowest files:');
  for (const { name, ms, end } of timed.slice(0, 25))
    console.error(`[test] ${seconds(ms)}  ${name} (ended at ${seconds(end - firstStart).trim()})`);
  console.error('[test] time per folder (summed over the files, which run side by side):');
  for (const [folder, ms] of [...byFolder].sort((a, b) => b[1] - a[1]))
    console.error(`[test] ${seconds(ms)}  ${folder}`);
}

// --- vitest ------------------------------------------------------------------------------------------
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-test-'));
const reportFile = path.join(reportDir, 'vitest.json');
const hasReporter = forwarded.some((a) => a === '--reporter' || a.startsWith('--reporter='));
const vitestArgs = [
  rel('node_modules/vitest/vitest.mjs'),
  'run',
  ...selected.flatMap((p) => ['--project', p]),
  ...(hasReporter ? [] : ['--reporter=default']),
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...forwarded,
];
const started = Date.now();
const result = spawnSync(process.execPath, vitestArgs, { cwd: root, stdio: 'inherit' });
const seconds = ((Date.now() - started) / 1000).toFixed(1);

let passed = 0;
let failed = 0;
let skipped = 0;
let code = result.status ?? 1;
try {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  printSlowestFiles(report.testResults ?? []);
  // A file that fails before any test runs (import error, failing beforeAll) counts as one failure.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) failed++;
  }
} catch {
  console.error(`[test] vitest wrote no JSON report (${reportFile}); it exited with ${code}`);
  if (code === 0) code = 1;
}
fs.rmSync(reportDir, { recursive: true, force: true });
if (failed > 0 && code === 0) code = 1;
console.error(`[test] vitest took ${seconds} s${skipped ? `; ${skipped} skipped` : ''}`);
finish(passed, failed, code);

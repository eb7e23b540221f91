#!/usr/bin/env node
// `npm run soak:faults -- --trials N --seed S [--database sqlite|postgres] [--kinds a,b]`: many fault
// trials at seeded random points (apps/server/test/soak), a report per database in bench/results/, and a
// summary. Without --seed a random one is drawn and printed (rerun it with --seed to replay).
// The `database-drop` kind terminates the PostgreSQL backends of the trial's own two nodes (found by their
// application_name; nobody else's). LIS_SOAK_PG_RESTART=1 (as root, opt-in) restarts the PostgreSQL
// server instead (`pg_ctlcluster … restart`): only on a machine of your own — it cuts every other user
// of that server, so never on a shared one or in CI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const trials = Number(option('trials') ?? 50);
const seed = Number(option('seed') ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(trials) || trials < 1 || !Number.isInteger(seed)) {
  console.error(
    'usage: npm run soak:faults -- --trials N [--seed S] [--database sqlite|postgres] [--kinds a,b]',
  );
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = path.join(root, 'bench', 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const report = path.join(resultsDir, `soak-faults-${stamp}-seed${seed}`);
console.error(
  `[soak] ${trials} trials per database, seed ${seed}; reports: ${path.relative(root, report)}.*.json`,
);
const started = Date.now();
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'server',
    'test/soak/fault-soak.test.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SOAK_TRIALS: String(trials),
      SOAK_SEED: String(seed),
      SOAK_ORDER: 'random',
      SOAK_REPORT: report,
      ...(option('database') ? { SOAK_DATABASE: option('database') } : {}),
      ...(option('kinds') ? { SOAK_KINDS: option('kinds') } : {}),
    },
  },
);
const lines = [];
for (const file of fs.readdirSync(resultsDir).filter((name) => name.startsWith(path.basename(report)))) {
  const data = JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8'));
  const faults = Object.entries(data.faults)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  lines.push(
    `${data.database}: ${data.trials} trials, ${data.runs} runs, ${data.files} files, ` +
      `${data.violations.length} invariant violations, ${(data.ms / 1000).toFixed(0)} s — ${faults}`,
  );
}
console.log(`[soak] seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const line of lines) console.log(`[soak] ${line}`);
process.exit(result.status ?? 1);

/**
 * Writes apps/server/test/fixtures/quartz-calendar-cases.jsonl: the hand-picked edges and a seeded
 * random set, each with what real Quartz 2.3.2 computed (`npm run quartz:calendar-fixture`).
 * Options: --seed N (default 34), --random N (default 700), --out FILE, --max-tested N (default 2000),
 * --no-hand-picked.
 * Left out: cases where Quartz's search stopped at the candidate bound (Quartz had no final answer), and
 * random cases whose search tested more than MAX_RANDOM_TESTED candidates (to keep the fixture test
 * fast; the hand-picked edges keep the searches that walk to the end of 2099).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomCases } from './calendar-cases.js';
import { handPickedCases } from './hand-picked-cases.js';
import { runQuartz, type QuartzCase } from './run-quartz.js';

/** The same bound as LIS's MAX_CALENDAR_CANDIDATES (apps/server/src/engine/calendar). */
export const MAX_CANDIDATES = 50_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};

const seed = Number(option('--seed', '34'));
const MAX_RANDOM_TESTED = Number(option('--max-tested', '2000'));
const randomCount = Number(option('--random', '700'));
const out = path.resolve(
  option(
    '--out',
    path.join(here, '..', '..', 'apps', 'server', 'test', 'fixtures', 'quartz-calendar-cases.jsonl'),
  ),
);
const hand = process.argv.includes('--no-hand-picked') ? [] : handPickedCases();

const started = Date.now();
const answered: QuartzCase[] = runQuartz([...hand, ...randomCases(seed, randomCount)], MAX_CANDIDATES);
const capped = answered.filter((entry) => 'capped' in entry && entry.capped).length;
const slow = answered.filter(
  (entry) =>
    'tested' in entry && !entry.capped && entry.id.startsWith('random-') && entry.tested > MAX_RANDOM_TESTED,
).length;
const kept = answered.filter(
  (entry) =>
    !('tested' in entry) ||
    (!entry.capped && (!entry.id.startsWith('random-') || entry.tested <= MAX_RANDOM_TESTED)),
);
fs.writeFileSync(out, kept.map((entry) => JSON.stringify(entry)).join('\n') + '\n');
const refused = kept.filter((entry) => 'error' in entry).length;
process.stdout.write(
  `${kept.length} cases (${refused} refused by Quartz) written to ${out}; left out: ${capped} at the bound, ${slow} random ones testing more than ${MAX_RANDOM_TESTED} candidates; ${Date.now() - started} ms\n`,
);

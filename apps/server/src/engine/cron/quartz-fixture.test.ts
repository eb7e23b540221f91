import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CronSyntaxError, nextFireTimes, parseCron, validateCron } from './index.js';

/** One line of ../shared/fixtures/quartz-cron-cases.jsonl: what real Quartz 2.3.2 computed. */
interface QuartzCase {
  expr: string;
  start: string;
  tz: string;
  valid: boolean;
  next?: string[];
  error?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** A copy of ../shared/fixtures/quartz-cron-cases.jsonl kept in the repository (checked below). */
const fixturePath = path.resolve(here, '..', '..', '..', 'test', 'fixtures', 'quartz-cron-cases.jsonl');
const sharedFixturePath = path.resolve(
  here,
  '..',
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'fixtures',
  'quartz-cron-cases.jsonl',
);
const cases = fs
  .readFileSync(fixturePath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line, index) => ({ line: index + 1, ...(JSON.parse(line) as QuartzCase) }));

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('Quartz 2.3.2 fixture', () => {
  it('holds all 400 cases', () => {
    expect(cases).toHaveLength(400);
  });

  const valid = cases.filter((entry) => entry.valid);
  it.each(valid)('line $line: "$expr" in $tz after $start', ({ expr, start, tz, next = [] }) => {
    // When Quartz found none, ask for a few to show that there really are none.
    const count = next.length === 0 ? 3 : next.length;
    expect(nextFireTimes(expr, new Date(start), tz, count).map(isoSeconds)).toEqual(next);
  });

  const invalid = cases.filter((entry) => !entry.valid);
  it.each(invalid)('line $line: "$expr" is rejected', ({ expr }) => {
    expect(() => parseCron(expr)).toThrow(CronSyntaxError);
    const result = validateCron(expr);
    expect(result.valid).toBe(false);
    expect(result.valid ? '' : result.message.trim()).not.toBe('');
  });
});

describe('the committed copy of the Quartz fixture', () => {
  it.runIf(fs.existsSync(sharedFixturePath))('equals ../shared/fixtures/quartz-cron-cases.jsonl', () => {
    expect(fs.readFileSync(fixturePath, 'utf8')).toBe(fs.readFileSync(sharedFixturePath, 'utf8'));
  });
});

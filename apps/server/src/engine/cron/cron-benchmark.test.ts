import { describe, expect, it } from 'vitest';
import { nextFireTime, parseCron } from './index.js';

// A micro-benchmark that only reports: budgets are checked by benchmarks, never by timed tests.
const EXPRESSIONS = [
  '0 0 12 * * ?',
  '0 */5 * * * ?',
  '0 15 10 L * ?',
  '0 0 9 ? * MON-FRI',
  '0 0 9 ? * 6#3',
  '0 30 2 LW * ?',
  '*/10 * 8-18 ? * 2-6',
  '0 0 0 29 2 ?',
  '0 0 0 1 1 ? 2099',
  '0 0 0 31 2 ?',
];
const ZONES = ['Asia/Bangkok', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'UTC'];
const TRIGGERS = 10_000;

describe('cron performance (reported, not asserted)', () => {
  it(`computes the next fire time of ${TRIGGERS} triggers`, () => {
    const triggers = Array.from({ length: TRIGGERS }, (_, index) => ({
      expression: parseCron(EXPRESSIONS[index % EXPRESSIONS.length] ?? ''),
      zone: ZONES[index % ZONES.length] ?? 'UTC',
    }));
    const after = new Date('2026-11-21T00:00:00Z');
    const started = performance.now();
    let found = 0;
    for (const trigger of triggers) {
      if (nextFireTime(trigger.expression, after, trigger.zone)) found++;
    }
    const elapsedMs = performance.now() - started;
    console.log(
      `cron: ${TRIGGERS} next fire times in ${elapsedMs.toFixed(1)} ms ` +
        `(${((elapsedMs * 1000) / TRIGGERS).toFixed(1)} µs each; includes "0 0 0 31 2 ?", which searches to 2099)`,
    );
    expect(found).toBe(TRIGGERS - TRIGGERS / EXPRESSIONS.length);
  });
});

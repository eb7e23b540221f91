import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRON_USAGE, runCronCommand } from './cron-command.js';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCronCommand(
    args,
    (line) => out.push(line),
    (line) => err.push(line),
    { env: {} },
  );
  return { code, out, err };
}

describe('lis cron next --calendar --rule (business-day rules, issue 34)', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-cron-rule-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  // Bangkok's weekends, and 7, 10 and 31 December 2026.
  const bank = path.join(folder, 'bank.json');
  fs.writeFileSync(
    bank,
    JSON.stringify({
      type: 'weekly',
      exclude: ['SAT', 'SUN'],
      base: { type: 'holiday', dates: ['2026-12-07', '2026-12-10', '2026-12-31'] },
    }),
  );
  const next = (rule: string | undefined, expression = '0 0 9 * * ?', calendar: string | null = bank) =>
    run([
      'next',
      '--tz',
      'Asia/Bangkok',
      '--from',
      '2026-11-30T17:00:00Z',
      '--count',
      '2',
      ...(calendar === null ? [] : ['--calendar', calendar]),
      ...(rule === undefined ? [] : ['--rule', rule]),
      expression,
    ]);

  it('prints the 3rd and the last business days of each month', () => {
    expect(next('nth=3')).toEqual({
      code: 0,
      out: ['2026-12-03T02:00:00Z', '2027-01-05T02:00:00Z'],
      err: [],
    });
    expect(next('nth=-1')).toEqual({
      code: 0,
      out: ['2026-12-30T02:00:00Z', '2027-01-29T02:00:00Z'],
      err: [],
    });
  });

  it('moves an excluded fire time to the next or previous business day', () => {
    // Thursdays at 09:00: the 10th is a holiday.
    expect(next('shift=next', '0 0 9 ? * THU').out).toEqual(['2026-12-03T02:00:00Z', '2026-12-11T02:00:00Z']);
    expect(next('shift=previous', '0 0 9 ? * THU').out).toEqual([
      '2026-12-03T02:00:00Z',
      '2026-12-09T02:00:00Z',
    ]);
  });

  it.each([
    ['nth=0', '0 0 9 * * ?', '--rule: "nth=0" is not a business-day rule'],
    ['last', '0 0 9 * * ?', '--rule: "last" is not a business-day rule'],
    ['nth=24', '0 0 9 * * ?', '--rule: "nth=24" is not a business-day rule'],
    ['nth=1', '0 0 9 ? * MON-FRI', '--rule: nth=1 needs * or ? in the day-of-month and day-of-week fields'],
  ])('exits 2 for --rule %s with "%s"', (rule, expression, message) => {
    const result = next(rule, expression);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain(message);
  });

  it('exits 2 for --rule without --calendar', () => {
    const result = next('nth=3', '0 0 9 * * ?', null);
    expect(result.code).toBe(2);
    expect(result.err.join('\n')).toContain('--rule needs --calendar');
  });

  it('says so on stderr when the rule finds no fire within the bound, still exiting 0', () => {
    // Every minute, and every day of the coming 1000 a holiday: two months hold 89,280 candidates.
    const dates = Array.from({ length: 1000 }, (_, day) =>
      new Date(Date.UTC(2026, 11, 1) + day * 86_400_000).toISOString().slice(0, 10),
    );
    const closed = path.join(folder, 'closed.json');
    fs.writeFileSync(closed, JSON.stringify({ type: 'holiday', dates }));
    const result = next('nth=1', '0 * * * * ?', closed);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain("The business-day rule's search tested 50000 candidates");
    expect(CRON_USAGE).toContain('--rule <rule>');
  });
});

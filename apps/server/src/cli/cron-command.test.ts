import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRON_USAGE, runCronCommand, type CronCommandContext } from './cron-command.js';

function run(args: string[], context: CronCommandContext = { env: {} }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCronCommand(
    args,
    (line) => out.push(line),
    (line) => err.push(line),
    context,
  );
  return { code, out, err };
}

describe('lis cron next', () => {
  it('prints the next fire times as UTC instants without milliseconds, one a line', () => {
    const result = run([
      'next',
      '--tz',
      'Asia/Bangkok',
      '--from',
      '2026-11-21T00:00:00Z',
      '--count',
      '5',
      '0 15 10 L * ?',
    ]);
    expect(result).toEqual({
      code: 0,
      out: [
        '2026-11-30T03:15:00Z',
        '2026-12-31T03:15:00Z',
        '2027-01-31T03:15:00Z',
        '2027-02-28T03:15:00Z',
        '2027-03-31T03:15:00Z',
      ],
      err: [],
    });
  });

  it('accepts "cron" as first word, --name=value and an unquoted expression', () => {
    const result = run([
      'cron',
      'next',
      '--tz=UTC',
      '--from=2026-01-01T00:00:00+07:00',
      '--count=2',
      '0',
      '0',
      '12',
      '*',
      '*',
      '?',
    ]);
    expect(result.out).toEqual(['2026-01-01T12:00:00Z', '2026-01-02T12:00:00Z']);
  });

  it('defaults: zone from LIS_TIMEZONE, from now, 10 fire times', () => {
    const context = { env: { LIS_TIMEZONE: 'Asia/Tokyo' }, now: () => new Date('2026-01-01T00:00:00Z') };
    const result = run(['next', '0 0 9 * * ?'], context);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(10);
    expect(result.out[0]).toBe('2026-01-02T00:00:00Z'); // 09:00 in Tokyo
  });

  it('prints nothing and succeeds when the expression never fires again', () => {
    expect(run(['next', '--tz', 'UTC', '--from', '2028-01-01T00:00:00Z', '0 0 12 * * ? 2027'])).toEqual({
      code: 0,
      out: [],
      err: [],
    });
  });

  it('exits 1 with the message for an invalid expression', () => {
    expect(run(['next', '--tz', 'UTC', '0 0 25 * * ?'])).toEqual({
      code: 1,
      out: [],
      err: ['Hours: 25 is out of range 0-23'],
    });
  });

  it.each([
    [['next', '--tz', 'Mars/Olympus', '0 0 12 * * ?'], '--tz: unknown time zone "Mars/Olympus"'],
    [['next', '--from', 'yesterday', '0 0 12 * * ?'], '--from: expected an ISO-8601 instant'],
    [
      ['next', '--from', '2026-01-01T00:00:00', '0 0 12 * * ?'],
      '--from: expected an ISO-8601 instant with Z or an offset',
    ],
    [['next', '--count', '1001', '0 0 12 * * ?'], '--count: expected a whole number from 1 to 1000'],
    [['next', '--count', '0', '0 0 12 * * ?'], '--count: expected a whole number from 1 to 1000'],
    [['next', '--count', 'five', '0 0 12 * * ?'], '--count: expected a whole number'],
    [['next', '--count'], '--count needs a value'],
    [['next', '--tz', 'UTC', '--tz', 'UTC', '0 0 12 * * ?'], '--tz is given twice'],
    [['next', '--lang', 'th', '0 0 12 * * ?'], 'Unknown option --lang'],
    [['next'], 'Missing the cron expression'],
    [['every', '0 0 12 * * ?'], 'Unknown cron command "every"'],
  ])('exits 2 for bad options: %j', (args, message) => {
    const result = run(args);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain(message);
  });
});

describe('lis cron next --calendar', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-cron-calendar-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const target = path.join(folder, name);
    fs.writeFileSync(target, text);
    return target;
  };
  const next = (calendar: string, expression = '0 0 9 * * ?', count = '4') =>
    run([
      'next',
      '--tz',
      'Asia/Bangkok',
      '--from',
      '2026-12-03T00:00:00Z',
      '--count',
      count,
      '--calendar',
      calendar,
      expression,
    ]);

  it('prints only the fire times the calendar includes (weekends and a holiday skipped)', () => {
    const calendar = file(
      'bank.json',
      JSON.stringify({
        type: 'weekly',
        exclude: ['SAT', 'SUN'],
        base: { type: 'holiday', dates: ['2026-12-07'] },
      }),
    );
    expect(next(calendar)).toEqual({
      code: 0,
      out: ['2026-12-03T02:00:00Z', '2026-12-04T02:00:00Z', '2026-12-08T02:00:00Z', '2026-12-09T02:00:00Z'],
      err: [],
    });
  });

  it('prints nothing and exits 0 when the calendar excludes every fire time (bounded search)', () => {
    const calendar = file('noon.json', JSON.stringify({ type: 'daily', from: '11:00', to: '13:00' }));
    expect(next(calendar, '0 0 12 * * ?')).toEqual({ code: 0, out: [], err: [] });
  });

  it('says so on stderr, still exiting 0, when the search stops at the candidate bound', () => {
    const calendar = file('every-second.json', JSON.stringify({ type: 'cron', expression: '* * * * * ?' }));
    const result = next(calendar, '* * * * * ?', '1');
    expect(result.code).toBe(0);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain('the search stopped there');
  });

  it.each([
    [
      'bad-date.json',
      JSON.stringify({
        type: 'weekly',
        exclude: [],
        base: { type: 'holiday', dates: ['2026-01-01', '2026-02-30'] },
      }),
      'base.dates[1]: 2026-02-30 is not a day',
    ],
    [
      'night.json',
      JSON.stringify({ type: 'daily', from: '22:00', to: '06:00' }),
      'to: the range must end after it starts',
    ],
    [
      'zone.json',
      JSON.stringify({ type: 'holiday', dates: [], tz: 'Asia/Atlantis' }),
      'tz: unknown time zone "Asia/Atlantis"',
    ],
    ['not-json.json', '{"type": "holiday",', 'not JSON'],
  ])('exits 1 naming the file and the place for an invalid calendar: %s', (name, text, message) => {
    const calendar = file(name, text);
    const result = next(calendar);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain(`--calendar ${calendar}: ${message}`);
  });

  it('exits 2 for a calendar file it cannot read', () => {
    const missing = path.join(folder, 'missing.json');
    expect(next(missing)).toEqual({
      code: 2,
      out: [],
      err: [`--calendar ${missing}: cannot read the file (ENOENT)`],
    });
  });
});

describe('lis cron describe and validate', () => {
  it('describes in English by default and in Thai with --lang th', () => {
    expect(run(['describe', '0 15 10 L * ?'])).toEqual({
      code: 0,
      out: ['At 10:15, on the last day of the month'],
      err: [],
    });
    expect(run(['describe', '--lang', 'th', '0 15 10 L * ?']).out).toEqual([
      'เวลา 10:15 น. ในวันสุดท้ายของเดือน',
    ]);
    expect(run(['describe', '--lang', 'fr', '0 15 10 L * ?']).code).toBe(2);
    expect(run(['describe', '0 15 10 L * MON'])).toMatchObject({ code: 1, out: [] });
  });

  it('validates', () => {
    expect(run(['validate', '0 15 10 L * ?'])).toEqual({ code: 0, out: ['valid'], err: [] });
    expect(run(['validate', '0 0 0 ? * 8'])).toEqual({
      code: 1,
      out: [],
      err: ['Day-of-week: 8 is out of range 1-7'],
    });
  });
});

describe('lis cron --help', () => {
  it('prints the usage on --help and exits 0', () => {
    expect(run(['--help'])).toEqual({ code: 0, out: [CRON_USAGE], err: [] });
    expect(run(['cron', '-h']).code).toBe(0);
    expect(CRON_USAGE).toContain('lis cron next --tz Asia/Bangkok');
    expect(CRON_USAGE).toContain('--calendar <file>');
  });

  it('prints the usage on stderr and exits 2 without a command', () => {
    expect(run([])).toEqual({ code: 2, out: [], err: [CRON_USAGE] });
  });
});

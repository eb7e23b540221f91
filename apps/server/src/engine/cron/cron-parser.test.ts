import { describe, expect, it } from 'vitest';
import { CronSyntaxError, parseCron, validateCron } from './index.js';

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

function messageOf(expression: string): string {
  const result = validateCron(expression);
  if (result.valid) throw new Error(`"${expression}" was accepted`);
  return result.message;
}

describe('parseCron: values of the time fields', () => {
  it('reads *, single values, lists and ranges', () => {
    const expression = parseCron('* 5,10 9-17 * * ?');
    expect(expression.seconds.values).toEqual(range(0, 59));
    expect(expression.minutes.values).toEqual([5, 10]);
    expect(expression.hours.values).toEqual(range(9, 17));
    expect(expression.years.values).toEqual(range(1970, 2099));
  });

  it('reads steps from *, from a value and over a range', () => {
    expect(parseCron('*/15 * * * * ?').seconds.values).toEqual([0, 15, 30, 45]);
    expect(parseCron('/20 * * * * ?').seconds.values).toEqual([0, 20, 40]);
    expect(parseCron('0 13/6 * * * ?').minutes.values).toEqual([13, 19, 25, 31, 37, 43, 49, 55]);
    expect(parseCron('0 10-40/10 * * * ?').minutes.values).toEqual([10, 20, 30, 40]);
  });

  it('lets a step run past the end of the field, as Quartz does (*/26, 25/26, 0-23/40)', () => {
    expect(parseCron('0 */26 * * * ?').minutes.values).toEqual([0, 26, 52]);
    expect(parseCron('0 25/26 * * * ?').minutes.values).toEqual([25, 51]);
    expect(parseCron('0 0 0-23/40 * * ?').hours.values).toEqual([0]);
    expect(parseCron('0 0 0 13/6 * ?').dayRule).toMatchObject({
      kind: 'daysOfMonth',
      days: { values: [13, 19, 25, 31] },
    });
  });

  it('reads a step of 0 as Quartz does: */0 is every value, 5/0 and 5-9/0 are just 5', () => {
    expect(parseCron('*/0 * * * * ?').seconds.values).toEqual(range(0, 59));
    expect(parseCron('0 0/0 * * * ?').minutes.values).toEqual([0]);
    expect(parseCron('0 0 5-9/0 * * ?').hours.values).toEqual([5]);
  });

  it('wraps ranges whose end is before their start (22-2, FRI-MON, NOV-FEB, 28-2)', () => {
    expect(parseCron('0 0 22-2 * * ?').hours.values).toEqual([0, 1, 2, 22, 23]);
    expect(parseCron('0 0 22-2/3 * * ?').hours.values).toEqual([1, 22]);
    expect(parseCron('0 50-10 * * * ?').minutes.values).toEqual([...range(0, 10), ...range(50, 59)]);
    expect(parseCron('0 0 0 ? * FRI-MON').dayRule).toMatchObject({
      kind: 'daysOfWeek',
      days: { values: [1, 2, 6, 7] },
    });
    expect(parseCron('0 0 0 ? NOV-FEB *').months.values).toEqual([1, 2, 11, 12]);
    expect(parseCron('0 0 0 28-2 * ?').dayRule).toMatchObject({ days: { values: [1, 2, 28, 29, 30, 31] } });
  });

  it('accepts single-value ranges (9-9) and leading zeros (05)', () => {
    expect(parseCron('0 0 9-9 * * ?').hours.values).toEqual([9]);
    expect(parseCron('05 0 0 * * ?').seconds.values).toEqual([5]);
  });

  it('reads month and day names in any case, and day-of-week 1-7 as SUN-SAT', () => {
    expect(parseCron('0 0 0 ? jan,Mar,DEC *').months.values).toEqual([1, 3, 12]);
    expect(parseCron('0 0 0 ? * sun,SAT').dayRule).toMatchObject({ days: { values: [1, 7] } });
    expect(parseCron('0 0 0 ? * MON-FRI').dayRule).toMatchObject({ days: { values: [2, 3, 4, 5, 6] } });
    expect(parseCron('0 0 0 ? * 2-6').dayRule).toMatchObject({ days: { values: [2, 3, 4, 5, 6] } });
  });

  it('accepts a full name standing alone, as Quartz reads its first three letters', () => {
    expect(parseCron('0 0 0 ? JANUARY MONDAY').months.values).toEqual([1]);
    expect(parseCron('0 0 0 ? JANUARY MONDAY').dayRule).toMatchObject({ days: { values: [2] } });
  });

  it('reads the optional year', () => {
    expect(parseCron('0 0 0 * * ? 2027').years.values).toEqual([2027]);
    expect(parseCron('0 0 0 * * ? 2026-2028').years.values).toEqual([2026, 2027, 2028]);
    expect(parseCron('0 0 0 * * ? 2090/4').years.values).toEqual([2090, 2094, 2098]);
  });

  it('normalises the text: upper case, one space between fields', () => {
    expect(parseCron('  0  15\t10 l * ?  ').text).toBe('0 15 10 L * ?');
  });
});

describe('parseCron: day rules', () => {
  it.each([
    ['L', { kind: 'lastDayOfMonth', offset: 0, nearestWeekday: false }],
    ['L-3', { kind: 'lastDayOfMonth', offset: 3, nearestWeekday: false }],
    ['LW', { kind: 'lastDayOfMonth', offset: 0, nearestWeekday: true }],
    ['L-2W', { kind: 'lastDayOfMonth', offset: 2, nearestWeekday: true }],
    ['15W', { kind: 'nearestWeekday', day: 15 }],
  ])('day-of-month %s', (field, rule) => {
    expect(parseCron(`0 0 12 ${field} * ?`).dayRule).toEqual(rule);
  });

  it.each([
    ['6L', { kind: 'lastDayOfWeekInMonth', dayOfWeek: 6 }],
    ['FRIL', { kind: 'lastDayOfWeekInMonth', dayOfWeek: 6 }],
    ['6#3', { kind: 'nthDayOfWeekInMonth', dayOfWeek: 6, nth: 3 }],
    ['MON#1', { kind: 'nthDayOfWeekInMonth', dayOfWeek: 2, nth: 1 }],
  ])('day-of-week %s', (field, rule) => {
    expect(parseCron(`0 0 12 ? * ${field}`).dayRule).toEqual(rule);
  });

  it('reads L alone in day-of-week as 7 (Saturday), as Quartz does', () => {
    expect(parseCron('0 0 12 ? * L').dayRule).toMatchObject({ kind: 'daysOfWeek', days: { values: [7] } });
  });

  it('takes the days from the field that is not ?', () => {
    expect(parseCron('0 0 12 * * ?').dayRule).toMatchObject({
      kind: 'daysOfMonth',
      days: { values: range(1, 31) },
    });
    expect(parseCron('0 0 12 ? * *').dayRule).toMatchObject({
      kind: 'daysOfWeek',
      days: { values: range(1, 7) },
    });
  });
});

describe('parseCron: errors say what is wrong and where', () => {
  it.each([
    ['', 'The expression is empty'],
    ['* * * * *', 'Expected 6 or 7 fields'],
    ['0 0 12 * * ? 2026 x', 'found 8'],
    ['0 61 * * * ?', 'Minutes: 61 is out of range 0-59'],
    ['60 * * * * ?', 'Seconds: 60 is out of range 0-59'],
    ['0 0 25 * * ?', 'Hours: 25 is out of range 0-23'],
    ['0 0 0 32 * ?', 'Day-of-month: 32 is out of range 1-31'],
    ['0 0 0 0 * ?', 'Day-of-month: 0 is out of range 1-31'],
    ['0 0 0 ? 13 *', 'Month: 13 is out of range 1-12'],
    ['0 0 0 ? * 8', 'Day-of-week: 8 is out of range 1-7'],
    ['0 0 0 ? * 0', 'Day-of-week: 0 is out of range 1-7'],
    ['0 0 0 * * ? 1969', 'Year: 1969 is out of range 1970-2099'],
    ['0 0 0 * * ? 2030-2026', 'Year: the range 2030-2026 runs backwards'],
    ['0 0 0 ? * 1#6', "Day-of-week: the number after '#' must be 1-5"],
    ['0 0 0 L-31 * ?', 'Day-of-month: the offset from the last day must be 0-30'],
    ['0 0 0 W * ?', 'Day-of-month: cannot read "W"'],
    ['0 0 0 ? * LW', 'Day-of-week: "LW": LW and L-n are only allowed in day-of-month'],
    ['0 0 12 ? * ?', 'Day-of-month and day-of-week are both'],
    ['0 0 12 * * MON', 'Day-of-month ("*") and day-of-week ("MON") are both given'],
    ['0 0 ? * * ?', "Hours: '?' is only allowed in day-of-month and day-of-week"],
    ['0 0 12 L,15 * ?', "Day-of-month: 'L' cannot be used in a list"],
    ['0 0 12 15W,20 * ?', "Day-of-month: 'W' cannot be used in a list"],
    ['0 0 12 ? * 2#1,3', "Day-of-week: '#' cannot be used in a list"],
    ['0 0 12 ? * 5L,6', "Day-of-week: 'L' cannot be used in a list"],
    ['0 0 12 1,,2 * ?', 'Day-of-month: empty element in the list "1,,2"'],
    ['0 0 L * * ?', "Hours: 'L' is only allowed in day-of-month and day-of-week"],
    ['0 0 12 ? * 3W', "Day-of-week: 'W' is only allowed in day-of-month"],
    ['0 0 12 ? JANX *', 'Month: unknown name "JANX"'],
    ['0 0 MON * * ?', 'Hours: cannot read "MON": expected *, a number 0-23'],
    ['0 0 12 ? * MON-5', 'Day-of-week: the range "MON-5" mixes a name and a number'],
    ['0 0 12 ? * MON-FRI/2', 'Day-of-week: a step cannot follow a name'],
    ['0 0 12 ? * MONDAY-FRIDAY', 'Day-of-week: use the three-letter name MON instead of MONDAY'],
    ['0 */60 * * * ?', 'Minutes: the step in "*/60" must be at most 59'],
    ['0 0 */24 * * ?', 'Hours: the step in "*/24" must be at most 23'],
    ['0 0 12 ? */13 *', 'Month: the step in "*/13" must be at most 12'],
    ['0 0 12 ? * */8', 'Day-of-week: the step in "*/8" must be at most 7'],
    ['0 0 12 5X * ?', 'Day-of-month: cannot read "5X"'],
    ['abc', 'Expected 6 or 7 fields'],
  ])('"%s" → %s', (expression, message) => {
    expect(messageOf(expression)).toContain(message);
  });

  it('throws a CronSyntaxError carrying the expression and a code', () => {
    let caught: unknown;
    try {
      parseCron('0 0 25 * * ?');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CronSyntaxError);
    expect(caught).toMatchObject({ code: 'CRON_SYNTAX', expression: '0 0 25 * * ?' });
  });

  it('validateCron says valid for a good expression', () => {
    expect(validateCron('0 15 10 L * ?')).toEqual({ valid: true });
  });
});

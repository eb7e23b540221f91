import { CronSyntaxError } from './cron-errors.js';
import type { CronField, CronFieldItem } from './cron-expression.js';
import type { CronFieldSpec } from './cron-fields.js';

const LAST_DAY_OF_MONTH = /^L(?:-(\d+))?(W)?$/;
const NEAREST_WEEKDAY = /^(\d+)W$/;
const LAST_DAY_OF_WEEK_IN_MONTH = /^(\d+|[A-Z]+?)L$/;
const NTH_DAY_OF_WEEK_IN_MONTH = /^(\d+|[A-Z]+)#(\d+)$/;
const VALUE_RANGE_STEP = /^(\d+|[A-Z]+)(?:-(\d+|[A-Z]+))?(?:\/(\d+))?$/;
const STEP_OVER_ALL = /^\*?\/(\d+)$/;

/** Parses one field of an expression (already upper case) into its list items, validating them. */
export function parseField(spec: CronFieldSpec, text: string, expression: string): CronField {
  const fail = (problem: string): never => {
    throw new CronSyntaxError(`${spec.label}: ${problem}`, expression);
  };
  const elements = text.split(',');
  if (elements.some((element) => element === '')) fail(`empty element in the list "${text}"`);
  const items = elements.map((element) => parseItem(spec, element, fail));
  if (items.length > 1) {
    if (items.some((item) => item.kind === 'noSpecificValue'))
      fail(`'?' cannot be combined with other values ("${text}")`);
    if (
      items.some((item) => item.kind === 'lastDayOfMonth') ||
      (spec.name === 'dayOfWeek' && text.includes('L'))
    ) {
      fail(`'L' cannot be used in a list ("${text}")`);
    }
    if (items.some((item) => item.kind === 'nearestWeekday'))
      fail(`'W' cannot be used in a list ("${text}")`);
    if (items.some((item) => item.kind === 'nthDayOfWeekInMonth'))
      fail(`'#' cannot be used in a list ("${text}")`);
  }
  return { name: spec.name, text, items };
}

function parseItem(spec: CronFieldSpec, element: string, fail: (problem: string) => never): CronFieldItem {
  const isDay = spec.name === 'dayOfMonth' || spec.name === 'dayOfWeek';
  if (element === '?') {
    if (!isDay) fail(`'?' is only allowed in day-of-month and day-of-week`);
    return { kind: 'noSpecificValue' };
  }
  if (element === '*') return { kind: 'all' };

  const stepOverAll = STEP_OVER_ALL.exec(element);
  if (stepOverAll) return { kind: 'step', step: readStep(spec, stepOverAll[1], element, fail) };

  if (spec.name === 'dayOfMonth') {
    const special = parseDayOfMonthSpecial(spec, element, fail);
    if (special) return special;
  } else if (spec.name === 'dayOfWeek') {
    const special = parseDayOfWeekSpecial(spec, element, fail);
    if (special) return special;
  }

  const fullName = spec.fullNames?.get(element);
  if (fullName !== undefined) return { kind: 'value', value: fullName };
  const match = VALUE_RANGE_STEP.exec(element);
  if (!match) return fail(describeUnreadable(spec, element));
  const [, startText = '', endText, stepText] = match;
  const from = readValue(spec, startText, fail);
  const isName = (token: string) => /^[A-Z]/.test(token);
  if (stepText !== undefined && (isName(startText) || (endText !== undefined && isName(endText)))) {
    fail(
      `a step cannot follow a name ("${element}"; Quartz would ignore the step): use numbers, e.g. 1-12/2`,
    );
  }
  if (endText === undefined) {
    if (stepText === undefined) return { kind: 'value', value: from };
    return { kind: 'step', from, step: readStep(spec, stepText, element, fail) };
  }
  const to = readValue(spec, endText, fail);
  if (isName(startText) !== isName(endText)) fail(`the range "${element}" mixes a name and a number`);
  if (spec.name === 'year' && to < from) fail(`the range ${from}-${to} runs backwards`);
  // Quartz does not limit the step of a range: 0-59/90 is just 0, and a step of 0 keeps the start.
  if (stepText !== undefined) return { kind: 'step', from, to, step: Number(stepText) };
  return { kind: 'range', from, to };
}

function parseDayOfMonthSpecial(
  spec: CronFieldSpec,
  element: string,
  fail: (problem: string) => never,
): CronFieldItem | undefined {
  const last = LAST_DAY_OF_MONTH.exec(element);
  if (last) {
    const offset = last[1] === undefined ? 0 : Number(last[1]);
    if (offset > 30) fail(`the offset from the last day must be 0-30 (got ${offset} in "${element}")`);
    return { kind: 'lastDayOfMonth', offset, nearestWeekday: last[2] === 'W' };
  }
  const nearest = NEAREST_WEEKDAY.exec(element);
  if (nearest) return { kind: 'nearestWeekday', day: readValue(spec, nearest[1] ?? '', fail) };
  if (element.startsWith('L')) fail(`cannot read "${element}": expected L, L-n, LW or L-nW (n = 0-30)`);
  return undefined;
}

function parseDayOfWeekSpecial(
  spec: CronFieldSpec,
  element: string,
  fail: (problem: string) => never,
): CronFieldItem | undefined {
  // Quartz: 'L' alone in day-of-week simply means 7 (Saturday).
  if (element === 'L') return { kind: 'value', value: 7 };
  if (/^L./.test(element)) fail(`"${element}": LW and L-n are only allowed in day-of-month`);
  const last = LAST_DAY_OF_WEEK_IN_MONTH.exec(element);
  if (last) return { kind: 'lastDayOfWeekInMonth', dayOfWeek: readValue(spec, last[1] ?? '', fail) };
  const nth = NTH_DAY_OF_WEEK_IN_MONTH.exec(element);
  if (nth) {
    const dayOfWeek = readValue(spec, nth[1] ?? '', fail);
    const count = Number(nth[2]);
    if (count < 1 || count > 5) fail(`the number after '#' must be 1-5 (got ${count} in "${element}")`);
    return { kind: 'nthDayOfWeekInMonth', dayOfWeek, nth: count };
  }
  return undefined;
}

function readValue(spec: CronFieldSpec, token: string, fail: (problem: string) => never): number {
  if (/^\d+$/.test(token)) {
    const value = Number(token);
    if (value < spec.min || value > spec.max) fail(`${value} is out of range ${spec.min}-${spec.max}`);
    return value;
  }
  if (!spec.names) return fail(describeUnreadable(spec, token));
  const value = spec.names.get(token);
  if (value === undefined && spec.fullNames?.has(token)) {
    return fail(`use the three-letter name ${token.slice(0, 3)} instead of ${token} here`);
  }
  if (value === undefined) {
    const examples = spec.name === 'month' ? 'JAN-DEC or 1-12' : 'SUN-SAT or 1-7';
    return fail(`unknown name "${token}" (use ${examples})`);
  }
  return value;
}

function readStep(
  spec: CronFieldSpec,
  text: string | undefined,
  element: string,
  fail: (problem: string) => never,
) {
  const step = Number(text);
  if (spec.maxStep !== undefined && step > spec.maxStep) {
    fail(`the step in "${element}" must be at most ${spec.maxStep} (got ${step})`);
  }
  return step;
}

function describeUnreadable(spec: CronFieldSpec, element: string): string {
  if (spec.name === 'dayOfMonth' && element.includes('W')) {
    return `cannot read "${element}": 'W' follows one day number, e.g. 15W`;
  }
  if (spec.name === 'dayOfWeek') {
    if (element.includes('#'))
      return `cannot read "${element}": '#' goes between a day and a number 1-5, e.g. 6#3`;
    if (/\d+L|[A-Z]L/.test(element))
      return `cannot read "${element}": 'L' follows one day, e.g. 6L, or stands alone`;
  }
  if (element.includes('L')) return `'L' is only allowed in day-of-month and day-of-week ("${element}")`;
  if (element.includes('W')) return `'W' is only allowed in day-of-month ("${element}")`;
  if (element.includes('#')) return `'#' is only allowed in day-of-week ("${element}")`;
  if (element.includes('?'))
    return `'?' must stand alone, and only in day-of-month or day-of-week ("${element}")`;
  const names = spec.names ? ` or name (${spec.name === 'month' ? 'JAN-DEC' : 'SUN-SAT'})` : '';
  return (
    `cannot read "${element}": expected *, a number ${spec.min}-${spec.max}${names}, ` +
    `a range such as ${spec.min}-${spec.min + 2}, a step such as */5, or a list of these`
  );
}

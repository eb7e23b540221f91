import { CronSyntaxError } from './cron-errors.js';
import type {
  CronDayRule,
  CronExpression,
  CronField,
  CronFieldItem,
  CronFieldName,
} from './cron-expression.js';
import { FieldValues } from './cron-expression.js';
import { CRON_FIELDS, type CronFieldSpec } from './cron-fields.js';
import { parseField } from './cron-field-parser.js';

const FIELD_ORDER = 'seconds minutes hours day-of-month month day-of-week [year]';

/**
 * Parses a Quartz cron expression: 6 or 7 fields separated by spaces (seconds first, optional year),
 * names and letters in any case. Throws CronSyntaxError saying which field is wrong and why.
 */
export function parseCron(expression: string): CronExpression {
  if (typeof expression !== 'string')
    throw new CronSyntaxError('The expression must be a string', String(expression));
  const text = expression.trim().toUpperCase();
  if (text === '')
    throw new CronSyntaxError(`The expression is empty: expected 6 or 7 fields (${FIELD_ORDER})`, expression);
  // Quartz separates fields by spaces and tabs only.
  const parts = text.split(/[ \t]+/);
  if (parts.length < 6 || parts.length > 7) {
    throw new CronSyntaxError(`Expected 6 or 7 fields (${FIELD_ORDER}), found ${parts.length}`, expression);
  }
  const parsed = CRON_FIELDS.map((spec, index) => parseField(spec, parts[index] ?? '*', expression));
  const fields = Object.fromEntries(parsed.map((field) => [field.name, field])) as Record<
    CronFieldName,
    CronField
  >;
  const valuesOf = (name: CronFieldName) => new FieldValues(expandField(fields[name]));
  return {
    text: parts.join(' '),
    fields,
    seconds: valuesOf('second'),
    minutes: valuesOf('minute'),
    hours: valuesOf('hour'),
    months: valuesOf('month'),
    years: valuesOf('year'),
    dayRule: dayRuleOf(fields.dayOfMonth, fields.dayOfWeek, expression),
  };
}

function dayRuleOf(dayOfMonth: CronField, dayOfWeek: CronField, expression: string): CronDayRule {
  const noDayOfMonth = dayOfMonth.items[0]?.kind === 'noSpecificValue';
  const noDayOfWeek = dayOfWeek.items[0]?.kind === 'noSpecificValue';
  if (noDayOfMonth && noDayOfWeek) {
    throw new CronSyntaxError(
      `Day-of-month and day-of-week are both '?': give one of them a value`,
      expression,
    );
  }
  if (!noDayOfMonth && !noDayOfWeek) {
    throw new CronSyntaxError(
      `Day-of-month ("${dayOfMonth.text}") and day-of-week ("${dayOfWeek.text}") are both given: ` +
        `Quartz needs '?' in one of them, e.g. "0 0 12 ? * MON" or "0 0 12 15 * ?"`,
      expression,
    );
  }
  const [item] = noDayOfMonth ? dayOfWeek.items : dayOfMonth.items;
  switch (item?.kind) {
    case 'lastDayOfMonth':
      return { kind: 'lastDayOfMonth', offset: item.offset, nearestWeekday: item.nearestWeekday };
    case 'nearestWeekday':
      return { kind: 'nearestWeekday', day: item.day };
    case 'lastDayOfWeekInMonth':
      return { kind: 'lastDayOfWeekInMonth', dayOfWeek: item.dayOfWeek };
    case 'nthDayOfWeekInMonth':
      return { kind: 'nthDayOfWeekInMonth', dayOfWeek: item.dayOfWeek, nth: item.nth };
    default:
      return noDayOfMonth
        ? { kind: 'daysOfWeek', days: new FieldValues(expandField(dayOfWeek)) }
        : { kind: 'daysOfMonth', days: new FieldValues(expandField(dayOfMonth)) };
  }
}

/** The values a field allows, computed as Quartz's addToSet does (wrap-around, steps of 0). */
export function expandField(field: CronField): number[] {
  const spec = CRON_FIELDS.find((candidate) => candidate.name === field.name);
  if (!spec) throw new Error(`Unknown cron field ${field.name}`);
  return field.items.flatMap((item) => expandItem(spec, item));
}

function expandItem(spec: CronFieldSpec, item: CronFieldItem): number[] {
  switch (item.kind) {
    case 'all':
      return sequence(spec, spec.min, spec.max, 1);
    case 'value':
      return [item.value];
    case 'range':
      return sequence(spec, item.from, item.to, 1);
    case 'step':
      // Quartz: "*/0" is every value, "5/0" and "5-9/0" are just 5.
      if (item.step === 0)
        return item.from === undefined ? sequence(spec, spec.min, spec.max, 1) : [item.from];
      return sequence(spec, item.from ?? spec.min, item.to ?? spec.max, item.step);
    default:
      return [];
  }
}

/** start, start+step, … up to stop; a stop below the start wraps past the field's end. */
function sequence(spec: CronFieldSpec, start: number, stop: number, step: number): number[] {
  const values: number[] = [];
  if (stop >= start) {
    for (let value = start; value <= stop; value += step) values.push(value);
    return values;
  }
  const size = spec.max - spec.min + 1;
  for (let value = start; value <= stop + size; value += step) {
    const wrapped = value % size;
    values.push(wrapped === 0 && spec.min === 1 ? size : wrapped);
  }
  return values;
}

export type CronValidation = { valid: true } | { valid: false; message: string };

/** Whether Quartz would accept the expression, and if not, why. */
export function validateCron(expression: string): CronValidation {
  try {
    parseCron(expression);
    return { valid: true };
  } catch (error) {
    if (error instanceof CronSyntaxError) return { valid: false, message: error.message };
    throw error;
  }
}

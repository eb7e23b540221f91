import type { CronExpression, CronField, CronFieldItem } from './cron-expression.js';
import { englishVocabulary } from './cron-description-en.js';
import { thaiVocabulary } from './cron-description-th.js';
import { expandField, parseCron } from './cron-parser.js';
import type { DescriptionVocabulary, FieldPart } from './cron-description-vocabulary.js';

export type CronDescriptionLanguage = 'en' | 'th';

const VOCABULARIES: Record<CronDescriptionLanguage, DescriptionVocabulary> = {
  en: englishVocabulary,
  th: thaiVocabulary,
};

const MAX_CLOCK_TIMES = 8;

/** A human-readable description of a valid expression, in English or Thai; throws CronSyntaxError otherwise. */
export function describeCron(
  expression: string | CronExpression,
  language: CronDescriptionLanguage = 'en',
): string {
  const parsed = typeof expression === 'string' ? parseCron(expression) : expression;
  const vocabulary = VOCABULARIES[language];
  if (!vocabulary)
    throw new RangeError(`Unsupported description language "${String(language)}" (use en or th)`);
  const clauses = [...describeTimeOfDay(parsed, vocabulary)];
  const day = describeDay(parsed, vocabulary);
  if (day) clauses.push(day);
  const months = fieldParts(parsed.fields.month, true);
  if (!isEvery(months)) clauses.push(vocabulary.months(months));
  const years = fieldParts(parsed.fields.year, false);
  if (!isEvery(years)) clauses.push(vocabulary.years(years));
  return vocabulary.sentence(clauses);
}

function describeTimeOfDay(expression: CronExpression, vocabulary: DescriptionVocabulary): string[] {
  const seconds = fieldParts(expression.fields.second, false);
  const minutes = fieldParts(expression.fields.minute, false);
  const hours = fieldParts(expression.fields.hour, false);
  const onlyValues = [seconds, minutes].every((parts) => parts.every((part) => part.kind === 'values'));
  const timeCount =
    expression.seconds.values.length * expression.minutes.values.length * expression.hours.values.length;
  if (onlyValues && timeCount <= MAX_CLOCK_TIMES) {
    const times = expression.hours.values.flatMap((hour) =>
      expression.minutes.values.flatMap((minute) =>
        expression.seconds.values.map((second) => ({ hour, minute, second })),
      ),
    );
    return [vocabulary.clockTimes(times)];
  }
  const second = singleValue(seconds);
  const minute = singleValue(minutes);
  if (second !== undefined && minute !== undefined) {
    if (isEvery(hours)) return [vocabulary.everyHourAt(minute, second)];
    return [vocabulary.hoursAtMinute(vocabulary.hours(hours), minute, second)];
  }

  const clauses: string[] = [];
  if (isEvery(minutes)) {
    if (second !== undefined) clauses.push(vocabulary.everyMinuteAt(second));
    else if (seconds.some((part) => part.kind === 'step' || part.kind === 'every'))
      clauses.push(vocabulary.seconds(seconds));
    else clauses.push(vocabulary.ofEveryMinute(vocabulary.seconds(seconds)));
  } else {
    if (second !== 0) clauses.push(vocabulary.seconds(seconds));
    clauses.push(vocabulary.minutes(minutes));
  }
  if (!isEvery(hours)) clauses.push(vocabulary.hours(hours));
  return clauses;
}

function describeDay(expression: CronExpression, vocabulary: DescriptionVocabulary): string | undefined {
  const rule = expression.dayRule;
  switch (rule.kind) {
    case 'lastDayOfMonth':
      return vocabulary.lastDayOfMonth(rule.offset, rule.nearestWeekday);
    case 'nearestWeekday':
      return vocabulary.nearestWeekday(rule.day);
    case 'lastDayOfWeekInMonth':
      return vocabulary.lastDayOfWeekInMonth(rule.dayOfWeek);
    case 'nthDayOfWeekInMonth':
      return vocabulary.nthDayOfWeekInMonth(rule.dayOfWeek, rule.nth);
    case 'daysOfMonth': {
      const parts = fieldParts(expression.fields.dayOfMonth, false);
      return isEvery(parts) ? undefined : vocabulary.daysOfMonth(parts);
    }
    case 'daysOfWeek': {
      const parts = fieldParts(expression.fields.dayOfWeek, true);
      return isEvery(parts) ? undefined : vocabulary.daysOfWeek(parts);
    }
  }
}

/**
 * The parts of a field: neighbouring single values grouped; a step that allows a single value (as
 * Quartz's 0/0 or 0-23/40) becomes that value; with `stepsAsValues`, steps are listed as their values
 * (months and days of the week read better as names). A field whose values are all of its range is "every".
 */
export function fieldParts(field: CronField, stepsAsValues: boolean): FieldPart[] {
  const allValues = expandField({ ...field, items: [{ kind: 'all' }] });
  if (new Set(expandField(field)).size === allValues.length) return [{ kind: 'every' }];
  const parts: FieldPart[] = [];
  const addValues = (values: readonly number[]) => {
    const last = parts[parts.length - 1];
    if (last?.kind === 'values')
      parts[parts.length - 1] = { kind: 'values', values: [...last.values, ...values] };
    else parts.push({ kind: 'values', values });
  };
  for (const item of field.items) {
    const values = valuesOfItem(field, item);
    if (item.kind === 'value' || values.length === 1 || (item.kind === 'step' && stepsAsValues))
      addValues(values);
    else if (item.kind === 'range') parts.push({ kind: 'range', from: item.from, to: item.to });
    else if (item.kind === 'step') parts.push(stepPart(item, allValues));
  }
  return parts;
}

function stepPart(item: CronFieldItem & { kind: 'step' }, allValues: readonly number[]): FieldPart {
  const last = allValues[allValues.length - 1] ?? 0;
  if (item.step <= 1) return { kind: 'range', from: item.from ?? allValues[0] ?? 0, to: item.to ?? last };
  const startsAtMinimum = item.from === undefined || item.from === allValues[0];
  return {
    kind: 'step',
    step: item.step,
    from: startsAtMinimum && item.to === undefined ? undefined : item.from,
    to: item.to,
  };
}

function valuesOfItem(field: CronField, item: CronFieldItem): number[] {
  return expandField({ ...field, items: [item] });
}

function isEvery(parts: readonly FieldPart[]): boolean {
  return parts.some((part) => part.kind === 'every');
}

function singleValue(parts: readonly FieldPart[]): number | undefined {
  const [part] = parts;
  return parts.length === 1 && part?.kind === 'values' && part.values.length === 1
    ? part.values[0]
    : undefined;
}

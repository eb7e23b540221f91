import {
  CALENDAR_TYPES,
  WEEKDAYS,
  type CalendarDefinition,
  type CalendarType,
  type NamedCalendar,
  type Weekday,
} from '@lis/contracts';

/** The editor's fields: each type's own, kept while the type changes so that nothing typed is lost. */
export interface CalendarFormValues {
  company_code: string;
  name: string;
  description: string;
  /** Its own IANA zone; '' = the trigger's. */
  tz: string;
  type: CalendarType;
  /** holiday: yyyy-mm-dd, sorted. */
  dates: string[];
  /** annual: mm-dd, sorted. */
  days: string[];
  /** weekly: the excluded weekdays. */
  weekdays: Weekday[];
  /** monthly: the excluded days of the month. */
  monthDays: number[];
  /** daily: HH:MM[:SS] each, and whether only the range is included. */
  from: string;
  to: string;
  invert: boolean;
  /** cron: the excluded instants. */
  expression: string;
  /** A copy of another calendar's definition (read-only here), or none. */
  base: CalendarDefinition | undefined;
}

export const emptyCalendarForm = (companyCode: string): CalendarFormValues => ({
  company_code: companyCode,
  name: '',
  description: '',
  tz: '',
  type: 'holiday',
  dates: [],
  days: [],
  weekdays: ['SAT', 'SUN'],
  monthDays: [],
  from: '00:00:00',
  to: '00:00:00',
  invert: false,
  expression: '',
  base: undefined,
});

/** The calendar a form describes: its type's fields, its zone and base when it has them. */
export function toDefinition(values: CalendarFormValues): CalendarDefinition {
  const common = {
    ...(values.tz ? { tz: values.tz } : {}),
    ...(values.base ? { base: values.base } : {}),
  };
  switch (values.type) {
    case 'holiday':
      return { type: 'holiday', dates: sortedUnique(values.dates), ...common };
    case 'annual':
      return { type: 'annual', days: sortedUnique(values.days), ...common };
    case 'weekly':
      return { type: 'weekly', exclude: WEEKDAYS.filter((day) => values.weekdays.includes(day)), ...common };
    case 'monthly':
      return { type: 'monthly', exclude: [...new Set(values.monthDays)].sort((a, b) => a - b), ...common };
    case 'daily':
      return {
        type: 'daily',
        from: values.from.trim(),
        to: values.to.trim(),
        ...(values.invert ? { invert: true } : {}),
        ...common,
      };
    case 'cron':
      return { type: 'cron', expression: values.expression.trim(), ...common };
  }
}

/** The form of a saved calendar (the other types' fields empty). */
export function formFromCalendar(calendar: NamedCalendar): CalendarFormValues {
  const definition = calendar.definition;
  const values: CalendarFormValues = {
    ...emptyCalendarForm(calendar.company_code),
    weekdays: [],
    name: calendar.name,
    description: calendar.description,
    tz: definition.tz ?? '',
    type: definition.type,
    base: definition.base,
  };
  switch (definition.type) {
    case 'holiday':
      return { ...values, dates: [...definition.dates] };
    case 'annual':
      return { ...values, days: [...definition.days] };
    case 'weekly':
      return { ...values, weekdays: [...definition.exclude] };
    case 'monthly':
      return { ...values, monthDays: [...definition.exclude] };
    case 'daily':
      return { ...values, from: definition.from, to: definition.to, invert: definition.invert ?? false };
    case 'cron':
      return { ...values, expression: definition.expression };
  }
}

export function sortedUnique(list: readonly string[]): string[] {
  return [...new Set(list)].sort();
}

/** The calendar types of a chain, the calendar's own first: `['weekly', 'holiday']`. */
export function typeChain(definition: CalendarDefinition): CalendarType[] {
  const chain: CalendarType[] = [];
  for (let at: CalendarDefinition | undefined = definition; at; at = at.base) chain.push(at.type);
  return chain;
}

export const isCalendarType = (value: string): value is CalendarType =>
  (CALENDAR_TYPES as readonly string[]).includes(value);

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const TIME = /^(\d{1,2}):(\d{2})(:(\d{2})(\.\d{1,3})?)?$/;

export type CalendarCheck = 'nameRequired' | 'nameInvalid' | 'timeInvalid' | 'expressionRequired';

export function checkName(value: string | undefined): CalendarCheck | undefined {
  const name = (value ?? '').trim();
  if (!name) return 'nameRequired';
  return name.length <= 64 && NAME.test(name) ? undefined : 'nameInvalid';
}

/** HH:MM, HH:MM:SS or HH:MM:SS.mmm within a day (the server checks from before to). */
export function checkTime(value: string | undefined): CalendarCheck | undefined {
  const match = TIME.exec((value ?? '').trim());
  if (!match) return 'timeInvalid';
  const [hours, minutes, seconds] = [match[1], match[2], match[4] ?? '0'].map(Number) as [
    number,
    number,
    number,
  ];
  return hours <= 23 && minutes <= 59 && seconds <= 59 ? undefined : 'timeInvalid';
}

export const checkExpression = (value: string | undefined): CalendarCheck | undefined =>
  (value ?? '').trim() ? undefined : 'expressionRequired';

import type { ClockTime, DescriptionVocabulary, FieldPart } from './cron-description-vocabulary.js';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

const pad = (value: number) => String(value).padStart(2, '0');
const dayName = (dayOfWeek: number) => DAY_NAMES[dayOfWeek - 1] ?? String(dayOfWeek);
const monthName = (month: number) => MONTH_NAMES[month - 1] ?? String(month);
const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function clock({ hour, minute, second }: ClockTime): string {
  return second === 0 ? `${pad(hour)}:${pad(minute)}` : `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** second / minute phrases: "every 15 seconds", "at minutes 4 and 21", "every minute from 39 through 57" */
function timeUnit(unit: 'second' | 'minute', parts: readonly FieldPart[], suffix: string): string {
  const phrases = parts.map((part): string => {
    switch (part.kind) {
      case 'every':
        return `every ${unit}`;
      case 'values':
        return `at ${plural(part.values.length, unit)} ${list(part.values.map(String))}${suffix}`;
      case 'range':
        return `every ${unit} from ${part.from} through ${part.to}${suffix}`;
      case 'step':
        return `every ${part.step} ${unit}s${stepBounds(part, (value) => `${unit} ${value}`)}`;
    }
  });
  return list(phrases);
}

function stepBounds(
  part: FieldPart & { kind: 'step' },
  name: (value: number) => string,
  startingAt = 'starting at',
): string {
  if (part.from === undefined) return '';
  if (part.to === undefined) return ` ${startingAt} ${name(part.from)}`;
  return ` from ${name(part.from)} through ${name(part.to)}`;
}

export const englishVocabulary: DescriptionVocabulary = {
  clockTimes: (times) => `at ${list(times.map(clock))}`,
  everyHourAt: (minute, second) => {
    if (minute === 0 && second === 0) return 'every hour';
    return second === 0
      ? `at minute ${minute} of every hour`
      : `every hour at minute ${minute}, second ${second}`;
  },
  everyMinuteAt: (second) => (second === 0 ? 'every minute' : `every minute at second ${second}`),
  ofEveryMinute: (seconds) => `${seconds} of every minute`,
  hoursAtMinute: (hours, minute, second) => {
    if (minute === 0 && second === 0) return `${hours}, on the hour`;
    return second === 0 ? `${hours}, at minute ${minute}` : `${hours}, at minute ${minute}, second ${second}`;
  },
  seconds: (parts) => timeUnit('second', parts, ''),
  minutes: (parts) => timeUnit('minute', parts, ' past the hour'),
  hours: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'every hour';
          case 'values':
            return `during the ${list(part.values.map((hour) => `${pad(hour)}:00`))} ${plural(part.values.length, 'hour')}`;
          case 'range':
            return `between ${pad(part.from)}:00 and ${pad(part.to)}:59`;
          case 'step':
            return `every ${part.step} hours${stepBounds(part, (hour) => `${pad(hour)}:00`)}`;
        }
      }),
    ),
  daysOfMonth: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'every day';
          case 'values':
            return `on ${plural(part.values.length, 'day')} ${list(part.values.map(String))} of the month`;
          case 'range':
            return `on days ${part.from} through ${part.to} of the month`;
          case 'step':
            return `every ${part.step} days of the month${stepBounds(part, (day) => `day ${day}`, 'starting on')}`;
        }
      }),
    ),
  lastDayOfMonth: (offset, nearestWeekday) => {
    const day =
      offset === 0
        ? 'the last day of the month'
        : `the day ${offset} ${plural(offset, 'day')} before the last day of the month`;
    if (!nearestWeekday) return `on ${day}`;
    return offset === 0 ? 'on the last weekday of the month' : `on the weekday nearest to ${day}`;
  },
  nearestWeekday: (day) => `on the weekday (Monday to Friday) nearest to day ${day} of the month`,
  daysOfWeek: (parts) =>
    `on ${list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'every day';
          case 'values':
            return list(part.values.map(dayName));
          case 'range':
            return `${dayName(part.from)} through ${dayName(part.to)}`;
          case 'step':
            return `every ${part.step} days of the week${stepBounds(part, dayName, 'starting on')}`;
        }
      }),
    )}`,
  lastDayOfWeekInMonth: (dayOfWeek) => `on the last ${dayName(dayOfWeek)} of the month`,
  nthDayOfWeekInMonth: (dayOfWeek, nth) =>
    `on the ${ORDINALS[nth - 1] ?? nth} ${dayName(dayOfWeek)} of the month`,
  months: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'every month';
          case 'values':
            return `in ${list(part.values.map(monthName))}`;
          case 'range':
            return `from ${monthName(part.from)} through ${monthName(part.to)}`;
          case 'step':
            return `every ${part.step} months${stepBounds(part, monthName, 'starting in')}`;
        }
      }),
    ),
  years: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'every year';
          case 'values':
            return `in ${list(part.values.map(String))}`;
          case 'range':
            return `from ${part.from} through ${part.to}`;
          case 'step':
            if (part.from === undefined) return `every ${part.step} years`;
            return `every ${part.step} years from ${part.from}${part.to === undefined ? '' : ` through ${part.to}`}`;
        }
      }),
    ),
  sentence: (clauses) => {
    const text = clauses.join(', ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
};

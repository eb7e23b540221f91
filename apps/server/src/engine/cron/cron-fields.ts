import type { CronFieldName } from './cron-expression.js';

/** The last year a Quartz expression can fire in (Quartz documents years 1970–2099). */
export const LAST_YEAR = 2099;

export interface CronFieldSpec {
  readonly name: CronFieldName;
  /** Used at the start of error messages. */
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** Largest step Quartz accepts after `*` or a single value (none for the year). */
  readonly maxStep?: number;
  /** Three-letter names allowed instead of numbers (month and day-of-week), upper case. */
  readonly names?: ReadonlyMap<string, number>;
  /**
   * Full names (MONDAY, JANUARY), allowed only as a single value: Quartz reads the first three letters
   * and then the fourth character, so MONDAY means Monday but MONDAY-FRIDAY would mean only Monday.
   */
  readonly fullNames?: ReadonlyMap<string, number>;
}

const MONTH_NAMES = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];
const DAY_NAMES = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

function nameMap(fullNames: readonly string[], length?: number): ReadonlyMap<string, number> {
  return new Map(fullNames.map((name, index) => [name.slice(0, length), index + 1]));
}

/** The fields in expression order. */
export const CRON_FIELDS: readonly CronFieldSpec[] = [
  { name: 'second', label: 'Seconds', min: 0, max: 59, maxStep: 59 },
  { name: 'minute', label: 'Minutes', min: 0, max: 59, maxStep: 59 },
  { name: 'hour', label: 'Hours', min: 0, max: 23, maxStep: 23 },
  { name: 'dayOfMonth', label: 'Day-of-month', min: 1, max: 31, maxStep: 31 },
  {
    name: 'month',
    label: 'Month',
    min: 1,
    max: 12,
    maxStep: 12,
    names: nameMap(MONTH_NAMES, 3),
    fullNames: nameMap(MONTH_NAMES),
  },
  {
    name: 'dayOfWeek',
    label: 'Day-of-week',
    min: 1,
    max: 7,
    maxStep: 7,
    names: nameMap(DAY_NAMES, 3),
    fullNames: nameMap(DAY_NAMES),
  },
  { name: 'year', label: 'Year', min: 1970, max: LAST_YEAR },
];

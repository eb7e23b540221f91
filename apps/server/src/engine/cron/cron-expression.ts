/** The parsed form of a Quartz cron expression: what each field says, and the values it allows. */

export type CronFieldName = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

/**
 * One element of a field's comma-separated list. Days of the week are 1 = Sunday … 7 = Saturday,
 * months 1 = January … 12 = December. A range or step whose end is below its start wraps around
 * (22-2 in hours is 22, 23, 0, 1, 2).
 */
export type CronFieldItem =
  /** `*` */
  | { readonly kind: 'all' }
  /** `?` (day-of-month or day-of-week only) */
  | { readonly kind: 'noSpecificValue' }
  /** `5`, `MON`; `L` alone in day-of-week is 7 (Saturday), as in Quartz */
  | { readonly kind: 'value'; readonly value: number }
  /** `9-17`, `FRI-MON` */
  | { readonly kind: 'range'; readonly from: number; readonly to: number }
  /** `* /15` (from and to absent), `5/15` (to absent), `10-40/5` */
  | { readonly kind: 'step'; readonly from?: number; readonly to?: number; readonly step: number }
  /** Day-of-month `L`, `L-3` (offset 3), `LW`, `L-3W` (nearestWeekday) */
  | { readonly kind: 'lastDayOfMonth'; readonly offset: number; readonly nearestWeekday: boolean }
  /** Day-of-month `15W`: the weekday (Monday–Friday) nearest to day 15, within the month */
  | { readonly kind: 'nearestWeekday'; readonly day: number }
  /** Day-of-week `6L`: the last Friday of the month */
  | { readonly kind: 'lastDayOfWeekInMonth'; readonly dayOfWeek: number }
  /** Day-of-week `6#3`: the third Friday of the month */
  | { readonly kind: 'nthDayOfWeekInMonth'; readonly dayOfWeek: number; readonly nth: number };

export interface CronField {
  readonly name: CronFieldName;
  /** The field as written, in upper case. */
  readonly text: string;
  readonly items: readonly CronFieldItem[];
}

/** How the day is chosen: exactly one of day-of-month and day-of-week is `?`. */
export type CronDayRule =
  | { readonly kind: 'daysOfMonth'; readonly days: FieldValues }
  | { readonly kind: 'lastDayOfMonth'; readonly offset: number; readonly nearestWeekday: boolean }
  | { readonly kind: 'nearestWeekday'; readonly day: number }
  | { readonly kind: 'daysOfWeek'; readonly days: FieldValues }
  | { readonly kind: 'lastDayOfWeekInMonth'; readonly dayOfWeek: number }
  | { readonly kind: 'nthDayOfWeekInMonth'; readonly dayOfWeek: number; readonly nth: number };

export interface CronExpression {
  /** The expression normalised: upper case, fields separated by one space. */
  readonly text: string;
  readonly fields: { readonly [name in CronFieldName]: CronField };
  readonly seconds: FieldValues;
  readonly minutes: FieldValues;
  readonly hours: FieldValues;
  readonly months: FieldValues;
  readonly years: FieldValues;
  readonly dayRule: CronDayRule;
}

/** A non-empty set of small integers with constant-time "first value at or after". */
export class FieldValues {
  /** Sorted ascending, no duplicates. */
  readonly values: readonly number[];
  private readonly nextAtOrAfter: Int32Array;
  private readonly offset: number;

  constructor(values: Iterable<number>) {
    this.values = [...new Set(values)].sort((a, b) => a - b);
    const first = this.values[0];
    const last = this.values[this.values.length - 1];
    if (first === undefined || last === undefined)
      throw new RangeError('A cron field needs at least one value');
    this.offset = first;
    this.nextAtOrAfter = new Int32Array(last - first + 1).fill(-1);
    for (const value of this.values) this.nextAtOrAfter[value - first] = value;
    for (let index = this.nextAtOrAfter.length - 2; index >= 0; index--) {
      if (this.nextAtOrAfter[index] === -1) this.nextAtOrAfter[index] = this.nextAtOrAfter[index + 1] ?? -1;
    }
  }

  get first(): number {
    return this.offset;
  }

  /** The smallest value ≥ `value`, or undefined when there is none. */
  atOrAfter(value: number): number | undefined {
    if (value <= this.offset) return this.offset;
    const found = this.nextAtOrAfter[value - this.offset];
    return found === undefined || found === -1 ? undefined : found;
  }

  has(value: number): boolean {
    return this.atOrAfter(value) === value;
  }
}

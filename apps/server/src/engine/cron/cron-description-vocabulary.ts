/** The words of a cron description, per language: the composer (cron-description.ts) asks a vocabulary (-en, -th) for its phrases. */

/** A field reduced to what a reader needs: every value, some values, ranges and steps. */
export type FieldPart =
  | { readonly kind: 'every' }
  | { readonly kind: 'values'; readonly values: readonly number[] }
  | { readonly kind: 'range'; readonly from: number; readonly to: number }
  | { readonly kind: 'step'; readonly step: number; readonly from?: number; readonly to?: number };

export interface ClockTime {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** The words of one language; the composer decides which phrases a description needs. */
export interface DescriptionVocabulary {
  clockTimes(times: readonly ClockTime[]): string;
  everyHourAt(minute: number, second: number): string;
  everyMinuteAt(second: number): string;
  /** Hours that repeat, each at one minute and second ("every 2 hours, on the hour"). */
  hoursAtMinute(hours: string, minute: number, second: number): string;
  /** Seconds given by value or range, in every minute ("at seconds 15 and 45 of every minute"). */
  ofEveryMinute(seconds: string): string;
  seconds(parts: readonly FieldPart[]): string;
  minutes(parts: readonly FieldPart[]): string;
  hours(parts: readonly FieldPart[]): string;
  daysOfMonth(parts: readonly FieldPart[]): string;
  lastDayOfMonth(offset: number, nearestWeekday: boolean): string;
  nearestWeekday(day: number): string;
  daysOfWeek(parts: readonly FieldPart[]): string;
  lastDayOfWeekInMonth(dayOfWeek: number): string;
  nthDayOfWeekInMonth(dayOfWeek: number, nth: number): string;
  months(parts: readonly FieldPart[]): string;
  years(parts: readonly FieldPart[]): string;
  sentence(clauses: readonly string[]): string;
}

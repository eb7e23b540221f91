/**
 * A calendar definition that LIS refuses: not the JSON of @lis/contracts' CalendarDefinition, or what
 * the schema cannot say (a real date, a known zone, a range Quartz refuses, a valid cron expression).
 * The message names the place, e.g. `base.dates[2]: 2026-02-30 is not a day`.
 */
export class CalendarDefinitionError extends Error {
  readonly code = 'CALENDAR_INVALID';
  override readonly name = 'CalendarDefinitionError';

  constructor(
    /** Where in the definition, e.g. `base.dates[2]` (empty: the calendar itself). */
    readonly path: string,
    problem: string,
  ) {
    super(path === '' ? problem : `${path}: ${problem}`);
  }
}

import { Type, type Static, type TSchema } from '@sinclair/typebox';

/*
 * Business calendars (issue 34), version 1 of the contract. A calendar is one JSON object, the same
 * in the API, the CLI (`lis cron next --calendar FILE`) and configuration files; each type is one of
 * Quartz 2.3.2's `org.quartz.impl.calendar` classes, with Quartz's meaning (docs/calendars.md):
 *
 *   {"type":"holiday","dates":["2026-12-05"]}             HolidayCalendar: whole days
 *   {"type":"annual","days":["12-05","01-01"]}            AnnualCalendar: a month-day every year
 *   {"type":"weekly","exclude":["SAT","SUN"]}             WeeklyCalendar (the list may be empty)
 *   {"type":"monthly","exclude":[1,15,31]}                MonthlyCalendar: days of the month
 *   {"type":"daily","from":"08:00","to":"17:00:00"}       DailyCalendar: a range of each day;
 *                                                         invert: true includes only the range
 *   {"type":"cron","expression":"* * 0-7 ? * *"}          CronCalendar: the instants it matches
 *
 * Any of them may carry `tz` (its own IANA zone; default the trigger's, also for a base without its
 * own) and `base` (another calendar: a time is included only if the base includes it too). What the
 * schema cannot say (a real date, a known zone, from before to, a valid cron expression) the server
 * checks and refuses with CALENDAR_INVALID.
 */

/** How deep `base` may nest (a chain of this many calendars at most). */
export const CALENDAR_MAX_DEPTH = 8;
export const CALENDAR_MAX_ENTRIES = 1000;

export const CALENDAR_TYPES = ['holiday', 'annual', 'weekly', 'monthly', 'daily', 'cron'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** IANA zone name (checked against the zones this runtime knows; an unknown one is refused). */
export const CalendarTimeZone = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' });

/** yyyy-mm-dd, a real day of the proleptic Gregorian calendar (checked by the server). */
export const CalendarDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** mm-dd; 02-29 is allowed (it excludes 29 February in leap years). */
export const CalendarMonthDay = Type.String({ pattern: '^\\d{2}-\\d{2}$' });
/** HH:MM, HH:MM:SS or HH:MM:SS.mmm, as Quartz's DailyCalendar reads them. */
export const CalendarTimeOfDay = Type.String({ pattern: '^\\d{1,2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$' });

const common = <T extends TSchema>(base: T) => ({
  tz: Type.Optional(CalendarTimeZone),
  base: Type.Optional(base),
});

/** One calendar, with its optional base calendar (recursively). */
export const CalendarDefinition = Type.Recursive(
  (This) =>
    Type.Union([
      Type.Object(
        {
          type: Type.Literal('holiday'),
          dates: Type.Array(CalendarDate, { maxItems: CALENDAR_MAX_ENTRIES }),
          ...common(This),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          type: Type.Literal('annual'),
          days: Type.Array(CalendarMonthDay, { maxItems: 366 }),
          ...common(This),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          type: Type.Literal('weekly'),
          exclude: Type.Array(Type.Union(WEEKDAYS.map((day) => Type.Literal(day))), {
            maxItems: 7,
            uniqueItems: true,
          }),
          ...common(This),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          type: Type.Literal('monthly'),
          exclude: Type.Array(Type.Integer({ minimum: 1, maximum: 31 }), { maxItems: 31, uniqueItems: true }),
          ...common(This),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          type: Type.Literal('daily'),
          from: CalendarTimeOfDay,
          to: CalendarTimeOfDay,
          invert: Type.Optional(Type.Boolean()),
          ...common(This),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          type: Type.Literal('cron'),
          expression: Type.String({ minLength: 1, maxLength: 200 }),
          ...common(This),
        },
        { additionalProperties: false },
      ),
    ]),
  { $id: 'CalendarDefinition' },
);
export type CalendarDefinition = Static<typeof CalendarDefinition>;

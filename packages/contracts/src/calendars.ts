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

/*
 * Named calendars (the API, /v1/calendars): each company's own, and shared ones (company `*`, written
 * by super_admin) that every company's triggers may use. A trigger names one calendar (Quartz: one per
 * trigger); several triggers may share one. A name is unique within its company; a company's own
 * calendar hides a shared one of the same name.
 */

/** The company code of the calendars shared by every company. */
export const SHARED_CALENDAR_COMPANY = '*';

export const CalendarName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
});

/** Where a calendar is used: a job's or a chain's trigger (its position in the cron list, from 0). */
export const CalendarUse = Type.Object({
  kind: Type.Union([Type.Literal('job'), Type.Literal('chain')]),
  company_code: Type.String(),
  id: Type.String(),
  trigger_position: Type.Integer({ minimum: 0 }),
});
export type CalendarUse = Static<typeof CalendarUse>;

export const NamedCalendar = Type.Object({
  company_code: Type.String(),
  name: CalendarName,
  description: Type.String({ maxLength: 500 }),
  definition: CalendarDefinition,
  used_by: Type.Array(CalendarUse),
  updated_at: Type.String({ description: 'ISO 8601' }),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type NamedCalendar = Static<typeof NamedCalendar>;

/** `GET /v1/calendars`: the company's calendars and the shared ones (super_admin: `*` alone too). */
export const CalendarListQuery = Type.Object(
  { company_code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);
export type CalendarListQuery = Static<typeof CalendarListQuery>;

export const CalendarListResponse = Type.Object({ result_list: Type.Array(NamedCalendar) });
export type CalendarListResponse = Static<typeof CalendarListResponse>;

/** `POST /v1/calendars` creates, `PUT /v1/calendars` replaces (by company and name). */
export const CalendarWrite = Type.Object(
  {
    company_code: Type.String({ minLength: 1, maxLength: 32 }),
    name: CalendarName,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    definition: CalendarDefinition,
  },
  { additionalProperties: false },
);
export type CalendarWrite = Static<typeof CalendarWrite>;

/** `DELETE /v1/calendars`: refused with CALENDAR_IN_USE (naming the users) while a trigger uses it. */
export const CalendarKey = Type.Object(
  { company_code: Type.String({ minLength: 1, maxLength: 32 }), name: CalendarName },
  { additionalProperties: false },
);
export type CalendarKey = Static<typeof CalendarKey>;

/** `POST /v1/calendars/preview`: the excluded days and windows of a month, for the month view. */
export const CalendarPreviewRequest = Type.Object(
  {
    company_code: Type.String({ minLength: 1, maxLength: 32 }),
    definition: CalendarDefinition,
    /** yyyy-mm */
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
    /** The zone the month is shown in (default LIS_TIMEZONE); a calendar without tz is judged in it. */
    time_zone: Type.Optional(CalendarTimeZone),
  },
  { additionalProperties: false },
);
export type CalendarPreviewRequest = Static<typeof CalendarPreviewRequest>;

export const CalendarPreviewDay = Type.Object({
  /** yyyy-mm-dd */
  date: Type.String(),
  /** whole: nothing of the day is included; partly: some of it; none: all of it is included. */
  excluded: Type.Union([Type.Literal('whole'), Type.Literal('partly'), Type.Literal('none')]),
  /** The excluded stretches of a partly excluded day, HH:MM:SS–HH:MM:SS in the shown zone. */
  windows: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
});
export const CalendarPreviewResponse = Type.Object({
  time_zone: Type.String(),
  days: Type.Array(CalendarPreviewDay),
});
export type CalendarPreviewResponse = Static<typeof CalendarPreviewResponse>;

/**
 * `POST /v1/calendars/import` (multipart: company_code, name, description, file = an RFC 5545 .ics):
 * its all-day events become a holiday calendar (created, or replaced when `replace` is "true").
 */
export const CalendarImportResponse = Type.Object({
  message: Type.String(),
  calendar: NamedCalendar,
  /** The all-day events read (date and summary); timed events are skipped and counted. */
  events: Type.Array(Type.Object({ date: Type.String(), summary: Type.String() })),
  skipped: Type.Integer({ minimum: 0 }),
});
export type CalendarImportResponse = Static<typeof CalendarImportResponse>;

/*
 * Business-day rules (issue 34, a LIS extension beyond Quartz; docs/calendars.md "Business-day
 * rules"). A trigger may carry, beside its calendar, one rule that reads the calendar as the
 * definition of a business day. For a fire time of day T (the wall time of a cron fire time in the
 * trigger's zone), a day is a business day when the calendar includes T on that day.
 *
 *   {"rule":"nth","n":3}            the 3rd business day of each month, at the cron's times of day
 *                                   (the cron's day-of-month and day-of-week must be `*` or `?`);
 *                                   n from 1 to 23, or −1 … −23 counted from the month's end
 *   {"rule":"nth","n":-1}           the last business day of each month
 *   {"rule":"shift","to":"next"}    a fire time the calendar excludes moves to the same wall time on
 *                                   the next day that is a business day ("previous": the day before);
 *                                   at most BUSINESS_DAY_SHIFT_MAX_DAYS away, else it is dropped;
 *                                   two fires that land on one instant are one fire
 *
 * Without a rule an excluded fire time is skipped, as in Quartz. In a job's `trigger_calendars` (and a
 * chain's `TriggerCalendars`) the entry of a trigger is its calendar name, optionally followed by its
 * rule in text form: `NAME`, `NAME;nth=3`, `NAME;nth=-1`, `NAME;shift=next`, `NAME;shift=previous`.
 * The CLI takes the same text form: `lis cron next --calendar FILE --rule nth=3`.
 */
export const BUSINESS_DAY_NTH_MAX = 23;
export const BUSINESS_DAY_SHIFT_MAX_DAYS = 31;
/** Between a trigger's calendar name and its rule in `trigger_calendars`. */
export const TRIGGER_RULE_SEPARATOR = ';';

export const BusinessDayRule = Type.Union(
  [
    Type.Object(
      {
        rule: Type.Literal('nth'),
        /** Not 0 (the server refuses it with CALENDAR_RULE_INVALID). */
        n: Type.Integer({ minimum: -BUSINESS_DAY_NTH_MAX, maximum: BUSINESS_DAY_NTH_MAX }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { rule: Type.Literal('shift'), to: Type.Union([Type.Literal('next'), Type.Literal('previous')]) },
      { additionalProperties: false },
    ),
  ],
  { $id: 'BusinessDayRule' },
);
export type BusinessDayRule = Static<typeof BusinessDayRule>;

/** The text form of a rule (`nth=3`, `nth=-1`, `shift=next`, `shift=previous`). */
export function formatBusinessDayRule(rule: BusinessDayRule): string {
  return rule.rule === 'nth' ? `nth=${rule.n}` : `shift=${rule.to}`;
}

/** The rule of a text form, or undefined when the text is not one. */
export function parseBusinessDayRule(text: string): BusinessDayRule | undefined {
  const nth = /^nth=(-?\d{1,2})$/.exec(text.trim());
  if (nth) {
    const n = Number(nth[1]);
    return n !== 0 && Math.abs(n) <= BUSINESS_DAY_NTH_MAX ? { rule: 'nth', n } : undefined;
  }
  const shift = /^shift=(next|previous)$/.exec(text.trim());
  return shift ? { rule: 'shift', to: shift[1] as 'next' | 'previous' } : undefined;
}

/** One entry of `trigger_calendars`: the calendar's name and its rule ('' name: no calendar). */
export interface TriggerCalendarEntry {
  name: string;
  rule?: BusinessDayRule;
}

/** `NAME` or `NAME;RULE` → its parts; undefined when the rule part is not a rule. */
export function parseTriggerCalendarEntry(entry: string): TriggerCalendarEntry | undefined {
  const at = entry.indexOf(TRIGGER_RULE_SEPARATOR);
  if (at < 0) return { name: entry.trim() };
  const rule = parseBusinessDayRule(entry.slice(at + 1));
  return rule ? { name: entry.slice(0, at).trim(), rule } : undefined;
}

export function formatTriggerCalendarEntry(entry: TriggerCalendarEntry): string {
  return entry.rule && entry.name !== ''
    ? `${entry.name}${TRIGGER_RULE_SEPARATOR}${formatBusinessDayRule(entry.rule)}`
    : entry.name;
}

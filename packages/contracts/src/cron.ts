import { Type, type Static } from '@sinclair/typebox';
import { BusinessDayRule, CalendarDefinition } from './calendars.js';

/*
 * The cron helper of the Select Cron trigger modal (issue 5 item 3): validates, describes and
 * previews an expression with the server's own Quartz engine, so what it accepts is what fires.
 */

export const CRON_EXPRESSION_MAX_LENGTH = 200;
export const CRON_CHECK_MAX_COUNT = 20;
export const CRON_CHECK_DEFAULT_COUNT = 5;

/** `POST /v1/cron/check`. */
export const CronCheckRequest = Type.Object(
  {
    expression: Type.String({ maxLength: CRON_EXPRESSION_MAX_LENGTH }),
    /** IANA zone; absent: the server's LIS_TIMEZONE. */
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' })),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: CRON_CHECK_MAX_COUNT })),
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('th')])),
    /**
     * A business calendar (issue 34): the next fire times are those it includes, as the scheduler
     * fires them. A definition Quartz would refuse: 400 CALENDAR_INVALID.
     */
    calendar: Type.Optional(CalendarDefinition),
    /**
     * A business-day rule read with the calendar (issue 34): the next fire times are the rule's. Without
     * a calendar, `nth` with n = 0, or `nth` on an expression whose day fields are not `*` / `?`:
     * 400 CALENDAR_RULE_INVALID.
     */
    rule: Type.Optional(BusinessDayRule),
  },
  { additionalProperties: false },
);
export type CronCheckRequest = Static<typeof CronCheckRequest>;

export const CronCheckResponse = Type.Object({
  valid: Type.Boolean(),
  /** Why the expression (or the zone) is not valid. */
  message: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  time_zone: Type.String(),
  /**
   * The next fire times strictly after now (that the calendar includes, when given; the rule's, with a
   * rule), ISO 8601 (UTC).
   */
  next_fire_times: Type.Array(Type.String()),
});
export type CronCheckResponse = Static<typeof CronCheckResponse>;

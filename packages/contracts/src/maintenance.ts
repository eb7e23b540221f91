import { Type, type Static } from '@sinclair/typebox';
import { CalendarTimeZone, SHARED_CALENDAR_COMPANY } from './calendars.js';

/*
 * Maintenance windows (issue 34), version 1 of the contract (docs/maintenance-windows.md). A window
 * belongs to one company, or to every company (company `*`, written by super_admin alone). While a
 * window of a company holds, none of that company's job or chain triggers fires: a trigger that comes
 * due is left unfired, and when the window ends its misfire policy decides exactly as after an outage
 * (`fire_once_now`: one run at the window's end; `do_nothing`: the missed fires are skipped and the
 * trigger waits for its next fire time). The missed fire times are recorded (system log, metrics).
 * Runs already started go on; a manual "run now" is not held (an operator's explicit act).
 *
 *   one-off:    {"kind":"once","from":"2026-12-05T22:00:00+07:00","to":"2026-12-06T06:00:00+07:00"}
 *   recurring:  {"kind":"recurring","cron":"0 0 22 ? * SAT","duration_minutes":480,"tz":"Asia/Bangkok"}
 *               each fire time of the Quartz cron expression (in `tz`, default LIS_TIMEZONE) starts a
 *               window of that many minutes
 *
 * A disabled window holds nothing. Windows of one company may overlap: the company is in maintenance
 * while any holds, until the last of them that holds ends (`until`).
 */

/** The company code of the windows that hold for every company. */
export const ALL_COMPANIES_MAINTENANCE = SHARED_CALENDAR_COMPANY;
/** A recurring window lasts at most this long (7 days), a one-off one at most MAINTENANCE_ONCE_MAX_DAYS. */
export const MAINTENANCE_MAX_DURATION_MINUTES = 7 * 24 * 60;
export const MAINTENANCE_ONCE_MAX_DAYS = 31;
export const MAINTENANCE_MAX_WINDOWS_PER_COMPANY = 100;

export const MaintenanceWindowName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
});

export const MaintenanceSchedule = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('once'),
      /** ISO 8601 with an offset or Z; `from` before `to`, at most MAINTENANCE_ONCE_MAX_DAYS apart. */
      from: Type.String({ minLength: 10, maxLength: 40 }),
      to: Type.String({ minLength: 10, maxLength: 40 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('recurring'),
      /** A Quartz cron expression: each of its fire times starts a window. */
      cron: Type.String({ minLength: 1, maxLength: 200 }),
      duration_minutes: Type.Integer({ minimum: 1, maximum: MAINTENANCE_MAX_DURATION_MINUTES }),
      /** The zone the expression is read in (default LIS_TIMEZONE). */
      tz: Type.Optional(CalendarTimeZone),
    },
    { additionalProperties: false },
  ),
]);
export type MaintenanceSchedule = Static<typeof MaintenanceSchedule>;

export const MaintenanceWindow = Type.Object({
  /** The window's company, or `*` for every company. */
  company_code: Type.String(),
  name: MaintenanceWindowName,
  description: Type.String({ maxLength: 500 }),
  enabled: Type.Boolean(),
  schedule: MaintenanceSchedule,
  /** The window holding now (ISO 8601), when it holds. */
  active_until: Type.Union([Type.String(), Type.Null()]),
  /** The next start after now (ISO 8601); null when none is left (a past one-off window). */
  next_start: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String({ description: 'ISO 8601' }),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type MaintenanceWindow = Static<typeof MaintenanceWindow>;

/** `GET /v1/maintenance-windows`: the company's windows and those for every company. */
export const MaintenanceListQuery = Type.Object(
  { company_code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);
export type MaintenanceListQuery = Static<typeof MaintenanceListQuery>;
export const MaintenanceListResponse = Type.Object({ result_list: Type.Array(MaintenanceWindow) });
export type MaintenanceListResponse = Static<typeof MaintenanceListResponse>;

/** `POST` creates, `PUT` replaces (by company and name). */
export const MaintenanceWrite = Type.Object(
  {
    company_code: Type.String({ minLength: 1, maxLength: 32 }),
    name: MaintenanceWindowName,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    enabled: Type.Optional(Type.Boolean()),
    schedule: MaintenanceSchedule,
  },
  { additionalProperties: false },
);
export type MaintenanceWrite = Static<typeof MaintenanceWrite>;

export const MaintenanceKey = Type.Object(
  { company_code: Type.String({ minLength: 1, maxLength: 32 }), name: MaintenanceWindowName },
  { additionalProperties: false },
);
export type MaintenanceKey = Static<typeof MaintenanceKey>;

/**
 * `GET /v1/maintenance-windows/status`: which of the caller's companies (or the one named) are in
 * maintenance now and until when, and the windows of the coming `hours` (default 24, at most 168) —
 * what the monitoring screen's banner, the Quartz Monitor and the day timeline show.
 */
export const MaintenanceStatusQuery = Type.Object(
  {
    company_code: Type.Optional(Type.String({ maxLength: 32 })),
    /** Windows that hold at any time in [from, from + hours) are listed; default now. */
    from: Type.Optional(Type.String({ maxLength: 40 })),
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 168 })),
  },
  { additionalProperties: false },
);
export type MaintenanceStatusQuery = Static<typeof MaintenanceStatusQuery>;

/** One stretch of maintenance of one window (ISO 8601). */
export const MaintenancePeriod = Type.Object({
  company_code: Type.String(),
  name: Type.String(),
  from: Type.String(),
  to: Type.String(),
});
export type MaintenancePeriod = Static<typeof MaintenancePeriod>;

export const MaintenanceStatusResponse = Type.Object({
  now: Type.String(),
  /** Each company of the answer in maintenance now, and until when (the end of the last window holding). */
  active: Type.Array(
    Type.Object({ company_code: Type.String(), until: Type.String(), windows: Type.Array(Type.String()) }),
  ),
  /** The stretches that hold in the asked span, in order of start. */
  periods: Type.Array(MaintenancePeriod),
});
export type MaintenanceStatusResponse = Static<typeof MaintenanceStatusResponse>;

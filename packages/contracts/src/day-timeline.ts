import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { MaintenancePeriod } from './maintenance.js';

/*
 * The day timeline on Daily Report and Expected Run Job (issue 17, beyond the spec): per job a lane,
 * its runs of one day as bars from start to end, and the fires its triggers were due to make that
 * day (counted as Expected Run Job counts them) that no run answers.
 */

/** The most jobs (lanes) one timeline shows; more are counted in `total_lanes` and left out. */
export const DAY_TIMELINE_MAX_LANES = 60;
/**
 * The most runs shown in one lane (a job firing every minute has 1,440 a day: every one of them is drawn,
 * issue 31); `run_count` has them all.
 */
export const DAY_TIMELINE_MAX_RUNS_PER_LANE = 1440;
/** The most missing fires listed in one lane; `missing_count` has them all. */
export const DAY_TIMELINE_MAX_MISSING_PER_LANE = 300;
/** The most expected fires listed in one lane (a job firing every minute has 1,440 a day). */
export const DAY_TIMELINE_MAX_EXPECTED_PER_LANE = 1440;

/** `GET /v1/reports/day-timeline`: one day (`yyyymmdd` or `yyyy-mm-dd` of LIS_TIMEZONE; none: today). */
export const DayTimelineQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: Type.Optional(Type.Union([CompanyCode, Type.Array(CompanyCode, { maxItems: 500 })])),
    date: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type DayTimelineQuery = Static<typeof DayTimelineQuery>;

/** One run as a bar. Times are ISO 8601 (UTC). */
export const DayTimelineRun = Type.Object({
  job_instance_no: Type.String(),
  /** QUEUED, WAITING, RUNNING, FINISHED, WARNING, ERROR, SKIPPED or STOPPED. */
  state: Type.String(),
  /** scheduled, manual, … (how it was started). */
  kind: Type.String(),
  /** When it started, or was queued when it has not started (a skipped fire never starts). */
  start: Type.String(),
  /** When it ended; for a run that has not ended, the time of the answer. */
  end: Type.String(),
  /** Not ended yet (its `end` is now). */
  active: Type.Boolean(),
});
export type DayTimelineRun = Static<typeof DayTimelineRun>;

export const DayTimelineLane = Type.Object({
  companycode: Type.String(),
  legacyid: Type.String(),
  legacyname: Type.String(),
  legacytype: Type.String(),
  /** Every run of the job that day, shown or not. */
  run_count: Type.Integer({ minimum: 0 }),
  /** In start order; at most DAY_TIMELINE_MAX_RUNS_PER_LANE. */
  runs: Type.Array(DayTimelineRun),
  /** Fires due that day up to now (from the job's creation or activation) that no run was fired for. */
  missing_count: Type.Integer({ minimum: 0 }),
  /** Their times (ISO 8601), at most DAY_TIMELINE_MAX_MISSING_PER_LANE. */
  missing_fires: Type.Array(Type.String()),
  /**
   * Every fire its triggers were due to make that day, before and after now (ISO 8601, in order; issue
   * 31): the times Expected Run Job counts, at most DAY_TIMELINE_MAX_EXPECTED_PER_LANE. Older servers
   * did not send it.
   */
  expected_fires: Type.Optional(Type.Array(Type.String())),
  /** Trigger expressions that are not valid Quartz (their fires are not expected). */
  invalid_triggers: Type.Array(Type.String()),
  /** Issue 35: the deadline of the job's expected files that day (ISO 8601), when it expects some. */
  deadline_at: Type.Optional(Type.String()),
  /** Issue 35: that day's expectation state (PENDING, ON_TIME, LATE, MISSING, RECOVERED). */
  expectation_state: Type.Optional(Type.String()),
});
export type DayTimelineLane = Static<typeof DayTimelineLane>;

export const DayTimelineResponse = Type.Object({
  /** `yyyy-mm-dd`: the day shown. */
  date: Type.String(),
  /** The IANA zone of the day (LIS_TIMEZONE): the axis and the times are shown in it. */
  time_zone: Type.String(),
  /** The day's first instant and the next day's (ISO 8601; 23 or 25 hours apart on a daylight-saving change). */
  day_start: Type.String(),
  day_end: Type.String(),
  /** The time of the answer. */
  now: Type.String(),
  /** Jobs with runs or expected fires that day, by company and legacy id; at most DAY_TIMELINE_MAX_LANES. */
  lanes: Type.Array(DayTimelineLane),
  /** Every such job, shown or not. */
  total_lanes: Type.Integer({ minimum: 0 }),
  /**
   * The maintenance windows (issue 34) of the shown companies that hold at any time of the day, in
   * order of start (clipped to nothing: the full stretch). Older servers did not send it.
   */
  maintenance: Type.Optional(Type.Array(MaintenancePeriod)),
});
export type DayTimelineResponse = Static<typeof DayTimelineResponse>;

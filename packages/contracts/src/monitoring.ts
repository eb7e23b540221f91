import { Type, type Static } from '@sinclair/typebox';
import { RunRetryState } from './retry-policy.js';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';

/*
 * Spec 000 §2 "Legacy report (Monitoring)" and §3 "Legacy report / job run row": one row per job with
 * its latest run and that run's steps. Times are ISO 8601 (UTC), '' when there is none: the console
 * shows them dd-mm-yyyy HH:mm:ss in the browser and sorts them as text.
 */

/** `GET /v1/legacy/report` and `/v2/legacy/report`: `company_code` may repeat; none: the caller's companies. */
export const LegacyReportQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: Type.Optional(Type.Union([CompanyCode, Type.Array(CompanyCode, { maxItems: 500 })])),
    /** v2: the user the old client names; the token decides who is asking, so it is only checked. */
    username: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type LegacyReportQuery = Static<typeof LegacyReportQuery>;

const text = Type.String();
/**
 * Step status: SUCCESS, WARNING, ERROR, RUNNING, SKIPPED, STOPPED (running when an operator stopped the
 * run), or '' when the step did not run.
 */
export const LegacyReportRow = Type.Object({
  sid: text,
  companycode: text,
  legacyid: text,
  legacyname: text,
  legacytype: text,
  /** The latest run's job instance number ('' when the job never ran). */
  job_instanceno: text,
  /**
   * The latest run's state: QUEUED, WAITING, RUNNING, FINISHED, WARNING, ERROR, SKIPPED, STOPPED (an
   * operator's Stop ended it, issue 31; docs/legacy-api.md), or ''.
   */
  status: text,
  isactive: text,
  hassuspend: text,
  important_job: text,
  job_started_on: text,
  job_finished_on: text,
  next_fire: text,
  message: text,
  step1_status: text,
  step2_status: text,
  step3_status: text,
  step4_status: text,
  step5_status: text,
  send_email_status: text,
  step1_started_on: text,
  step2_started_on: text,
  step3_started_on: text,
  step4_started_on: text,
  step5_started_on: text,
});
export type LegacyReportRow = Static<typeof LegacyReportRow>;

/**
 * A monitoring row with issue 35's file deadline of today: `expectation_state` (PENDING, ON_TIME,
 * LATE, MISSING or RECOVERED) and `deadline_at` (ISO 8601) when the job expects files today; absent
 * otherwise (and from older servers). Kept apart from LegacyReportRow, whose keys are the legacy
 * report's own (the screens index it by them).
 */
export const LegacyReportRowWithExpectation = Type.Composite([
  LegacyReportRow,
  Type.Object({
    expectation_state: Type.Optional(Type.String()),
    deadline_at: Type.Optional(Type.String()),
  }),
]);
export type LegacyReportRowWithExpectation = Static<typeof LegacyReportRowWithExpectation>;

export const LegacyReportResponse = Type.Object({
  result_list: Type.Array(LegacyReportRowWithExpectation),
  total_count: Type.Integer({ minimum: 0 }),
});
export type LegacyReportResponse = Static<typeof LegacyReportResponse>;

export const RUN_STATES = [
  'QUEUED',
  'WAITING',
  'RUNNING',
  'FINISHED',
  'WARNING',
  'ERROR',
  'SKIPPED',
  'STOPPED',
] as const;
export const RunStateFilter = Type.Union(RUN_STATES.map((state) => Type.Literal(state)));

/**
 * `GET /v1/legacy/task` (spec 000 §7): runs, newest start first, a page at a time. `status` and
 * `company_code` may repeat; the text filters match any part, ignoring case; the start window is
 * `yyyymmddHHMMSS` in LIS_TIMEZONE, `to` at midnight meaning that whole day (as the logs).
 */
export const LegacyTaskQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: Type.Optional(Type.Union([CompanyCode, Type.Array(CompanyCode, { maxItems: 500 })])),
    status: Type.Optional(
      Type.Union([RunStateFilter, Type.Array(RunStateFilter, { maxItems: RUN_STATES.length })]),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    job_instance_no: Type.Optional(Type.String({ maxLength: 160 })),
    legacy_id: Type.Optional(Type.String({ maxLength: 100 })),
    legacy_name: Type.Optional(Type.String({ maxLength: 200 })),
    job_started_on_from: Type.Optional(Type.String({ pattern: '^([0-9]{8}([0-9]{6})?)?$' })),
    job_started_on_to: Type.Optional(Type.String({ pattern: '^([0-9]{8}([0-9]{6})?)?$' })),
  },
  { additionalProperties: false },
);
export type LegacyTaskQuery = Static<typeof LegacyTaskQuery>;

export const LegacyTaskResponse = Type.Object({
  result_list: Type.Array(LegacyReportRow),
  total_count: Type.Integer({ minimum: 0 }),
});
export type LegacyTaskResponse = Static<typeof LegacyTaskResponse>;

/** `GET /v1/legacy/step-attempts` (issue 31): the earlier attempts of a run's steps, kept by step re-runs. */
export const StepAttemptsQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: Type.String({ minLength: 1, maxLength: 100 }),
    job_instance_no: Type.String({ minLength: 1, maxLength: 160 }),
  },
  { additionalProperties: false },
);
export type StepAttemptsQuery = Static<typeof StepAttemptsQuery>;

export const StepAttempt = Type.Object({
  step: Type.Integer(),
  /** 1: the step's first run; 2: its first re-run; … (the current record is not listed). */
  attempt: Type.Integer({ minimum: 1 }),
  status: Type.String(),
  /** ISO 8601, '' for none. */
  started_on: Type.String(),
  finished_on: Type.String(),
  message: Type.String(),
  /** Who asked for the re-run that replaced this attempt, and when (ISO 8601). */
  rerun_by: Type.String(),
  rerun_on: Type.String(),
});
export type StepAttempt = Static<typeof StepAttempt>;

export const StepAttemptsResponse = Type.Object({
  result_list: Type.Array(StepAttempt),
  /** Issue 36: the run waits for a step's next attempt (docs/retries.md); null when it does not. */
  retry: Type.Optional(Type.Union([RunRetryState, Type.Null()])),
});
export type StepAttemptsResponse = Static<typeof StepAttemptsResponse>;

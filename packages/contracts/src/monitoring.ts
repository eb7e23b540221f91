import { Type, type Static } from '@sinclair/typebox';
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
/** Step status: SUCCESS, WARNING, ERROR, RUNNING, SKIPPED, or '' when the step did not run. */
export const LegacyReportRow = Type.Object({
  sid: text,
  companycode: text,
  legacyid: text,
  legacyname: text,
  legacytype: text,
  /** The latest run's job instance number ('' when the job never ran). */
  job_instanceno: text,
  /** The latest run's state: QUEUED, WAITING, RUNNING, FINISHED, WARNING, ERROR, SKIPPED, or ''. */
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

export const LegacyReportResponse = Type.Object({
  result_list: Type.Array(LegacyReportRow),
  total_count: Type.Integer({ minimum: 0 }),
});
export type LegacyReportResponse = Static<typeof LegacyReportResponse>;

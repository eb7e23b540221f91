import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { FileLegacyId } from './files.js';

/*
 * A job's run history (issue 31 §8, decision 0029): its last runs, newest first, with state, start,
 * duration, files in and out and who started it — from the monitoring list's row menu and Monitor Detail.
 */

/** The most runs one call returns, and the default. */
export const JOB_RUN_HISTORY_MAX = 200;
export const JOB_RUN_HISTORY_DEFAULT = 50;

/** `GET /v1/legacy/job-run-history`: any role of the company. */
export const JobRunHistoryQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: JOB_RUN_HISTORY_MAX })),
  },
  { additionalProperties: false },
);
export type JobRunHistoryQuery = Static<typeof JobRunHistoryQuery>;

/**
 * How a run was started: `trigger` (its schedule), `user` (Run immediately or a step re-run, by
 * `started_by`), `chain` (a chain's run; `started_by` when a user started the chain).
 */
export const RunStartedHow = Type.Union([
  Type.Literal('trigger'),
  Type.Literal('user'),
  Type.Literal('chain'),
]);
export type RunStartedHow = Static<typeof RunStartedHow>;

export const JobRunHistoryRow = Type.Object({
  job_instanceno: Type.String(),
  status: Type.String(),
  /** ISO 8601 (UTC); '' when the run has not started or ended. */
  queued_on: Type.String(),
  job_started_on: Type.String(),
  job_finished_on: Type.String(),
  /** Milliseconds from start to end (to now for a running run); null: not started. */
  duration_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Files taken in (the source backup's files) and sent out (the return backups' files). */
  files_in: Type.Integer({ minimum: 0 }),
  files_out: Type.Integer({ minimum: 0 }),
  started_how: RunStartedHow,
  /** The user who started it (Run immediately, a step re-run, a chain started by hand); '' otherwise. */
  started_by: Type.String(),
  message: Type.String(),
});
export type JobRunHistoryRow = Static<typeof JobRunHistoryRow>;

export const JobRunHistoryResponse = Type.Object({
  result_list: Type.Array(JobRunHistoryRow),
  /** Every run of the job kept (the list holds the newest `limit`). */
  total_count: Type.Integer({ minimum: 0 }),
});
export type JobRunHistoryResponse = Static<typeof JobRunHistoryResponse>;

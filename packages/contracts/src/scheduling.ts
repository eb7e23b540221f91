import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';

/** A job's legacy id (or a chain's id) as typed in requests. */
export const LegacyId = Type.String({ minLength: 1, maxLength: 100 });

/** `GET /v1/job/resume` (spec 000 §7): continue a suspended job. */
export const JobResumeQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode, legacy_id: LegacyId },
  { additionalProperties: false },
);
export type JobResumeQuery = Static<typeof JobResumeQuery>;

/** `GET /v1/lis-server/run-immediate`: queue a manual run now. */
export const RunImmediateQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: LegacyId,
    legacy_type: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type RunImmediateQuery = Static<typeof RunImmediateQuery>;

export const RunImmediateResponse = Type.Object({ message: Type.String(), job_instance_no: Type.String() });
export type RunImmediateResponse = Static<typeof RunImmediateResponse>;

/** `POST /v1/lis-server/cancel`: ask a queued, waiting or running run to stop. */
export const CancelRunQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: LegacyId,
    job_instance_no: Type.String({ minLength: 1, maxLength: 160 }),
  },
  { additionalProperties: false },
);
export type CancelRunQuery = Static<typeof CancelRunQuery>;

/** `POST /v1/lis-server/re-scheduler`: rebuild the triggers of a job, or of every job of the company. */
export const ReSchedulerRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    /** Empty or absent: every job and chain of the company. */
    legacy_id: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ReSchedulerRequest = Static<typeof ReSchedulerRequest>;

export const ReSchedulerResponse = Type.Object({
  message: Type.String(),
  /** How many jobs and chains had their triggers rebuilt. */
  job_count: Type.Integer({ minimum: 0 }),
});
export type ReSchedulerResponse = Static<typeof ReSchedulerResponse>;

export const TRIGGER_STATES = ['WAITING', 'PAUSED', 'COMPLETE', 'ERROR'] as const;
export const TriggerState = Type.Union(TRIGGER_STATES.map((s) => Type.Literal(s)));
export type TriggerState = (typeof TRIGGER_STATES)[number];

/** `GET /v1/lis-server/quartz`: the caller's companies, or one of them. */
export const QuartzQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: Type.Optional(Type.Union([CompanyCode, Type.Literal('')])) },
  { additionalProperties: false },
);
export type QuartzQuery = Static<typeof QuartzQuery>;

/**
 * Spec 001 §3 "Quartz row", plus what the stop button needs. Times are `dd-mm-yyyy hh:mm:ss` in
 * `LIS_TIMEZONE`, '' when there is none.
 */
export const QuartzRow = Type.Object({
  legacy_name: Type.String(),
  /** `{sid}|{company_code}`. */
  jobGroup: Type.String(),
  /** The legacy id (or the chain id). */
  jobName: Type.String(),
  previous_fire: Type.String(),
  next_fire: Type.String(),
  is_completed: Type.Boolean(),
  trigger_id: Type.String(),
  owner_kind: Type.Union([Type.Literal('job'), Type.Literal('chain')]),
  expression: Type.String(),
  state: TriggerState,
  paused_by: Type.Union([Type.String(), Type.Null()]),
  /** The job is suspended (`hassuspend` Y): its triggers do not fire until Continue (issue 17). */
  suspended: Type.Optional(Type.Boolean()),
  /** The job or chain is switched off (`isactive` N): its triggers do not fire. */
  inactive: Type.Optional(Type.Boolean()),
  /**
   * The business calendar the trigger fires by (issue 34): its name; absent without one. Its next
   * fire is the next time the calendar includes.
   */
  calendar: Type.Optional(Type.String()),
  /** The calendar's company: the job's own, or `*` for a shared one; absent when the name found none. */
  calendar_company: Type.Optional(Type.String()),
  /** The trigger's business-day rule in text form (`nth=3`, `shift=next`; issue 34); absent without one. */
  calendar_rule: Type.Optional(Type.String()),
  /**
   * The company is in a maintenance window now (issue 34): its end (ISO 8601). The trigger does not
   * fire before it; what falls due inside follows the misfire policy at its end. Absent otherwise.
   */
  maintenance_until: Type.Optional(Type.String()),
});
export type QuartzRow = Static<typeof QuartzRow>;

export const QuartzListResponse = Type.Object({
  result_list: Type.Array(QuartzRow),
  total_count: Type.Integer({ minimum: 0 }),
});
export type QuartzListResponse = Static<typeof QuartzListResponse>;

/** `POST /v1/lis-server/quartz/pause` and `/resume` (the Quartz Monitor's stop button). */
export const TriggerActionRequest = Type.Object(
  {
    trigger_id: Type.String({ minLength: 1, maxLength: 250 }),
    /** Optional: when given it must be the trigger's company. */
    company_code: Type.Optional(CompanyCode),
  },
  { additionalProperties: false },
);
export type TriggerActionRequest = Static<typeof TriggerActionRequest>;

export const TriggerActionResponse = Type.Object({
  message: Type.String(),
  state: TriggerState,
  next_fire: Type.String(),
});
export type TriggerActionResponse = Static<typeof TriggerActionResponse>;

/**
 * The steps an operator may re-run (spec 000 §4): 2, 3, 4, and 5 from the detail screen; and 1, whose
 * re-run finishes taking the files a failed step 1 had backed up (docs/reliability.md).
 */
export const RerunStep = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
]);

/**
 * `GET` and `POST /v1/lis-server/run-step`: re-run a step in ERROR, and the steps after it, on the
 * same job instance from its backups (the source is never downloaded again).
 */
export const RunStepQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_type: Type.Optional(Type.String({ maxLength: 20 })),
    legacy_id: LegacyId,
    job_instance_no: Type.String({ minLength: 1, maxLength: 160 }),
    step: RerunStep,
  },
  { additionalProperties: false },
);
export type RunStepQuery = Static<typeof RunStepQuery>;
export const RunStepResponse = Type.Object({ message: Type.String(), job_instance_no: Type.String() });
export type RunStepResponse = Static<typeof RunStepResponse>;

/**
 * The header carrying the step-up password for run-immediate / run-step of important jobs and protected
 * deletes (DESIGN §6): the user's own password, or the action password when a super_admin set one.
 */
export const ACTION_PASSWORD_HEADER = 'x-action-password';

import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, PagedList, Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { RetryPolicyOrDefault } from './retry-policy.js';

/*
 * Spec 001 §3 "Job config" and §7: the job form, the list, the export and the filename validator.
 * Field names are the spec's (`companycode`, `legacyid`, …); queries use `company_code`, `legacy_id`.
 * List fields (cron_trigger, legacy_criteria, e-mail addresses) are `|`-joined text.
 */

export const LEGACY_TYPES = [
  'IN_WAIT',
  'OUT_WAIT',
  'DMS_WAIT',
  'DMS_DYN_WAIT',
  'DMS_ETAX_WAIT',
  'EDI_CON',
  'PULL_WAIT',
] as const;
export const LegacyType = Type.Union(LEGACY_TYPES.map((t) => Type.Literal(t)));
export type LegacyType = Static<typeof LegacyType>;

export const YesNoFlag = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
export const ImportantJobFlag = Type.Union([Type.Literal('True'), Type.Literal('False')]);
export const LEGACY_ID_PATTERN = '^[A-Za-z0-9_.-]{1,100}$';
export const JobLegacyId = Type.String({ pattern: LEGACY_ID_PATTERN });

/** The spec's defaults for a new job (a new job starts as IN_WAIT). */
export const JOB_CONFIG_DEFAULTS = {
  legacytype: 'IN_WAIT',
  important_job: 'False',
  isactive: 'N',
  stopif_step4_error: 'N',
  criteria_stopif_mainstatus_warning: 'Y',
  sftp_source_dest_localpath: 'path_getsftp',
  sftp_source_isdeletesource: 'N',
  sftp_return_success_path: 'return_success',
  sftp_return_error_path: 'return_error',
  api_success_path: 'api_source_success',
  api_error_path: 'api_source_error',
  api_result_path: 'api_result',
} as const;

/**
 * What a fire does while a run of its job has not ended (decision 0038): `skip` — the fire starts no
 * run; `buffer_one` — one run waits behind the running one; `allow_all` — runs side by side.
 */
export const OVERLAP_POLICIES = ['skip', 'buffer_one', 'allow_all'] as const;
export const OverlapPolicy = Type.Union(OVERLAP_POLICIES.map((policy) => Type.Literal(policy)));
export type OverlapPolicy = Static<typeof OverlapPolicy>;

/**
 * What becomes of the fire times a job's triggers missed — every scheduler down longer than the
 * misfire threshold, or a maintenance window holding them (decision 0046): `fire_once_now` — one run
 * now for all of them; `do_nothing` — none, the trigger goes on with its next time.
 */
export const MISFIRE_POLICIES = ['fire_once_now', 'do_nothing'] as const;
export const MisfirePolicy = Type.Union(MISFIRE_POLICIES.map((policy) => Type.Literal(policy)));
export type MisfirePolicy = Static<typeof MisfirePolicy>;

/** A new job's scheduling policies (and a stored job's when a client leaves them out). */
export const JOB_POLICY_DEFAULTS = { overlap_policy: 'skip', misfire_policy: 'fire_once_now' } as const;

/** Optional free-text fields of the form, with their maximum lengths. */
export const JOB_CONFIG_TEXT_FIELDS = {
  sftp_source_server_id: 64,
  sftp_source_path: 1024,
  sftp_source_formatfilename: 500,
  sftp_source_filetype: 50,
  sftp_source_dest_localpath: 255,
  sftp_return_server_id: 64,
  sftp_return_path: 1024,
  sftp_return_formatfilename: 500,
  sftp_return_success_path: 255,
  sftp_return_error_path: 255,
  edi_source_job_version: 50,
  edi_source_result_path: 255,
  edi_source_success_path: 255,
  edi_source_error_path: 255,
  api_serverid: 64,
  api_classname: 255,
  api_function_name: 255,
  api_success_path: 255,
  api_error_path: 255,
  api_result_path: 255,
  dms_serverid: 64,
  dms_bucket: 255,
  dms_boxid: 255,
  dms_roleaccess: 255,
  dms_group: 255,
  dms_groupid: 255,
} as const;
export type JobConfigTextField = keyof typeof JOB_CONFIG_TEXT_FIELDS;

/**
 * Per-job stability options of step 1 (decision 0018): a minimum file age in seconds, a done-marker
 * pattern (`{name}.done`, `{base}.ok`) and names never taken (`|`-joined glob-ish patterns; blank: the
 * defaults below). Absent in an update: the stored value stays (legacy clients do not know them).
 */
export const SOURCE_MIN_AGE_MAX_SECONDS = 86_400;
export const SOURCE_DONE_MARKER_MAX = 100;
export const SOURCE_EXCLUDE_NAMES_MAX = 500;
/** Each pattern of `sftp_source_exclude_names`. */
export const SOURCE_EXCLUDE_NAME_MAX = 100;
/** What `sftp_source_exclude_names` means when blank. */
export const SOURCE_EXCLUDE_NAMES_DEFAULT = '.*|~*|*.tmp|*.temp|*.part|*.partial|*.filepart|*.crdownload';

export const EMAIL_KINDS = [
  'email_finished',
  'email_warning',
  'email_error',
  'f1_function_error_email',
] as const;
export const EMAIL_PARTS = ['to', 'cc', 'bcc'] as const;
/** E-mail lists: `|`-joined addresses (spaces removed, blanks dropped on save). */
export const JOB_CONFIG_EMAIL_FIELDS = EMAIL_KINDS.flatMap((kind) =>
  EMAIL_PARTS.map((part) => `${kind}_${part}` as const),
);
export const JOB_CONFIG_FLAG_FIELDS = [
  'isactive',
  'stopif_step4_error',
  'criteria_stopif_mainstatus_warning',
  'sftp_source_isdeletesource',
  ...EMAIL_KINDS.map((kind) => `${kind}_is_active` as const),
] as const;
export const EMAIL_LIST_MAX = 4000;
export const CRON_TRIGGER_MAX = 2000;
export const LEGACY_CRITERIA_MAX = 4000;
export const TRIGGER_CALENDARS_MAX = 2000;

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const textFields = Object.fromEntries(
  Object.entries(JOB_CONFIG_TEXT_FIELDS).map(([name, max]) => [name, text(max)]),
) as { [K in JobConfigTextField]: ReturnType<typeof text> };
const emailFields = Object.fromEntries(
  JOB_CONFIG_EMAIL_FIELDS.map((name) => [name, text(EMAIL_LIST_MAX)]),
) as { [K in (typeof JOB_CONFIG_EMAIL_FIELDS)[number]]: ReturnType<typeof text> };

/** `POST /v1/config/job-config/add` and `PUT …/update`: the job form. */
export const JobConfigWrite = Type.Object(
  {
    sid: Type.Optional(Sid),
    companycode: CompanyCode,
    legacyid: JobLegacyId,
    legacyname: Type.String({ minLength: 1, maxLength: 200 }),
    legacytype: LegacyType,
    important_job: Type.Optional(ImportantJobFlag),
    isactive: Type.Optional(YesNoFlag),
    stopif_step4_error: Type.Optional(YesNoFlag),
    criteria_stopif_mainstatus_warning: Type.Optional(YesNoFlag),
    cron_trigger: text(CRON_TRIGGER_MAX),
    /**
     * Issue 34: the calendar of each trigger, `|`-joined in the order of `cron_trigger` ('' at a
     * position: no calendar); each a calendar of the company or a shared one. Absent: kept as stored.
     */
    trigger_calendars: text(TRIGGER_CALENDARS_MAX),
    legacy_criteria: text(LEGACY_CRITERIA_MAX),
    /** Absent: kept as stored (a new job: JOB_POLICY_DEFAULTS). */
    overlap_policy: Type.Optional(OverlapPolicy),
    /** Absent: kept as stored (a new job: JOB_POLICY_DEFAULTS). */
    misfire_policy: Type.Optional(MisfirePolicy),
    /** Issue 36: the steps' retry policy (docs/retries.md); null: the company's; absent: kept as stored. */
    retry_policy: Type.Optional(RetryPolicyOrDefault),
    sftp_source_isdeletesource: Type.Optional(YesNoFlag),
    sftp_source_min_age_seconds: Type.Optional(
      Type.Integer({ minimum: 0, maximum: SOURCE_MIN_AGE_MAX_SECONDS }),
    ),
    sftp_source_done_marker: text(SOURCE_DONE_MARKER_MAX),
    sftp_source_exclude_names: text(SOURCE_EXCLUDE_NAMES_MAX),
    email_finished_is_active: Type.Optional(YesNoFlag),
    email_warning_is_active: Type.Optional(YesNoFlag),
    email_error_is_active: Type.Optional(YesNoFlag),
    f1_function_error_email_is_active: Type.Optional(YesNoFlag),
    ...textFields,
    ...emailFields,
  },
  { additionalProperties: false },
);
export type JobConfigWrite = Static<typeof JobConfigWrite>;

const str = Type.String();
/** A stored job config as `GET /v1/config/job-config/get` answers it. */
export const JobConfig = Type.Object({
  sid: str,
  companycode: str,
  legacyid: str,
  legacyname: str,
  legacytype: str,
  important_job: str,
  isactive: YesNoFlag,
  /** Read-only: set by the engine when the job is suspended. */
  hassuspend: YesNoFlag,
  stopif_step4_error: YesNoFlag,
  criteria_stopif_mainstatus_warning: YesNoFlag,
  cron_trigger: str,
  /** Issue 34: the calendar name of each trigger, `|`-joined like `cron_trigger` ('' none). */
  trigger_calendars: str,
  legacy_criteria: str,
  overlap_policy: OverlapPolicy,
  misfire_policy: MisfirePolicy,
  /** Issue 36: the steps' retry policy; null: the company's default (docs/retries.md). */
  retry_policy: RetryPolicyOrDefault,
  sftp_source_isdeletesource: YesNoFlag,
  sftp_source_min_age_seconds: Type.Integer(),
  /** Blank: no done-marker needed. */
  sftp_source_done_marker: str,
  /** Blank: SOURCE_EXCLUDE_NAMES_DEFAULT applies. */
  sftp_source_exclude_names: str,
  email_finished_is_active: YesNoFlag,
  email_warning_is_active: YesNoFlag,
  email_error_is_active: YesNoFlag,
  f1_function_error_email_is_active: YesNoFlag,
  ...(Object.fromEntries(Object.keys(JOB_CONFIG_TEXT_FIELDS).map((n) => [n, str])) as {
    [K in JobConfigTextField]: typeof str;
  }),
  ...(Object.fromEntries(JOB_CONFIG_EMAIL_FIELDS.map((n) => [n, str])) as {
    [K in (typeof JOB_CONFIG_EMAIL_FIELDS)[number]]: typeof str;
  }),
});
export type JobConfig = Static<typeof JobConfig>;

/** A list row: the spec's lowercase list columns. */
export const JobConfigListRow = Type.Object({
  sid: str,
  companycode: str,
  legacyid: str,
  legacyname: str,
  legacytype: str,
  sftp_source_server_id: str,
  api_serverid: str,
  api_classname: str,
  api_function_name: str,
  isactive: str,
  cron_trigger: str,
});
export type JobConfigListRow = Static<typeof JobConfigListRow>;

/** `GET /v1/config/job-config` and `GET /v1/config/export`: substring filters, legacy_type exact. */
export const JobConfigListQuery = Type.Object({
  sid: Type.Optional(Type.String({ maxLength: 16 })),
  company_code: Type.Optional(CompanyCode),
  legacy_id: Type.Optional(Type.String({ maxLength: 100 })),
  legacy_name: Type.Optional(Type.String({ maxLength: 200 })),
  api_class_name: Type.Optional(Type.String({ maxLength: 255 })),
  api_function_name: Type.Optional(Type.String({ maxLength: 255 })),
  /** Exact; PULL_WAIT jobs are listed only when asked for. */
  legacy_type: Type.Optional(LegacyType),
  ...PageQuery,
});
export type JobConfigListQuery = Static<typeof JobConfigListQuery>;

export const JobConfigListResponse = PagedList(JobConfigListRow);
export type JobConfigListResponse = Static<typeof JobConfigListResponse>;

/** `GET /v1/config/export`: every matching job, whole, unpaged; `format=xlsx` for the workbook. */
export const JobConfigExportQuery = Type.Object({
  ...JobConfigListQuery.properties,
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xlsx')])),
});
export type JobConfigExportQuery = Static<typeof JobConfigExportQuery>;
export const JobConfigExportResponse = PagedList(JobConfig);
export type JobConfigExportResponse = Static<typeof JobConfigExportResponse>;
/** `GET /v1/config/export`'s answer: the list as JSON, or with `format=xlsx` the workbook (a file). */
export const JobConfigExportAnswer = Type.Union([JobConfigExportResponse, Type.Unknown()]);

/** `GET /v1/config/job-config/get`. */
export const JobConfigGetQuery = Type.Object({
  sid: Type.Optional(Type.String({ maxLength: 16 })),
  company_code: CompanyCode,
  legacy_id: JobLegacyId,
});
export type JobConfigGetQuery = Static<typeof JobConfigGetQuery>;

/** `DELETE /v1/config/job-config?sid&company_code&legacyid`. */
export const JobConfigDeleteQuery = Type.Object({
  sid: Type.Optional(Type.String({ maxLength: 16 })),
  company_code: CompanyCode,
  legacyid: JobLegacyId,
});
export type JobConfigDeleteQuery = Static<typeof JobConfigDeleteQuery>;

export const FILENAME_REGEX_MAX = 500;
export const FILENAME_SAMPLES_MAX = 200;
export const FILENAME_SAMPLE_MAX = 255;

/** `POST /v1/config/validate-sftp-filename?regex=`: the sample file names. */
export const ValidateFilenameQuery = Type.Object({
  regex: Type.String({ maxLength: FILENAME_REGEX_MAX }),
});
export type ValidateFilenameQuery = Static<typeof ValidateFilenameQuery>;
export const ValidateFilenameRequest = Type.Array(Type.String({ maxLength: FILENAME_SAMPLE_MAX }), {
  maxItems: FILENAME_SAMPLES_MAX,
});
export type ValidateFilenameRequest = Static<typeof ValidateFilenameRequest>;
/**
 * The body `POST /v1/config/validate-sftp-filename` declares: anything, so that the service answers a
 * wrong body with its own messages; it checks the limits of `ValidateFilenameRequest` itself.
 */
export const ValidateFilenameSamples = Type.Unknown({ description: 'A JSON array of sample file names' });
/** The samples the whole regex matches, each once, in the order given. */
export const ValidateFilenameResponse = Type.Object({ result_list: Type.Array(Type.String()) });
export type ValidateFilenameResponse = Static<typeof ValidateFilenameResponse>;

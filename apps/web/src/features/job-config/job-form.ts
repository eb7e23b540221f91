import {
  DEFAULT_SID,
  EMAIL_KINDS,
  JOB_CONFIG_DEFAULTS,
  JOB_CONFIG_EMAIL_FIELDS,
  JOB_CONFIG_FLAG_FIELDS,
  JOB_CONFIG_TEXT_FIELDS,
  JOB_POLICY_DEFAULTS,
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  type JobConfig,
  type JobConfigWrite,
  type JobConnectionTestRequest,
  type LegacyType,
} from '@lis/contracts';
import { alignTriggerCalendars } from '../calendars';
import { formToRetryPolicy, retryToForm, type RetryFormValues } from '../../ui/retry-policy';
import { joinPipeList, normalisePipeList, splitPipeList } from './form-controls/pipe-list';

export {
  formToRetryPolicy,
  retryToForm,
  retryWaitsSeconds,
  type RetryFormValues,
} from '../../ui/retry-policy';

/** The legacy types of the Job Config form (PULL_WAIT belongs to Pull Job Config). */
export const JOB_FORM_LEGACY_TYPES = [
  'IN_WAIT',
  'OUT_WAIT',
  'DMS_WAIT',
  'DMS_DYN_WAIT',
  'DMS_ETAX_WAIT',
  'EDI_CON',
] as const satisfies readonly LegacyType[];

const TEXT_FIELDS = Object.keys(JOB_CONFIG_TEXT_FIELDS) as (keyof typeof JOB_CONFIG_TEXT_FIELDS)[];

/**
 * Every field of the job form, as text (flags 'Y'/'N', ImportantJob 'True'/'False', lists `|`-joined),
 * but the minimum file age: a number of seconds (null while its box is cleared: saved as 0).
 */
export type JobFormValues = {
  [K in Exclude<keyof JobConfigWrite, 'sid' | 'sftp_source_min_age_seconds' | 'retry_policy'>]-?: string;
} & { sftp_source_min_age_seconds: number | null } & RetryFormValues;

export type JobFormMode = 'add' | 'edit';

/** Spec 001 §3: the form of a new job (JOB_CONFIG_DEFAULTS, legacy type IN_WAIT, all else blank). */
export function emptyJobForm(): JobFormValues {
  const values = {
    companycode: '',
    legacyid: '',
    legacyname: '',
    cron_trigger: '',
    trigger_calendars: '',
    legacy_criteria: '',
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])),
    ...Object.fromEntries(JOB_CONFIG_EMAIL_FIELDS.map((name) => [name, ''])),
    ...Object.fromEntries(EMAIL_KINDS.map((kind) => [`${kind}_is_active`, 'N'])),
    // Step 1 stability (decision 0018): no minimum age, no done-marker, the default excluded names.
    sftp_source_min_age_seconds: 0,
    sftp_source_done_marker: '',
    sftp_source_exclude_names: '',
    ...JOB_CONFIG_DEFAULTS,
    ...JOB_POLICY_DEFAULTS,
    ...retryToForm(null),
  };
  return values as JobFormValues;
}

/**
 * A stored job as the form shows it (spec 001 §4 "Loading a job for edit"): lists re-joined without
 * blank entries; an e-mail active flag is taken only when it is set, otherwise the default stays.
 */
export function jobToForm(job: JobConfig): JobFormValues {
  const form = emptyJobForm();
  const pick = (value: string | undefined, fallback: string) => (value ? value : fallback);
  const values: JobFormValues = {
    ...form,
    companycode: job.companycode,
    legacyid: job.legacyid,
    legacyname: job.legacyname,
    legacytype: job.legacytype,
    important_job: job.important_job === 'True' ? 'True' : 'False',
    cron_trigger: joinPipeList(splitPipeList(job.cron_trigger)),
    trigger_calendars: job.trigger_calendars ?? '',
    legacy_criteria: joinPipeList(splitPipeList(job.legacy_criteria)),
    overlap_policy: job.overlap_policy ?? form.overlap_policy,
    misfire_policy: job.misfire_policy ?? form.misfire_policy,
    ...retryToForm(job.retry_policy),
    sftp_source_min_age_seconds: job.sftp_source_min_age_seconds ?? 0,
    sftp_source_done_marker: job.sftp_source_done_marker ?? '',
    sftp_source_exclude_names: job.sftp_source_exclude_names ?? '',
  };
  for (const name of TEXT_FIELDS) values[name] = job[name] ?? '';
  for (const name of JOB_CONFIG_EMAIL_FIELDS) values[name] = joinPipeList(splitPipeList(job[name]));
  for (const name of JOB_CONFIG_FLAG_FIELDS) values[name] = pick(job[name], form[name]);
  return values;
}

/** Spec 001 §4 template flow: the chosen job as a new job's form, with the legacy id left to type. */
export function templateToForm(job: JobConfig): JobFormValues {
  return { ...jobToForm(job), legacyid: '' };
}

/** `value` when it is one of `choices`, else `fallback`. */
function oneOf<T extends string>(choices: readonly T[], value: string | undefined, fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback;
}

/**
 * The add/update body: sid 555, text trimmed, lists without blanks (e-mail and predecessors without
 * spaces), the triggers' calendars aligned with the triggers (issue 34).
 */
export function formToPayload(values: JobFormValues): JobConfigWrite {
  const triggers = splitPipeList(values.cron_trigger);
  const text = (value: string | undefined) => (value ?? '').trim();
  const flag = (value: string | undefined, fallback: 'Y' | 'N') =>
    value === 'Y' || value === 'N' ? value : fallback;
  const payload: JobConfigWrite = {
    sid: DEFAULT_SID,
    companycode: text(values.companycode),
    legacyid: text(values.legacyid),
    legacyname: text(values.legacyname),
    legacytype: values.legacytype as LegacyType,
    important_job: values.important_job === 'True' ? 'True' : 'False',
    cron_trigger: joinPipeList(triggers),
    trigger_calendars: alignTriggerCalendars(values.trigger_calendars, triggers.length),
    legacy_criteria: normalisePipeList(values.legacy_criteria),
    overlap_policy: oneOf(OVERLAP_POLICIES, values.overlap_policy, JOB_POLICY_DEFAULTS.overlap_policy),
    misfire_policy: oneOf(MISFIRE_POLICIES, values.misfire_policy, JOB_POLICY_DEFAULTS.misfire_policy),
    retry_policy: formToRetryPolicy(values),
    sftp_source_min_age_seconds: values.sftp_source_min_age_seconds ?? 0,
    sftp_source_done_marker: text(values.sftp_source_done_marker),
    sftp_source_exclude_names: text(values.sftp_source_exclude_names),
  };
  for (const name of TEXT_FIELDS) payload[name] = text(values[name]);
  for (const name of JOB_CONFIG_EMAIL_FIELDS) payload[name] = normalisePipeList(values[name]);
  for (const name of JOB_CONFIG_FLAG_FIELDS) payload[name] = flag(values[name], 'N');
  return payload;
}

/** The body of the job's Test Connection (spec 001 §5 checks run on the server side of job-tools). */
export function formToConnectionTest(values: JobFormValues): JobConnectionTestRequest {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    sid: DEFAULT_SID,
    companycode: text(values.companycode),
    legacytype: values.legacytype as LegacyType,
    sftp_source_server_id: text(values.sftp_source_server_id),
    sftp_source_path: text(values.sftp_source_path),
    sftp_return_server_id: text(values.sftp_return_server_id),
    sftp_return_path: text(values.sftp_return_path),
    api_serverid: text(values.api_serverid),
    api_classname: text(values.api_classname),
    api_function_name: text(values.api_function_name),
  };
}

/** Spec 001 §2: the Source sFTP Server section is hidden for OUT_WAIT. */
export const showsSourceSection = (legacyType: string) => legacyType !== 'OUT_WAIT';

const DMS_TYPES: readonly string[] = ['DMS_WAIT', 'DMS_DYN_WAIT', 'DMS_ETAX_WAIT'];
/** Spec 001 §2: the DMS Server section shows only for the DMS legacy types. */
export const showsDmsSection = (legacyType: string) => DMS_TYPES.includes(legacyType);
/** Spec 001 §2: in DMS_DYN_WAIT the bucket, box id and group id come from the file, not the form. */
export const dmsTargetFieldsDisabled = (legacyType: string) => legacyType === 'DMS_DYN_WAIT';

/** The server choices that belong to one company: cleared when the company changes. */
export const COMPANY_BOUND_FIELDS = [
  'sftp_source_server_id',
  'sftp_return_server_id',
  'api_serverid',
  'dms_serverid',
  'legacy_criteria',
] as const satisfies readonly (keyof JobFormValues)[];

/** Servers and predecessors belong to one company: a change of company blanks them (else nothing). */
export function companyBoundReset(changed: Partial<JobFormValues>): Partial<JobFormValues> | undefined {
  if (!('companycode' in changed)) return undefined;
  return Object.fromEntries(COMPANY_BOUND_FIELDS.map((name) => [name, '']));
}

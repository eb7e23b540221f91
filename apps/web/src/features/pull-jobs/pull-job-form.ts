import type { JobConfig, JobConfigWrite, JobConnectionTestRequest } from '@lis/contracts';
import {
  emptyJobForm,
  formToConnectionTest,
  formToPayload,
  jobToForm,
  templateToForm,
  type JobFormValues,
} from '../job-config';

/**
 * A pull job is a job config of type PULL_WAIT (DESIGN §3): the Job Config form's conversions
 * (job-config/job-form.ts) with the type fixed.
 */
export const PULL_JOB_TYPE = 'PULL_WAIT';

const asPullJob = (values: JobFormValues): JobFormValues => ({ ...values, legacytype: PULL_JOB_TYPE });

/** A new pull job: the spec's defaults (§3), of `company` when the user has only one. */
export function emptyPullJobForm(company = ''): JobFormValues {
  return asPullJob({ ...emptyJobForm(), companycode: company });
}

/** The job to edit, or (legacy id cleared) the template a new one starts from. */
export function pullJobToForm(job: JobConfig, mode: 'edit' | 'template'): JobFormValues {
  return asPullJob(mode === 'edit' ? jobToForm(job) : templateToForm(job));
}

/** The add/update body: type PULL_WAIT, sid 555, lists `|`-joined. */
export function toPullJobWrite(values: JobFormValues): JobConfigWrite {
  return formToPayload(asPullJob(values));
}

/** Spec 001 §4: a pull job's Test Connection checks its API server and function (the server skips sFTP). */
export function toPullJobConnectionTest(values: JobFormValues): JobConnectionTestRequest {
  return formToConnectionTest(asPullJob(values));
}

import type { JobConfig, JobConfigListRow } from '@lis/contracts';
import { emptyJobForm } from '../job-form';

/** A stored job as GET …/job-config/get answers it, with overrides. */
export function buildJobConfig(overrides: Partial<JobConfig> = {}): JobConfig {
  // The form's retry boxes are no stored fields: the stored job has `retry_policy` (null: the company's).
  const blank = Object.fromEntries(
    Object.keys(emptyJobForm())
      .filter((key) => !key.startsWith('retry_'))
      .map((key) => [key, '']),
  ) as Record<string, string>;
  return {
    ...blank,
    sid: '555',
    companycode: 'ACME',
    legacyid: 'INV01',
    legacyname: 'Invoices',
    legacytype: 'IN_WAIT',
    important_job: 'False',
    isactive: 'Y',
    hassuspend: 'N',
    stopif_step4_error: 'N',
    criteria_stopif_mainstatus_warning: 'Y',
    cron_trigger: '0 0 12 * * ?',
    legacy_criteria: '',
    overlap_policy: 'skip',
    misfire_policy: 'fire_once_now',
    retry_policy: null,
    sftp_source_isdeletesource: 'N',
    sftp_source_min_age_seconds: 0,
    email_finished_is_active: 'N',
    email_warning_is_active: 'N',
    email_error_is_active: 'N',
    f1_function_error_email_is_active: 'N',
    ...overrides,
  } as JobConfig;
}

/** The list row of a job. */
export function listRowOf(job: JobConfig): JobConfigListRow {
  return {
    sid: job.sid,
    companycode: job.companycode,
    legacyid: job.legacyid,
    legacyname: job.legacyname,
    legacytype: job.legacytype,
    sftp_source_server_id: job.sftp_source_server_id,
    api_serverid: job.api_serverid,
    api_classname: job.api_classname,
    api_function_name: job.api_function_name,
    isactive: job.isactive,
    cron_trigger: job.cron_trigger,
  };
}

import { JOB_CONFIG_DEFAULTS } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { missingConnectionField } from '../job-tools/connection-checks';
import {
  companyBoundReset,
  dmsTargetFieldsDisabled,
  emptyJobForm,
  formToConnectionTest,
  formToPayload,
  retryWaitsSeconds,
  jobToForm,
  showsDmsSection,
  showsSourceSection,
  templateToForm,
} from './job-form';
import { buildJobConfig } from './testing/build-job-config';

describe('job form', () => {
  it('starts a new job with the spec defaults, as IN_WAIT', () => {
    const form = emptyJobForm();
    expect(form).toMatchObject(JOB_CONFIG_DEFAULTS);
    expect(form.legacytype).toBe('IN_WAIT');
    expect(form.email_error_is_active).toBe('N');
    expect(form.companycode).toBe('');
    expect(form.cron_trigger).toBe('');
  });

  it('loads a stored job: lists re-joined without blanks, empty e-mail flags keep the default', () => {
    const job = buildJobConfig({
      cron_trigger: '0 0 12 * * ?||0 30 8 ? * MON-FRI|',
      legacy_criteria: '|PRE01||PRE02',
      email_error_to: 'a@x.com||b@x.com',
      email_error_is_active: 'Y',
      email_warning_is_active: '' as 'N',
      important_job: 'True',
      api_result_path: 'custom_result',
    });
    const form = jobToForm(job);
    expect(form.cron_trigger).toBe('0 0 12 * * ?|0 30 8 ? * MON-FRI');
    expect(form.legacy_criteria).toBe('PRE01|PRE02');
    expect(form.email_error_to).toBe('a@x.com|b@x.com');
    expect(form.email_error_is_active).toBe('Y');
    expect(form.email_warning_is_active).toBe('N');
    expect(form.important_job).toBe('True');
    expect(form.api_result_path).toBe('custom_result');
    expect('hassuspend' in form).toBe(false);
  });

  it('turns a template into a new job without its legacy id', () => {
    const form = templateToForm(buildJobConfig({ api_classname: 'Invoice' }));
    expect(form.legacyid).toBe('');
    expect(form.api_classname).toBe('Invoice');
    expect(form.companycode).toBe('ACME');
  });

  it('builds the save body: sid 555, trimmed text, e-mail and predecessor lists without spaces', () => {
    const payload = formToPayload({
      ...emptyJobForm(),
      companycode: 'ACME',
      legacyid: ' INV02 ',
      legacyname: ' Invoices 2 ',
      cron_trigger: '0 0 12 * * ?| |0 0 13 * * ?',
      legacy_criteria: 'PRE 01||PRE01',
      email_finished_to: ' a @x.com|| b@x.com ',
      sftp_source_path: ' /in ',
      isactive: 'Y',
    });
    expect(payload).toMatchObject({
      sid: '555',
      companycode: 'ACME',
      legacyid: 'INV02',
      legacyname: 'Invoices 2',
      legacytype: 'IN_WAIT',
      important_job: 'False',
      cron_trigger: '0 0 12 * * ?|0 0 13 * * ?',
      legacy_criteria: 'PRE01',
      email_finished_to: 'a@x.com|b@x.com',
      email_finished_cc: '',
      sftp_source_path: '/in',
      sftp_source_dest_localpath: 'path_getsftp',
      isactive: 'Y',
      stopif_step4_error: 'N',
      criteria_stopif_mainstatus_warning: 'Y',
      f1_function_error_email_is_active: 'N',
    });
    expect(Object.keys(payload)).not.toContain('hassuspend');
  });

  it('round-trips a stored job through the form unchanged', () => {
    const job = buildJobConfig({
      legacytype: 'DMS_WAIT',
      dms_serverid: 'DMS1',
      dms_bucket: 'bucket',
      email_finished_to: 'a@x.com|b@x.com',
      email_finished_is_active: 'Y',
    });
    const payload = formToPayload(jobToForm(job));
    const { hassuspend: _ignored, ...written } = job;
    expect(payload).toEqual(written);
  });

  it('carries the retry policy: the company default as null, the own policy in ms, round-tripped', () => {
    expect(formToPayload(emptyJobForm()).retry_policy).toBeNull();
    const policy = { attempts: 5, first_delay_ms: 1500, factor: 2, max_delay_ms: 60_000, jitter: 0.25 };
    const job = buildJobConfig({ retry_policy: policy });
    expect(jobToForm(job)).toMatchObject({
      retry_mode: 'own',
      retry_first_delay_s: 1.5,
      retry_jitter_pct: 25,
    });
    expect(formToPayload(jobToForm(job)).retry_policy).toEqual(policy);
    expect(retryWaitsSeconds(jobToForm(job))).toEqual([1.5, 3, 6, 12]);
  });

  it('carries the step 1 stability options: defaults, a cleared age saved as 0, trimmed text', () => {
    expect(emptyJobForm()).toMatchObject({
      sftp_source_min_age_seconds: 0,
      sftp_source_done_marker: '',
      sftp_source_exclude_names: '',
    });
    const payload = formToPayload({
      ...emptyJobForm(),
      sftp_source_min_age_seconds: null,
      sftp_source_done_marker: ' {name}.done ',
      sftp_source_exclude_names: ' *.bak|~* ',
    });
    expect(payload).toMatchObject({
      sftp_source_min_age_seconds: 0,
      sftp_source_done_marker: '{name}.done',
      sftp_source_exclude_names: '*.bak|~*',
    });
    const job = buildJobConfig({
      sftp_source_min_age_seconds: 45,
      sftp_source_done_marker: '{base}.ok',
      sftp_source_exclude_names: '*.tmp',
    });
    expect(formToPayload(templateToForm(job))).toMatchObject({
      sftp_source_min_age_seconds: 45,
      sftp_source_done_marker: '{base}.ok',
      sftp_source_exclude_names: '*.tmp',
    });
  });

  it('carries the scheduling policies: the defaults, a stored choice, and an unknown value sent as the default', () => {
    expect(emptyJobForm()).toMatchObject({ overlap_policy: 'skip', misfire_policy: 'fire_once_now' });
    const job = buildJobConfig({ overlap_policy: 'buffer_one', misfire_policy: 'do_nothing' });
    expect(formToPayload(jobToForm(job))).toMatchObject({
      overlap_policy: 'buffer_one',
      misfire_policy: 'do_nothing',
    });
    expect(formToPayload(templateToForm(job))).toMatchObject({ misfire_policy: 'do_nothing' });
    expect(
      formToPayload({ ...emptyJobForm(), overlap_policy: 'queue_all', misfire_policy: '' }),
    ).toMatchObject({ overlap_policy: 'skip', misfire_policy: 'fire_once_now' });
  });

  it('builds the Test Connection body from the form', () => {
    const request = formToConnectionTest({
      ...emptyJobForm(),
      companycode: 'ACME',
      sftp_source_server_id: 'SRC',
      sftp_source_path: '/in',
      api_serverid: 'API1',
    });
    expect(request).toEqual({
      sid: '555',
      companycode: 'ACME',
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'SRC',
      sftp_source_path: '/in',
      sftp_return_server_id: '',
      sftp_return_path: '',
      api_serverid: 'API1',
      api_classname: '',
      api_function_name: '',
    });
  });

  it('knows which sections each legacy type shows', () => {
    expect(showsSourceSection('OUT_WAIT')).toBe(false);
    expect(showsSourceSection('IN_WAIT')).toBe(true);
    expect(['DMS_WAIT', 'DMS_DYN_WAIT', 'DMS_ETAX_WAIT', 'IN_WAIT', 'EDI_CON'].map(showsDmsSection)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(dmsTargetFieldsDisabled('DMS_DYN_WAIT')).toBe(true);
    expect(dmsTargetFieldsDisabled('DMS_WAIT')).toBe(false);
    // Moved from the job modal's render test (issue 20): the other types it clicked through.
    expect(dmsTargetFieldsDisabled('DMS_ETAX_WAIT')).toBe(false);
    expect(showsSourceSection('DMS_WAIT')).toBe(true);
  });

  // Moved from the job modal's render test (issue 20), which keeps the servers' reload on a company change.
  it('blanks the servers and predecessors of the previous company when the company changes', () => {
    expect(companyBoundReset({ companycode: 'BETA' })).toEqual({
      sftp_source_server_id: '',
      sftp_return_server_id: '',
      api_serverid: '',
      dms_serverid: '',
      legacy_criteria: '',
    });
    expect(companyBoundReset({ api_serverid: 'API_A' })).toBeUndefined();
  });

  // Moved from the job modal's render test (issue 20), which keeps that its Test Connection runs on the form.
  it('tests the connection of a new job: the API server missing first, then the body of an OUT_WAIT job', () => {
    expect(missingConnectionField(formToConnectionTest(emptyJobForm()))).toBe('chooseApiServer');
    const outWait = {
      ...emptyJobForm(),
      companycode: 'ACME',
      legacytype: 'OUT_WAIT',
      api_serverid: 'API_A',
      sftp_return_server_id: 'SFTP_A',
      sftp_return_path: '/out',
    };
    expect(missingConnectionField(formToConnectionTest(outWait))).toBeNull();
    expect(formToConnectionTest(outWait)).toEqual({
      sid: '555',
      companycode: 'ACME',
      legacytype: 'OUT_WAIT',
      sftp_source_server_id: '',
      sftp_source_path: '',
      sftp_return_server_id: 'SFTP_A',
      sftp_return_path: '/out',
      api_serverid: 'API_A',
      api_classname: '',
      api_function_name: '',
    });
  });
});

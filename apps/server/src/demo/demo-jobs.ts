import type { ChainJobWrite, JobConfigWrite } from '@lis/contracts';
import {
  DEMO_COMPANY,
  DEMO_DMS_BUCKET,
  DEMO_INPUT_FOLDERS,
  DEMO_MAIL_TO,
  DEMO_RETURN_ROOT,
  DEMO_SERVERS,
  DEMO_SID,
} from './demo-layout.js';
import { TH_BANK_HOLIDAYS_NAME } from './th-bank-holidays-ics.js';

/** Quartz: every minute at second 0, 15, 30, 45; every two minutes. */
const EVERY_MINUTE = '0 * * ? * *';
const EVERY_MINUTE_AT_15 = '15 * * ? * *';
const EVERY_MINUTE_AT_30 = '30 * * ? * *';
const EVERY_MINUTE_AT_45 = '45 * * ? * *';
const EVERY_TWO_MINUTES = '5 0/2 * ? * *';

const base = {
  sid: DEMO_SID,
  companycode: DEMO_COMPANY,
  isactive: 'Y',
  api_serverid: DEMO_SERVERS.api,
  criteria_stopif_mainstatus_warning: 'N',
} as const;

/** A job that loads files from a demo input folder and returns the function's files under /return. */
function fromSftp(folder: string, returnName: string, filetype: string) {
  return {
    sftp_source_server_id: DEMO_SERVERS.sftp,
    sftp_source_path: folder,
    sftp_source_formatfilename: `.*\\.${filetype}`,
    sftp_source_filetype: filetype,
    sftp_source_isdeletesource: 'Y',
    sftp_return_server_id: DEMO_SERVERS.sftp,
    sftp_return_path: `${DEMO_RETURN_ROOT}/${returnName}`,
  } as const;
}

function toSftp(returnName: string) {
  return { sftp_return_server_id: DEMO_SERVERS.sftp, sftp_return_path: `${DEMO_RETURN_ROOT}/${returnName}` };
}

/**
 * The example jobs, in the order they are saved (a predecessor before the job that names it). Together
 * they show every kind of thing the product does; README's quick start describes them.
 */
export const DEMO_JOBS: JobConfigWrite[] = [
  {
    ...base,
    ...fromSftp(DEMO_INPUT_FOLDERS.orders, 'orders', 'csv'),
    legacyid: 'DEMO_ORDERS_CSV',
    legacyname: 'Orders (CSV) validated every minute',
    legacytype: 'IN_WAIT',
    cron_trigger: EVERY_MINUTE,
    api_classname: 'Demo',
    api_function_name: 'validateRecords',
    email_finished_is_active: 'Y',
    email_finished_to: DEMO_MAIL_TO,
  },
  {
    ...base,
    ...fromSftp(DEMO_INPUT_FOLDERS.payments, 'payments', 'csv'),
    legacyid: 'DEMO_PAYMENTS_CHECK',
    legacyname: 'Payments (CSV) with documents in error — suspends',
    legacytype: 'IN_WAIT',
    cron_trigger: EVERY_MINUTE,
    api_classname: 'Demo',
    api_function_name: 'validateRecords',
    stopif_step4_error: 'Y',
    email_error_is_active: 'Y',
    email_error_to: DEMO_MAIL_TO,
    f1_function_error_email_is_active: 'Y',
    f1_function_error_email_to: DEMO_MAIL_TO,
  },
  {
    ...base,
    ...fromSftp(DEMO_INPUT_FOLDERS.payrollThai, 'payroll-th', 'txt'),
    legacyid: 'DEMO_PAYROLL_TH',
    legacyname: 'Thai payroll (fixed width, windows-874)',
    legacytype: 'IN_WAIT',
    cron_trigger: EVERY_MINUTE,
    api_classname: 'Demo',
    api_function_name: 'echo',
  },
  {
    ...base,
    ...fromSftp(DEMO_INPUT_FOLDERS.invoicesJson, 'invoices-json', 'json'),
    legacyid: 'DEMO_INVOICES_JSON',
    legacyname: 'Invoices (JSON)',
    legacytype: 'IN_WAIT',
    cron_trigger: EVERY_MINUTE,
    api_classname: 'Demo',
    api_function_name: 'echo',
  },
  {
    ...base,
    ...toSftp('generated'),
    legacyid: 'DEMO_OUT_REPORT',
    legacyname: 'Generated report (OUT_WAIT)',
    legacytype: 'OUT_WAIT',
    cron_trigger: EVERY_MINUTE_AT_15,
    api_classname: 'Demo',
    api_function_name: 'generate',
  },
  {
    ...base,
    sftp_source_server_id: DEMO_SERVERS.sftp,
    sftp_source_path: DEMO_INPUT_FOLDERS.documents,
    sftp_source_formatfilename: '.*\\.csv',
    sftp_source_filetype: 'csv',
    sftp_source_isdeletesource: 'Y',
    legacyid: 'DEMO_DMS_DOCUMENTS',
    legacyname: 'Document index to the DMS (DMS_WAIT)',
    legacytype: 'DMS_WAIT',
    cron_trigger: EVERY_MINUTE,
    api_classname: 'Demo',
    api_function_name: 'echo',
    dms_serverid: DEMO_SERVERS.dms,
    dms_bucket: DEMO_DMS_BUCKET,
    dms_boxid: 'box-1',
    dms_group: 'documents',
    dms_groupid: 'group-1',
    dms_roleaccess: 'reader',
  },
  {
    ...base,
    ...toSftp('statement-extract'),
    legacyid: 'DEMO_PRED_EXTRACT',
    legacyname: 'Statement extract (predecessor)',
    legacytype: 'OUT_WAIT',
    cron_trigger: EVERY_MINUTE_AT_45,
    api_classname: 'Demo',
    api_function_name: 'generate',
  },
  {
    ...base,
    ...toSftp('statement-publish'),
    legacyid: 'DEMO_PRED_PUBLISH',
    legacyname: 'Statement publish (waits for the extract)',
    legacytype: 'OUT_WAIT',
    cron_trigger: EVERY_MINUTE_AT_45,
    legacy_criteria: 'DEMO_PRED_EXTRACT',
    api_classname: 'Demo',
    api_function_name: 'generate',
  },
  {
    ...base,
    ...toSftp('chain-prepare'),
    legacyid: 'DEMO_CHAIN_PREPARE',
    legacyname: 'Chain member 1: prepare',
    legacytype: 'OUT_WAIT',
    api_classname: 'Demo',
    api_function_name: 'generate',
  },
  {
    ...base,
    ...toSftp('chain-deliver'),
    legacyid: 'DEMO_CHAIN_DELIVER',
    legacyname: 'Chain member 2: deliver',
    legacytype: 'OUT_WAIT',
    api_classname: 'Demo',
    api_function_name: 'generate',
  },
  {
    ...base,
    legacyid: 'DEMO_PULL_RATES',
    legacyname: 'Pull exchange rates (PULL_WAIT), not on Thai bank holidays',
    legacytype: 'PULL_WAIT',
    cron_trigger: EVERY_MINUTE_AT_30,
    // Issue 34: its trigger skips the days of the shared calendar the demo imports (th-bank-holidays-ics.ts).
    trigger_calendars: TH_BANK_HOLIDAYS_NAME,
    api_classname: 'Demo',
    api_function_name: 'generate',
  },
];

export const DEMO_CHAIN: ChainJobWrite = {
  Sid: DEMO_SID,
  CompanyCode: DEMO_COMPANY,
  ChainId: 'DEMO_CHAIN',
  ChainName: 'Prepare, then deliver (chain)',
  IsActive: 'true',
  LegacyList: 'DEMO_CHAIN_PREPARE|DEMO_CHAIN_DELIVER',
  CronTrigger: EVERY_TWO_MINUTES,
};

/** Email Content templates of the demo company (spec 001 §7), plain text here; base64 on the wire. */
export const DEMO_EMAIL_TEMPLATES = [
  {
    condition: 'finished',
    subject: '[LIS demo] %LEGACY_ID% finished (%JOB_INSTANCE_NO%)',
    body: '<p>The job <b>%LEGACY_ID%</b> of %COMPANY_CODE% finished.</p><p>%MESSAGE%</p>',
  },
  {
    condition: 'warning',
    subject: '[LIS demo] %LEGACY_ID% ended with a warning',
    body: '<p>%LEGACY_ID% (%JOB_INSTANCE_NO%) ended with a warning:</p><p>%MESSAGE%</p>',
  },
  {
    condition: 'error',
    subject: '[LIS demo] %LEGACY_ID% failed (%JOB_INSTANCE_NO%)',
    body: '<p>%LEGACY_ID% of %COMPANY_CODE% ended in ERROR.</p><p>%MESSAGE%</p><p>Open the monitoring screen to look at the error files, continue the job and re-run.</p>',
  },
  {
    condition: 'function_error',
    subject: '[LIS demo] documents in error in %LEGACY_ID%',
    body: '<p>The function reported documents in error for %JOB_INSTANCE_NO%.</p><p>%MESSAGE%</p>',
  },
] as const;

import { CRON_CHECK_DEFAULT_COUNT, DEFAULT_SID, type JobConnectionTestRequest } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import type { Language } from '../../platform/i18n/language';

/**
 * POST /v1/cron/check: valid?, the description in `language` and the next fire times (ISO, UTC), read
 * in `timeZone` (default: the server's LIS_TIMEZONE).
 */
export function checkCron(expression: string, language: Language, timeZone?: string) {
  return call('POST /v1/cron/check', {
    body: {
      expression,
      language,
      count: CRON_CHECK_DEFAULT_COUNT,
      ...(timeZone ? { time_zone: timeZone } : {}),
    },
  });
}

export interface FolderQuery {
  companyCode: string;
  sftpServerId: string;
  sid?: string;
}

/** POST /v1/config/sftp-server/folders: the folders directly under `path` on a saved server. */
export function fetchSftpFolders({ companyCode, sftpServerId, sid }: FolderQuery, path: string) {
  return call('POST /v1/config/sftp-server/folders', {
    body: {
      sid: sid ?? DEFAULT_SID,
      company_code: companyCode,
      sftp_server_id: sftpServerId,
      path,
    },
  });
}

/** POST /v1/config/validate-sftp-filename?regex=…: which samples the whole regex matches. */
export function validateFilenames(regex: string, samples: readonly string[]) {
  return call('POST /v1/config/validate-sftp-filename', { body: samples, query: { regex } });
}

/** POST /v1/config/job-config/test-connection: the Test Status tiles of the job form as typed. */
export function testJobConnection(form: JobConnectionTestRequest) {
  return call('POST /v1/config/job-config/test-connection', { body: form });
}

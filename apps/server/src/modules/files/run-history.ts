import type { RoleCode } from '@lis/contracts';
import { backupAccess, type BackupKind } from './backup-access.js';

/**
 * The lists of a run's history in the order of Monitor Detail's history modal, each with its folder in
 * the run's history zip (decision 0029); the run's DMS files go under `dms/{bucket}/`.
 */
export const RUN_HISTORY_FOLDERS: readonly (readonly [BackupKind, string])[] = [
  ['sftp_source_backup', 'source_backup'],
  ['return_success', 'return_success_backup'],
  ['return_error', 'return_error_backup'],
  ['api_request', 'api_request_backup'],
  ['api_response', 'api_response_backup'],
  ['step4_error', 'step4_error_source'],
];

/** The history lists `role` may take as a zip, by the one backup rule (decision 0025). */
export function runHistoryListsFor(role: RoleCode | undefined): (readonly [BackupKind, string])[] {
  return RUN_HISTORY_FOLDERS.filter(([kind]) => backupAccess(role, kind, 'zip').allowed);
}

/** `{job_instance_no}_history.zip`, as the spec names its other zips (spec 000 §9). */
export const runHistoryZipName = (jobInstanceNo: string) => `${jobInstanceNo}_history.zip`;

import { ROLE_RANK, type BackupTextType, type FileListKind, type RoleCode } from '@lis/contracts';
import { roleForCompany, type Identity } from '../access/access.js';
import { forbidden, type CodeOfKind } from '../../platform/domain-error.js';

/** The backups LIS keeps per run (the file ledger), as the file-list modal names them. */
export type BackupKind = Exclude<FileListKind, 'sftp_source_server' | 'sftp_return_server'>;

/**
 * What a route does with a backup: `list` its names, sizes and dates; `download` one file; `zip` all
 * of a list (task / detail screens); `folder-zip` Download All of the monitoring report's backup
 * folder; `export` the joined text of Download Source And Response File.
 */
export type BackupPurpose = 'list' | 'download' | 'zip' | 'folder-zip' | 'export';

export type BackupAccess =
  | { allowed: true }
  | {
      allowed: false;
      code: CodeOfKind<'forbidden'>;
      reason: 'backupAdminsOnly' | 'fileApiBackupNotDownloadable';
    };

const ALLOWED: BackupAccess = { allowed: true };
const ADMINS_ONLY: BackupAccess = { allowed: false, code: 'BACKUP_ADMINS_ONLY', reason: 'backupAdminsOnly' };
const API_NEVER: BackupAccess = {
  allowed: false,
  code: 'BACKUP_NOT_DOWNLOADABLE',
  reason: 'fileApiBackupNotDownloadable',
};

const isAdmin = (role: RoleCode) => ROLE_RANK[role] >= ROLE_RANK.admin;

/**
 * Decision 0025, the one rule for reading backups (spec 000 §2, §6; DESIGN §6), used by every route
 * that serves them. `role` is the caller's role for the backup's company (undefined: none).
 * - Lists: every role of the company, every kind.
 * - Step-4 error files: every role (the monitoring report's step-4 button is everyone's), one file or all.
 * - Download Source And Response File (`export`): every role (spec 000 route table: the screen is for
 *   all, with its two buttons) — the joined source backups or API responses.
 * - The monitoring report's backup folder, Download All (`folder-zip`): every role (spec 000 §2: the
 *   report's file options are everyone's; the backup folder allows Download All).
 * - Source and return backups on the task / detail screens: admin and super_admin only — one file or
 *   all (spec 000 §2, §6).
 * - API request and response backups: never one file or a zip (the spec hides those buttons for
 *   everyone); the responses only joined (Download Response File).
 */
export function backupAccess(
  role: RoleCode | undefined,
  kind: BackupKind,
  purpose: BackupPurpose,
): BackupAccess {
  if (role === undefined) return ADMINS_ONLY;
  if (purpose === 'list') return ALLOWED;
  if (purpose === 'export')
    return kind === 'sftp_source_backup' || kind === 'api_response' ? ALLOWED : API_NEVER;
  if (purpose === 'folder-zip') return kind === 'sftp_source_backup' ? ALLOWED : ADMINS_ONLY;
  if (kind === 'api_request' || kind === 'api_response') return API_NEVER;
  if (kind === 'step4_error') return ALLOWED;
  return isAdmin(role) ? ALLOWED : ADMINS_ONLY;
}

/** The backup kind behind an export's `lis_type`. */
export function exportKind(type: BackupTextType): BackupKind {
  return type === 'response' ? 'api_response' : 'sftp_source_backup';
}

/** Throws 403 `{message}` unless the caller may do `purpose` with backups of `kind` of the company. */
export function requireBackupAccess(
  identity: Identity,
  companyCode: string,
  kind: BackupKind,
  purpose: BackupPurpose,
): void {
  const access = backupAccess(roleForCompany(identity, companyCode), kind, purpose);
  if (!access.allowed) throw forbidden(access.code, access.reason);
}

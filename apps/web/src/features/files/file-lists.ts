import { ROLE_RANK, type FileListKind, type RoleCode } from '@lis/contracts';

/** What a file list offers (spec 000 §2 "File-list modal", §6). */
export interface FileActions {
  upload: boolean;
  delete: boolean;
  download: boolean;
  downloadAll: boolean;
}

/** Where the list is opened: the monitoring report, or the task / detail screens. */
export type FileListPlace = 'monitoring' | 'detail';

const NONE: FileActions = { upload: false, delete: false, download: false, downloadAll: false };

const isAdmin = (role: RoleCode | undefined) => role !== undefined && ROLE_RANK[role] >= ROLE_RANK.admin;

/**
 * Spec 000 §2, §6 and decision 0011: the live source and return folders offer upload, download,
 * download all and delete to every role (once the role has loaded); the monitoring report's backup
 * folder offers download all only, to every role (decision 0025, LIS issue 31); on the task / detail screens backups are downloaded by admin and
 * super_admin only, never the API request / response backups; backups are never uploaded or deleted.
 * Step-4 error files are everyone's, one or all. The same rule as the server's `backupAccess`
 * (decision 0025): the console hides exactly what the server refuses.
 */
export function fileActionsFor(
  list: FileListKind,
  place: FileListPlace,
  role: RoleCode | undefined,
): FileActions {
  if (role === undefined) return NONE;
  if (list === 'sftp_source_server' || list === 'sftp_return_server')
    return { upload: true, delete: true, download: true, downloadAll: true };
  if (list === 'step4_error') return { ...NONE, download: true, downloadAll: true };
  if (list === 'api_request' || list === 'api_response') return NONE;
  if (place === 'monitoring') return { ...NONE, downloadAll: true };
  return { ...NONE, download: isAdmin(role), downloadAll: isAdmin(role) };
}

/** The title key of a list's modal. */
export function fileListTitleKey(list: FileListKind) {
  switch (list) {
    case 'sftp_source_server':
      return 'titleSource' as const;
    case 'sftp_return_server':
      return 'titleReturn' as const;
    case 'sftp_source_backup':
    case 'sftp_source_backup_main_page':
      return 'titleBackup' as const;
    case 'return_success':
      return 'titleReturnSuccess' as const;
    case 'return_error':
      return 'titleReturnError' as const;
    case 'api_request':
      return 'titleApiRequest' as const;
    case 'api_response':
      return 'titleApiResponse' as const;
    case 'step4_error':
      return 'titleStep4Error' as const;
  }
}

/** Spec 000 §9: sizes in bytes with thousands separators and the suffix 'B.' ('1,234 B.'). */
export function formatBytes(size: number): string {
  return `${Math.round(size).toLocaleString('en-US')} B.`;
}

/** Spec 000 §3: a DMS file_size is kilobytes as text, shown × 1024 as bytes. */
export function dmsSizeBytes(fileSize: string): number {
  const kilobytes = Number(fileSize);
  return Number.isFinite(kilobytes) ? Math.round(kilobytes * 1024) : 0;
}

/** Spec 000 §2: search by file name, ignoring case. */
export function filterByName<T>(rows: readonly T[], search: string, name: (row: T) => string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return needle ? rows.filter((row) => name(row).toLocaleLowerCase().includes(needle)) : [...rows];
}

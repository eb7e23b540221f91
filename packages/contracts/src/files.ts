import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { FileDisposition, FileViewLimit } from './file-view.js';

/*
 * The file-list modal of the monitoring screens (spec 000 §2 "File-list modal", §3 "File entry",
 * §7 "Files"): listing, downloading (one file or all as a zip), uploading and deleting files of a
 * job's transfer folders and of its runs' backups. File names travel as names, never as paths.
 */

/** The live folders on the job's sFTP servers: uploads and deletes happen only here. */
export const LIVE_FILE_LISTS = ['sftp_source_server', 'sftp_return_server'] as const;
/** The lists kept by LIS for each run (the file ledger). */
export const BACKUP_FILE_LISTS = [
  'sftp_source_backup',
  'return_success',
  'return_error',
  'api_request',
  'api_response',
  'step4_error',
] as const;
export const FILE_LISTS = [...LIVE_FILE_LISTS, ...BACKUP_FILE_LISTS, 'sftp_source_backup_main_page'] as const;
export type LiveFileList = (typeof LIVE_FILE_LISTS)[number];
export type BackupFileList = (typeof BACKUP_FILE_LISTS)[number];
export type FileListKind = (typeof FILE_LISTS)[number];

export const FileListType = Type.Union(FILE_LISTS.map((kind) => Type.Literal(kind)));
export const LiveFileListType = Type.Union(LIVE_FILE_LISTS.map((kind) => Type.Literal(kind)));

/** Longest file name (bytes of UTF-8), as NAME_MAX of common file systems. */
export const FILE_NAME_MAX_BYTES = 255;
/** Largest upload after base64 decoding. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Largest "download all" zip: total bytes and number of files before compression. */
export const ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const ZIP_MAX_FILES = 10_000;
/** Most entries one listing returns (`total_count` still counts them all). */
export const FILE_LIST_MAX = 5_000;

/** A record identifier that is never `.` or `..` (it names a folder of the backup store). */
const Identifier = (max: number) => Type.String({ pattern: `^(?![.]{1,2}$)[A-Za-z0-9_.-]{1,${max}}$` });
export const FileLegacyId = Identifier(100);
export const FileJobInstanceNo = Identifier(160);
/** Checked further by the server (no separators, `..`, control characters or quotes). */
export const FileName = Type.String({ maxLength: 1024 });

/** Spec 000 §3 "File entry". */
export const FileEntry = Type.Object({
  name: Type.String(),
  /** Where the file is: the remote path on the sFTP server, or `{job_instance_no}/{list}/{name}` for backups. */
  file_path: Type.String(),
  /** ISO 8601, UTC. */
  last_modify: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  /** The run a backup belongs to. */
  job_instance_no: Type.Optional(Type.String()),
});
export type FileEntry = Static<typeof FileEntry>;

export const FileListResponse = Type.Object({
  result_list: Type.Array(FileEntry),
  total_count: Type.Integer({ minimum: 0 }),
  /** More than FILE_LIST_MAX entries: the list was cut. */
  truncated: Type.Optional(Type.Boolean()),
});
export type FileListResponse = Static<typeof FileListResponse>;

/** `POST /v3/lis-server/files/sftp/path`. */
export const FileListRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    list_type: FileListType,
    job_instance_no: Type.Optional(Type.Union([FileJobInstanceNo, Type.Literal('')])),
  },
  { additionalProperties: false },
);
export type FileListRequest = Static<typeof FileListRequest>;

/** `POST /v1/lis-server/files/sftp/path-recursive`: every backup of the job (backup main page). */
export const FileListAllRequest = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode, legacy_id: FileLegacyId, list_type: FileListType },
  { additionalProperties: false },
);
export type FileListAllRequest = Static<typeof FileListAllRequest>;

/**
 * The `get-…-with-legacyid` downloads. `path` is a file NAME, looked up in the listing of that kind;
 * `file_path` (from the listing) picks one when the name is in two folders; `list_type` and
 * `job_instance_no` say which backup list (`get-file-…`, `get-backup-…`, the zips).
 */
export const FileDownloadRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    path: Type.Optional(FileName),
    file_path: Type.Optional(Type.String({ maxLength: 4096 })),
    list_type: Type.Optional(FileListType),
    job_instance_no: Type.Optional(Type.Union([FileJobInstanceNo, Type.Literal('')])),
    /** `inline`: a PDF or an image to view (one-file downloads only; see `inlineViewType`). */
    disposition: Type.Optional(FileDisposition),
    /** Only the first `limit` bytes (a text preview, decision 0029); one-file downloads only. */
    limit: Type.Optional(FileViewLimit),
  },
  { additionalProperties: false },
);
export type FileDownloadRequest = Static<typeof FileDownloadRequest>;

/** `POST /v1/lis-server/get-source-files-when-step4-error`: `{job_instance_no}_error.zip`. */
export const Step4ErrorZipRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    job_instance_no: FileJobInstanceNo,
  },
  { additionalProperties: false },
);
export type Step4ErrorZipRequest = Static<typeof Step4ErrorZipRequest>;

/**
 * `POST /v1/lis-server/get-run-history-zip`: one run's whole history as `{job_instance_no}_history.zip`,
 * a folder per list (the lists the caller may download, and the run's DMS files).
 */
export const RunHistoryZipRequest = Step4ErrorZipRequest;
export type RunHistoryZipRequest = Step4ErrorZipRequest;

/** `PUT /v1|v2/lis-server/put-file`: `data` is the content in base64 (a `data:…;base64,` prefix is allowed). */
export const FileUploadRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    list_type: FileListType,
    file_name: Type.Optional(FileName),
    data: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type FileUploadRequest = Static<typeof FileUploadRequest>;

/** `DELETE /v1|v2/lis-server/rm-file`; needs the action password (header `x-action-password`). */
export const FileDeleteRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    list_type: FileListType,
    file_name: Type.Optional(FileName),
    file_path: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export type FileDeleteRequest = Static<typeof FileDeleteRequest>;

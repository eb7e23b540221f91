import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { FileDisposition, FileViewLimit } from './file-view.js';
import { FileJobInstanceNo, FileLegacyId } from './files.js';

/*
 * The DMS file list and viewer of the monitoring screens (spec 000 §2, §3 "DMS file", §7 "Files";
 * DESIGN §5, §6): the files a run delivered to its job's DMS. The DMS server, its URL and its token
 * are always resolved on the server from the job's configuration; the token never reaches the browser.
 */

/** A DMS file id, as the DMS gives it (used only as one URL segment, never as a path: not `.` or `..`). */
export const DmsFileId = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^(?![.]{1,2}$)[A-Za-z0-9_.:-]+$',
});

/** Spec 000 §3 "DMS file": `file_size` is kilobytes as text (the console shows it × 1024 as bytes). */
export const DmsFileRow = Type.Object({
  id: Type.String(),
  file_name: Type.String(),
  /** ISO 8601, as the DMS gives it. */
  created_on: Type.String(),
  file_size: Type.String(),
  /** The bucket the file is in (a DMS_DYN_WAIT run may deliver to several). */
  bucket: Type.String(),
});
export type DmsFileRow = Static<typeof DmsFileRow>;

export const DmsFileListResponse = Type.Object({
  result_list: Type.Array(DmsFileRow),
  total_count: Type.Integer({ minimum: 0 }),
});
export type DmsFileListResponse = Static<typeof DmsFileListResponse>;

/**
 * `GET /v1/dms/file/list`: the old client's call. `url` and `token` are accepted and ignored (DESIGN §6:
 * the server resolves the job's DMS); `company_code` and `legacy_id` name the job and are required
 * (400 without them); `bucket_id`, when given, keeps only that one of the run's buckets.
 */
export const DmsFileListV1Query = Type.Object(
  {
    sid: Type.Optional(Sid),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    token: Type.Optional(Type.String({ maxLength: 8192 })),
    bucket_id: Type.Optional(Type.String({ maxLength: 200 })),
    job_instance_no: FileJobInstanceNo,
    company_code: Type.Optional(CompanyCode),
    legacy_id: Type.Optional(FileLegacyId),
  },
  { additionalProperties: false },
);
export type DmsFileListV1Query = Static<typeof DmsFileListV1Query>;

/** `GET /v2/dms/file/list`: the DMS files of one run of the job. */
export const DmsFileListQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    job_instance_no: FileJobInstanceNo,
  },
  { additionalProperties: false },
);
export type DmsFileListQuery = Static<typeof DmsFileListQuery>;

/** `GET /v2/dms/file`: one file of one of the job's runs, streamed as an attachment. */
export const DmsFileQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    legacy_id: FileLegacyId,
    id: DmsFileId,
    /** `inline`: a PDF or an image to view (see `inlineViewType`). */
    disposition: Type.Optional(FileDisposition),
    /** Only the first `limit` bytes (a text preview, decision 0029). */
    limit: Type.Optional(FileViewLimit),
  },
  { additionalProperties: false },
);
export type DmsFileQuery = Static<typeof DmsFileQuery>;

/** `GET /v1/config/url-file`: the job's DMS settings. */
export const DmsSettingsQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode, legacy_id: FileLegacyId },
  { additionalProperties: false },
);
export type DmsSettingsQuery = Static<typeof DmsSettingsQuery>;

/**
 * Spec 000 §3 "Document-management settings", without `dms_token`: the token is a secret and never
 * leaves the server (`has_token` says whether one is stored).
 */
export const DmsSettings = Type.Object({
  dms_url: Type.String(),
  dms_bucket: Type.String(),
  has_token: Type.Boolean(),
});
export type DmsSettings = Static<typeof DmsSettings>;

export const DmsSettingsResponse = Type.Object({
  result_list: Type.Array(DmsSettings),
  total_count: Type.Integer({ minimum: 0 }),
});
export type DmsSettingsResponse = Static<typeof DmsSettingsResponse>;

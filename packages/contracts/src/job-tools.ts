import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { LegacyType } from './job-config.js';
import { ServerId } from './server-config.js';

/*
 * The helpers of the job modal (spec 001 §2 "Job config modal", §4 "Path picker", §5 "Job Test
 * Connection"): the remote folder tree, the path check and the six-tile connection test. The browser
 * names a saved sFTP or API server by id; the server resolves its address and secrets (they never
 * reach the browser, so the spec's host/password payloads are replaced by the server id).
 */

export const REMOTE_PATH_MAX = 1024;
/** An absolute remote path: starts with '/', no NUL or control characters. */
export const RemotePath = Type.String({
  minLength: 1,
  maxLength: REMOTE_PATH_MAX,
  pattern: '^/[^\\u0000-\\u001f]*$',
});

/** `POST /v1/config/sftp-server/folders`: the folders directly under `path` (the picker opens at '/'). */
export const SftpFolderRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    sftp_server_id: ServerId,
    path: RemotePath,
  },
  { additionalProperties: false },
);
export type SftpFolderRequest = Static<typeof SftpFolderRequest>;

/** Spec 001 §3 "Sftp path node": name, node_level, parent, path (children fetched when expanded). */
export const SftpFolderNode = Type.Object({
  name: Type.String(),
  /** Depth below '/': a folder directly under '/' is level 1. */
  node_level: Type.Integer({ minimum: 1 }),
  parent: Type.String(),
  path: Type.String(),
});
export type SftpFolderNode = Static<typeof SftpFolderNode>;

export const SFTP_FOLDER_LIST_MAX = 2000;
export const SftpFolderResponse = Type.Object({
  result_list: Type.Array(SftpFolderNode),
  /** More than SFTP_FOLDER_LIST_MAX folders: the list was cut (sorted by name). */
  truncated: Type.Boolean(),
});
export type SftpFolderResponse = Static<typeof SftpFolderResponse>;

/** `POST /v1/config/sftp-server/exist-path`: whether `path` is a folder on the saved server. */
export const SftpPathCheckRequest = SftpFolderRequest;
export type SftpPathCheckRequest = Static<typeof SftpPathCheckRequest>;
export const SftpPathCheckResponse = Type.Object({
  exists: Type.Boolean(),
  is_directory: Type.Boolean(),
  message: Type.String(),
});
export type SftpPathCheckResponse = Static<typeof SftpPathCheckResponse>;

/** The six tiles of the Test Status modal, in the spec's order (pull jobs: the last two of API). */
export const JOB_CONNECTION_CHECKS = [
  'has_sftp_source_path',
  'has_sftp_return_path',
  'api_server_connection',
  'sftp_source_server_connection',
  'sftp_return_server_connection',
  'has_function',
] as const;
export const PULL_JOB_CONNECTION_CHECKS = ['api_server_connection', 'has_function'] as const;
export type JobConnectionCheckKey = (typeof JOB_CONNECTION_CHECKS)[number];
export const JobConnectionCheckKey = Type.Union(JOB_CONNECTION_CHECKS.map((key) => Type.Literal(key)));

const optionalId = Type.Optional(Type.Union([Type.Literal(''), ServerId]));
const optionalText = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/**
 * `POST /v1/config/job-config/test-connection`: the job form's servers, paths and function, as typed
 * (the job need not be saved). PULL_WAIT runs only the API checks.
 */
export const JobConnectionTestRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    companycode: CompanyCode,
    legacytype: LegacyType,
    sftp_source_server_id: optionalId,
    sftp_source_path: optionalText(REMOTE_PATH_MAX),
    sftp_return_server_id: optionalId,
    sftp_return_path: optionalText(REMOTE_PATH_MAX),
    api_serverid: optionalId,
    api_classname: optionalText(255),
    api_function_name: optionalText(255),
  },
  { additionalProperties: false },
);
export type JobConnectionTestRequest = Static<typeof JobConnectionTestRequest>;

export const JobConnectionCheck = Type.Object({
  key: JobConnectionCheckKey,
  /** 200 when the check passed (a green tick); otherwise 400, 404, 502 or 504 (a red cross). */
  status: Type.Integer(),
  /** What was checked and, on failure, why (in the caller's language). */
  message: Type.String(),
});
export type JobConnectionCheck = Static<typeof JobConnectionCheck>;
export const JobConnectionTestResponse = Type.Object({ result_list: Type.Array(JobConnectionCheck) });
export type JobConnectionTestResponse = Static<typeof JobConnectionTestResponse>;

/** `GET /v1/config/pull-job-log`: one row per pull job of the caller's admin companies. */
export const PullJobLogQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    /** Absent or '': every company where the caller is admin (the spec's '*' user: all companies). */
    company_code: Type.Optional(Type.Union([Type.Literal(''), CompanyCode])),
  },
  { additionalProperties: false },
);
export type PullJobLogQuery = Static<typeof PullJobLogQuery>;
export const PullJobLogRow = Type.Object({
  companycode: Type.String(),
  legacyid: Type.String(),
  legacyname: Type.String(),
  /** Start of the job's latest run (ISO 8601), '' when it never ran. */
  last_pull: Type.String(),
  /** That run's status ('' when it never ran). */
  last_status: Type.String(),
});
export type PullJobLogRow = Static<typeof PullJobLogRow>;
export const PullJobLogResponse = Type.Object({
  result_list: Type.Array(PullJobLogRow),
  total_count: Type.Integer({ minimum: 0 }),
});
export type PullJobLogResponse = Static<typeof PullJobLogResponse>;

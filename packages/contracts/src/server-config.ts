import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, PagedList, Sid } from './common.js';
import { CompanyCode } from './companies.js';

/*
 * Spec 001 §3/§7: API servers (function servers), sFTP servers, DMS servers and e-mail content.
 *
 * Secrets (API password, sFTP password and private key, DMS token) are write-only: a list row only
 * says `has_…`; on edit a blank or absent secret keeps the stored one. Queries name the company
 * `company_code`; bodies use the spec's `companycode` (e-mail content: `company_code`).
 */

/** Server ids (API, sFTP, DMS). */
export const SERVER_ID_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
export const ServerId = Type.String({ pattern: SERVER_ID_PATTERN });
/** An http(s) URL without credentials in it. */
export const HTTP_URL_PATTERN = '^https?://[^\\s/@]+(/[^\\s]*)?$';
export const HttpUrl = Type.String({ pattern: HTTP_URL_PATTERN, maxLength: 2048 });
/** A host name, IPv4 or IPv6 address. */
export const HOST_PATTERN = '^[A-Za-z0-9.:_%-]{1,253}$';
export const Host = Type.String({ pattern: HOST_PATTERN });
export const Port = Type.Integer({ minimum: 1, maximum: 65535 });
export const DEFAULT_SFTP_PORT = 22;
export const RemoteUsername = Type.String({ minLength: 1, maxLength: 128, pattern: '^[^\\s:]+$' });
/** Secret input: '' (or absent) on edit keeps the stored value. */
export const SecretInput = Type.String({ maxLength: 1024 });
/** A PEM/OpenSSH private key; '' (or absent) on edit keeps the stored value. */
export const PrivateKeyInput = Type.String({ maxLength: 16384 });
const CompanyQueryField = Type.Optional(CompanyCode);

// ---------------------------------------------------------------- API server (function server)

/** Time limit of a function call (step 2), seconds: the default and the bounds (docs/function-server.md). */
export const DEFAULT_API_TIMEOUT_SECONDS = 120;
export const MIN_API_TIMEOUT_SECONDS = 1;
export const MAX_API_TIMEOUT_SECONDS = 3600;
export const ApiTimeoutSeconds = Type.Integer({
  minimum: MIN_API_TIMEOUT_SECONDS,
  maximum: MAX_API_TIMEOUT_SECONDS,
  description: 'Time limit of a function call (step 2), seconds',
});

export const ApiServer = Type.Object({
  sid: Type.String(),
  companycode: Type.String(),
  companyname: Type.String(),
  api_serverid: Type.String(),
  api_url_callfunction: Type.String(),
  api_username: Type.String(),
  /** Whether a password is stored; the password itself is never sent. */
  has_password: Type.Boolean(),
  api_timeout_seconds: ApiTimeoutSeconds,
});
export type ApiServer = Static<typeof ApiServer>;

/** `POST /v1/config/api-server/add` and `/edit`. */
export const ApiServerWrite = Type.Object(
  {
    sid: Type.Optional(Sid),
    companycode: CompanyCode,
    api_serverid: ServerId,
    api_url_callfunction: HttpUrl,
    api_username: RemoteUsername,
    /** Required on add; blank or absent on edit keeps the stored password. */
    api_password: Type.Optional(SecretInput),
    /** Absent: the default on add, the stored value on edit (clients that predate the field). */
    api_timeout_seconds: Type.Optional(ApiTimeoutSeconds),
  },
  { additionalProperties: false },
);
export type ApiServerWrite = Static<typeof ApiServerWrite>;

/** `GET /v1/config/api-server`: the list (paged) or, with `api_server_id`, the one record. */
export const ApiServerListQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    ...PageQuery,
    api_server_id: Type.Optional(Type.String({ maxLength: 64 })),
    /** Absent: every company where the caller is admin. */
    company_code: CompanyQueryField,
  },
  { additionalProperties: false },
);
export type ApiServerListQuery = Static<typeof ApiServerListQuery>;

export const ApiServerListResponse = PagedList(ApiServer);
export type ApiServerListResponse = Static<typeof ApiServerListResponse>;

/** `DELETE /v1/config/api-server/delete`. */
export const ApiServerDeleteQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode, api_server_id: ServerId },
  { additionalProperties: false },
);
export type ApiServerDeleteQuery = Static<typeof ApiServerDeleteQuery>;

// ---------------------------------------------------------------- sFTP server

export const SftpServer = Type.Object({
  sid: Type.String(),
  companycode: Type.String(),
  sftp_server_id: Type.String(),
  sftp_ip: Type.String(),
  sftp_port: Type.Integer(),
  sftp_username: Type.String(),
  has_password: Type.Boolean(),
  has_private_key: Type.Boolean(),
  privatekey_path: Type.String(),
});
export type SftpServer = Static<typeof SftpServer>;

/** `POST /v1/config/sftp-server/add` and `/edit`. */
export const SftpServerWrite = Type.Object(
  {
    sid: Type.Optional(Sid),
    companycode: CompanyCode,
    sftp_server_id: ServerId,
    sftp_ip: Host,
    sftp_port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, default: DEFAULT_SFTP_PORT })),
    sftp_username: RemoteUsername,
    /** Write-only; blank or absent on edit keeps the stored value. */
    sftp_password: Type.Optional(SecretInput),
    /** Write-only; blank or absent on edit keeps the stored value. */
    private_key: Type.Optional(PrivateKeyInput),
    privatekey_path: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type SftpServerWrite = Static<typeof SftpServerWrite>;

/** `GET /v1/config/sftp-server`: the list (paged) or, with `sftp_server_id`, the one record. */
export const SftpServerListQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    ...PageQuery,
    sftp_server_id: Type.Optional(Type.String({ maxLength: 64 })),
    company_code: CompanyQueryField,
  },
  { additionalProperties: false },
);
export type SftpServerListQuery = Static<typeof SftpServerListQuery>;

export const SftpServerListResponse = PagedList(SftpServer);
export type SftpServerListResponse = Static<typeof SftpServerListResponse>;

/** `DELETE /v1/config/sftp-server/delete`. */
export const SftpServerDeleteQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode, sftp_server_id: ServerId },
  { additionalProperties: false },
);
export type SftpServerDeleteQuery = Static<typeof SftpServerDeleteQuery>;

// ---------------------------------------------------------------- DMS server

export const DmsServer = Type.Object({
  sid: Type.String(),
  companycode: Type.String(),
  dms_serverid: Type.String(),
  dms_url: Type.String(),
  /** Whether a token is stored; the token itself is never sent. */
  has_token: Type.Boolean(),
});
export type DmsServer = Static<typeof DmsServer>;

/** `POST /v1/config/dms` (add) and `PUT /v1/config/dms` (edit). */
export const DmsServerWrite = Type.Object(
  {
    sid: Type.Optional(Sid),
    companycode: CompanyCode,
    dms_serverid: ServerId,
    /** Not required (spec 001 §5); '' when none. */
    dms_url: Type.Optional(Type.Union([HttpUrl, Type.Literal('')])),
    /** Write-only; blank or absent on edit keeps the stored value. */
    dms_token: Type.Optional(SecretInput),
  },
  { additionalProperties: false },
);
export type DmsServerWrite = Static<typeof DmsServerWrite>;

/**
 * `GET /v1/config/dms`: the list with `page` and `size` (default 25; `page_size` is accepted too),
 * or the search by `sid` and `dms_serverid` (one record for `company_code`).
 */
export const DmsServerListQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    ...PageQuery,
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    dms_serverid: Type.Optional(Type.String({ maxLength: 64 })),
    company_code: CompanyQueryField,
  },
  { additionalProperties: false },
);
export type DmsServerListQuery = Static<typeof DmsServerListQuery>;

export const DmsServerListResponse = PagedList(DmsServer);
export type DmsServerListResponse = Static<typeof DmsServerListResponse>;

/** `DELETE /v1/config/dms`. */
export const DmsServerDeleteQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode, dms_serverid: ServerId },
  { additionalProperties: false },
);
export type DmsServerDeleteQuery = Static<typeof DmsServerDeleteQuery>;

// ---------------------------------------------------------------- E-mail content

export const EMAIL_CONDITIONS = ['finished', 'warning', 'error', 'function_error'] as const;
export type EmailCondition = (typeof EMAIL_CONDITIONS)[number];
export const EmailConditionSchema = Type.Union(EMAIL_CONDITIONS.map((c) => Type.Literal(c)));

/** Base64 of UTF-8 text (spec 001 §3). */
export const Base64Text = Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$', maxLength: 400_000 });

/** One template; subject and body are base64 of UTF-8 on the wire. */
export const EmailContent = Type.Object({
  sid: Type.String(),
  company_code: Type.String(),
  condition: EmailConditionSchema,
  content_subject: Type.String({ description: 'base64 of UTF-8' }),
  content_body: Type.String({ description: 'base64 of UTF-8 (HTML)' }),
});
export type EmailContent = Static<typeof EmailContent>;

/** `GET /v1/config/email-content?company_code=`: always the four conditions ('' when not set). */
export const EmailContentQuery = Type.Object(
  { sid: Type.Optional(Sid), company_code: CompanyCode },
  { additionalProperties: false },
);
export type EmailContentQuery = Static<typeof EmailContentQuery>;

export const EmailContentListResponse = PagedList(EmailContent);
export type EmailContentListResponse = Static<typeof EmailContentListResponse>;

export const EmailContentItem = Type.Object(
  {
    sid: Type.Optional(Sid),
    /** When given, must equal the query's company_code. */
    company_code: Type.Optional(CompanyCode),
    condition: EmailConditionSchema,
    content_subject: Base64Text,
    content_body: Base64Text,
  },
  { additionalProperties: false },
);
export type EmailContentItem = Static<typeof EmailContentItem>;

/** `POST /v1/config/email-content?company_code=` with the list of templates to save. */
export const EmailContentSaveQuery = EmailContentQuery;
export type EmailContentSaveQuery = Static<typeof EmailContentSaveQuery>;
export const EmailContentSave = Type.Array(EmailContentItem, { minItems: 1, maxItems: 4 });
export type EmailContentSave = Static<typeof EmailContentSave>;

/** Decoded limits of a template (characters). */
export const EMAIL_SUBJECT_MAX = 500;
export const EMAIL_BODY_MAX = 100_000;

// ---------------------------------------------------------------- Connection tests

/**
 * `POST /v1/test/sftp/connection`. An unsaved form sends host, port, username and password and/or
 * private_key. A saved record sends `sftp_server_id` + `company_code`: blank secrets then use the
 * stored ones — and then host, port and username must be left out or equal the stored ones (a
 * stored secret is never sent to another address).
 */
export const SftpTestRequest = Type.Object(
  {
    host: Type.Optional(Host),
    port: Type.Optional(Port),
    username: Type.Optional(Type.String({ maxLength: 128 })),
    password: Type.Optional(SecretInput),
    private_key: Type.Optional(PrivateKeyInput),
    sftp_server_id: Type.Optional(ServerId),
    company_code: Type.Optional(CompanyCode),
    sid: Type.Optional(Sid),
  },
  { additionalProperties: false },
);
export type SftpTestRequest = Static<typeof SftpTestRequest>;

export const SftpTestResponse = Type.Object({
  message: Type.String(),
  /** Names in the remote root folder ('/'). */
  entries: Type.Array(Type.String()),
});
export type SftpTestResponse = Static<typeof SftpTestResponse>;

/**
 * `GET /v1/test/fapp/connection`: a saved record (`api_server_id` + `company_code`, using the
 * stored password and URL). An unsaved form (or a changed password) uses
 * `POST /v1/test/fapp/connection` with `FappTestRequest`, so that no password travels in a URL.
 */
export const FappTestQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    api_server_id: ServerId,
    company_code: CompanyCode,
  },
  { additionalProperties: false },
);
export type FappTestQuery = Static<typeof FappTestQuery>;

/**
 * `POST /v1/test/fapp/connection`: apiUrl + username + password of a form; with `api_server_id`
 * + `company_code` a blank password uses the stored one (and then apiUrl/username must be left out
 * or equal the stored ones).
 */
export const FappTestRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    apiUrl: Type.Optional(HttpUrl),
    username: Type.Optional(Type.String({ maxLength: 128 })),
    password: Type.Optional(SecretInput),
    api_server_id: Type.Optional(ServerId),
    company_code: Type.Optional(CompanyCode),
  },
  { additionalProperties: false },
);
export type FappTestRequest = Static<typeof FappTestRequest>;

/** Spec 001 §3 "API test response": the function server's `GET …/info`. */
export const FappTestResponse = Type.Object({
  message: Type.String(),
  percentTotalCPUUsage: Type.Number(),
  percentProcessCPUUsage: Type.Number(),
  megaByteTotalMemory: Type.Number(),
  megaByteFreeMemory: Type.Number(),
  megaByteProcessMemoryUsage: Type.Number(),
  serverVersion: Type.String(),
  serverOS: Type.String(),
  serverTime: Type.String(),
  serverSession: Type.String(),
  /** Function calls served since the function server started. */
  functionUsage: Type.Integer({ minimum: 0 }),
  clientUUID: Type.String(),
});
export type FappTestResponse = Static<typeof FappTestResponse>;

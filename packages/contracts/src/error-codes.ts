import { Type, type Static } from '@sinclair/typebox';

/**
 * One error code: the HTTP status it is always answered with, and when. `'4xx'` is the one
 * exception: REQUEST_REFUSED carries whatever 4xx status the HTTP framework gave its refusal.
 */
export interface ErrorCodeEntry {
  readonly status: number | '4xx';
  readonly when: string;
}

/**
 * Every `code` of an error answer `{message, code}`: the one list, stable across releases. The
 * message is for people, in their language; programs (the console among them) branch on the code.
 * docs/error-codes.md is written from this list (`npm run error-codes`), and a server test fails
 * when the two differ or when the server throws a code the list does not hold. A code is named for
 * the condition, never for the message's words; never rename or reuse one.
 */
export const ERROR_CODES = {
  // The HTTP layer: refusals before any route runs, and the failures of the server itself.
  REQUEST_INVALID: {
    status: 400,
    when: "The request does not match the route's schema (a field missing, unknown, of the wrong type or out of range); the message names the problem.",
  },
  REQUEST_BODY_NOT_JSON: {
    status: 400,
    when: 'The body is sent as JSON but does not parse, or carries a `__proto__` or `constructor.prototype` key.',
  },
  REQUEST_BODY_EMPTY: { status: 400, when: 'The content type is JSON but the body is empty.' },
  REQUEST_MEDIA_TYPE_UNSUPPORTED: { status: 415, when: "The route does not accept the body's content type." },
  REQUEST_REFUSED: {
    status: '4xx',
    when: "Another refusal of the HTTP framework (a malformed URL, a multipart form's limits …), with the framework's own 4xx status.",
  },
  PAYLOAD_TOO_LARGE: { status: 413, when: 'The body, or an uploaded file, is over its size limit.' },
  ROUTE_NOT_FOUND: { status: 404, when: 'No API route has this method and path.' },
  INTERNAL_ERROR: { status: 500, when: "An unexpected failure; the details are in the server's log only." },
  DATABASE_UNAVAILABLE: { status: 503, when: '`GET /readyz`: the database cannot be reached.' },

  // Session and access (http/plugins/route-policy.ts).
  SIGN_IN_REQUIRED: { status: 401, when: 'The request carries no bearer token.' },
  SESSION_ENDED: {
    status: 401,
    when: 'The token is no longer valid: expired, revoked (signed out, password changed) or its user removed. Sign in again.',
  },
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    when: "The user's password is a one-time password: every route but sign-in, sign-out, who-am-i, version, environment, ping and change-password is refused until it is changed (decision 0020).",
  },
  ROLE_FORBIDDEN: { status: 403, when: "The caller's role is too low for this route or action." },
  COMPANY_FORBIDDEN: { status: 403, when: 'The caller has no role in the company the request names.' },

  // Sign-in and the caller's own password.
  CREDENTIALS_MISSING: { status: 400, when: 'Sign-in without a user name or without a password.' },
  CREDENTIALS_INVALID: { status: 401, when: 'Sign-in with a wrong user name or password.' },
  SIGN_IN_THROTTLED: {
    status: 429,
    when: 'Too many failed sign-ins for this user or from this address (decision 0026); the message says when to try again.',
  },
  COMPANY_INACTIVE: {
    status: 403,
    when: 'Every company of the user is inactive: no sign-in until an administrator activates one.',
  },
  PORTAL_NOT_CONFIGURED: { status: 404, when: 'Portal sign-on is used but not configured.' },
  PORTAL_TOKEN_INVALID: { status: 401, when: "The portal's token is not valid or has expired." },
  PORTAL_USER_UNKNOWN: { status: 401, when: 'The user the portal names is not a user of LIS.' },
  CURRENT_PASSWORD_WRONG: { status: 403, when: 'Change password: the current password is wrong.' },
  PASSWORD_UNCHANGED: { status: 400, when: 'Change password: the new password equals the current one.' },

  // The password of a protected action (decision 0020: `X-Action-Password`).
  ACTION_PASSWORD_REQUIRED: {
    status: 400,
    when: "A protected action without its password (the action password, or the user's own when none is set).",
  },
  ACTION_PASSWORD_WRONG: { status: 403, when: 'A protected action with a wrong password.' },
  ACTION_PASSWORD_THROTTLED: {
    status: 429,
    when: 'Too many wrong passwords for protected actions; the message says when to try again.',
  },
  ACTION_PASSWORD_NOT_SET: {
    status: 403,
    when: 'A protected action by a portal user (no password of their own) while no action password is set.',
  },
  ACTION_PASSWORD_LENGTH_INVALID: { status: 400, when: 'A new action password is too short or too long.' },

  // Users.
  USER_NOT_FOUND: { status: 404, when: 'No user has this user name.' },
  USER_NAME_TAKEN: { status: 409, when: 'A new user whose user name exists already.' },
  CANNOT_DEMOTE_SELF: { status: 409, when: 'A super_admin takes the super_admin role away from themself.' },
  CANNOT_DELETE_SELF: { status: 409, when: 'A user deletes their own user.' },
  USER_COMPANY_LISTED_TWICE: { status: 422, when: "A user's companies list one company twice." },
  USER_COMPANY_UNKNOWN: { status: 422, when: "A user's companies name a company that does not exist." },
  USER_IMPORT_NO_FILE: { status: 400, when: 'User import without a file.' },
  USER_IMPORT_NOT_EXCEL: { status: 400, when: 'User import of a file that is not an .xlsx workbook.' },
  USER_IMPORT_EMPTY: { status: 422, when: 'User import of a workbook without user rows.' },
  USER_IMPORT_BAD_HEADER: {
    status: 422,
    when: 'User import: the first row does not name the expected columns.',
  },
  USER_IMPORT_BAD_ROW: {
    status: 422,
    when: 'User import: a row is not valid; the message names the row and the problem.',
  },
  USER_IMPORT_TOO_MANY_ROWS: { status: 413, when: 'User import of a workbook with more rows than allowed.' },

  // Companies.
  COMPANY_NOT_FOUND: { status: 404, when: 'No company has this company code.' },
  COMPANY_CODE_TAKEN: { status: 409, when: 'A new company whose company code exists already.' },
  COMPANY_UNKNOWN: {
    status: 400,
    when: 'A server, job, chain job or e-mail content is saved in a company that does not exist.',
  },
  COMPANY_REQUIRED: {
    status: 400,
    when: 'A call that needs one company names none, and the caller has access to more than one.',
  },

  // Jobs, their runs and steps, triggers.
  JOB_NOT_FOUND: { status: 404, when: 'No job has this legacy id in the company.' },
  JOB_ID_TAKEN: { status: 409, when: 'A new job whose legacy id exists already in the company.' },
  JOB_SUSPENDED: { status: 409, when: 'Run now of a suspended job: continue it first.' },
  JOB_NOT_SUSPENDED: { status: 409, when: 'Continue (resume) of a job that is not suspended.' },
  JOB_RUN_ACTIVE: {
    status: 409,
    when: "A run or re-run of a job whose run is still active, when the job's overlap policy allows one run at a time (decision 0038).",
  },
  JOB_RUN_WAITING: {
    status: 409,
    when: 'A run or re-run of a job that already has a run waiting to start (decision 0038).',
  },
  JOB_SETUP_INVALID: {
    status: 409,
    when: "The job's configuration cannot be used: a server it names does not exist, or its stored secret cannot be read; the message says which.",
  },
  JOB_PATH_INVALID: {
    status: 400,
    when: 'A path of a job is not absolute, or holds `..`, a backslash or control characters.',
  },
  JOB_FOLDER_INVALID: {
    status: 400,
    when: 'A folder of a job holds `..`, a backslash or control characters.',
  },
  JOB_TEXT_INVALID: { status: 400, when: 'A text field of a job holds control characters.' },
  JOB_FIELD_TOO_LONG: { status: 400, when: 'A field of a job is longer than allowed.' },
  JOB_PATTERN_INVALID: { status: 400, when: 'A regular expression of a job does not compile.' },
  JOB_SERVER_UNKNOWN: { status: 400, when: 'A job names a server that does not exist in its company.' },
  JOB_PREDECESSOR_SELF: { status: 400, when: 'A job is set to start after itself.' },
  JOB_PREDECESSOR_UNKNOWN: {
    status: 400,
    when: 'A job is set to start after a job that does not exist in its company.',
  },
  JOB_DONE_MARKER_INVALID: { status: 400, when: "A job's done-marker name is not a valid marker pattern." },
  JOB_EXCLUDE_NAMES_INVALID: { status: 400, when: "A job's excluded-name pattern cannot be used." },
  CRON_INVALID: {
    status: 400,
    when: 'A cron expression of a job or chain job is not valid; the message says why.',
  },
  FILENAME_REGEX_INVALID: {
    status: 400,
    when: 'Filename validator: the filename format is not a valid regular expression.',
  },
  FILENAME_REGEX_TOO_LONG: {
    status: 400,
    when: 'Filename validator: the filename format is longer than allowed.',
  },
  FILENAME_REGEX_TOO_SLOW: {
    status: 400,
    when: 'Filename validator: the pattern takes too long to match the samples.',
  },
  FILENAME_SAMPLES_MISSING: { status: 400, when: 'Filename validator without sample file names.' },
  FILENAME_SAMPLES_TOO_MANY: {
    status: 400,
    when: 'Filename validator with too many or too long sample names.',
  },
  FILENAME_SAMPLE_EMPTY: { status: 400, when: 'Filename validator with an empty sample name.' },
  RUN_NOT_FOUND: { status: 404, when: 'No run has this job instance number (for this job).' },
  RUN_ENDED: { status: 409, when: 'Cancel of a run that has ended already.' },
  RUN_NOT_ENDED: { status: 409, when: 'Re-run of a step while its run has not ended.' },
  RUN_NOT_WAITING_FOR_RETRY: {
    status: 409,
    when: "Retry now or cancel retries of a run that is not waiting for a step's next attempt (docs/retries.md).",
  },
  RETRY_POLICY_INVALID: {
    status: 400,
    when: 'A retry policy whose maximum delay is shorter than its first delay (docs/retries.md).',
  },
  STEP_NOT_IN_PLAN: { status: 400, when: "Re-run of a step the job's type does not have." },
  STEP_NOT_FAILED: { status: 409, when: 'Re-run of a step that is not in ERROR or STOPPED.' },
  STEP_EARLIER_FAILED: {
    status: 409,
    when: 'Re-run of a step while an earlier step of the run is in ERROR or STOPPED.',
  },
  TRIGGER_NOT_FOUND: {
    status: 404,
    when: 'No trigger has this id (or it is of a company the caller cannot see).',
  },
  TRIGGER_NOT_WAITING: { status: 409, when: 'Stop (pause) of a trigger that is not waiting.' },
  TRIGGER_NOT_PAUSED: { status: 409, when: 'Resume of a trigger that is not stopped (paused).' },

  // Chain jobs.
  CHAIN_JOB_NOT_FOUND: { status: 404, when: 'No chain job has this id in the company.' },
  CHAIN_JOB_ID_TAKEN: { status: 409, when: 'A new chain job whose id exists already in the company.' },
  CHAIN_JOB_IMPORTANT_INVALID: { status: 400, when: 'ImportantJob is neither true nor false.' },
  CHAIN_JOB_MEMBER_INVALID: { status: 400, when: 'A Job List entry is not `legacyId,legacyName`.' },
  CHAIN_JOB_MEMBER_TWICE: { status: 400, when: 'The Job List names one job twice.' },
  CHAIN_JOB_MEMBERS_MISSING: { status: 400, when: 'The Job List is empty.' },
  CHAIN_JOB_MEMBER_UNKNOWN: {
    status: 400,
    when: 'The Job List names a job that does not exist in the company.',
  },

  // Business calendars (issue 34).
  CALENDAR_INVALID: {
    status: 400,
    when: 'A calendar definition the checker refuses (a date that does not exist, an unknown time zone, a daily range Quartz refuses, an invalid cron expression, too deep a base chain); the message names the problem.',
  },
  CALENDAR_NOT_FOUND: {
    status: 404,
    when: 'No calendar has this name in the company (nor, for a read, among the shared ones).',
  },
  CALENDAR_EXISTS: { status: 409, when: 'A new calendar whose name exists already in the company.' },
  CALENDAR_IN_USE: {
    status: 409,
    when: "Delete of a calendar that a job's or a chain's trigger uses; the message names them.",
  },
  CALENDAR_UNKNOWN: {
    status: 400,
    when: "A job's or a chain's trigger names a calendar that is neither the company's own nor a shared one.",
  },
  TRIGGER_CALENDARS_TOO_MANY: {
    status: 400,
    when: "A job's or a chain's trigger calendars name more calendars than it has cron triggers.",
  },
  CALENDAR_IMPORT_NO_FILE: {
    status: 400,
    when: 'Calendar import without a file, or without its company or name.',
  },
  CALENDAR_IMPORT_INVALID: {
    status: 400,
    when: 'Calendar import of a file that is not an iCalendar (RFC 5545) file, or one that does not parse; the message says where.',
  },
  CALENDAR_IMPORT_EMPTY: { status: 422, when: 'Calendar import of an .ics file without an all-day event.' },
  CALENDAR_RULE_INVALID: {
    status: 400,
    when: "A trigger's business-day rule that is not one (`nth=N` with N from 1 to 23 or −1 to −23, `shift=next`, `shift=previous`), a rule without a calendar, or `nth` on a cron expression whose day fields are not `*` or `?`.",
  },

  // Maintenance windows (issue 34).
  MAINTENANCE_INVALID: {
    status: 400,
    when: 'A maintenance window the checker refuses (a time that does not parse, `from` not before `to`, longer than allowed, an invalid cron expression, an unknown time zone); the message names the problem.',
  },
  MAINTENANCE_NOT_FOUND: { status: 404, when: 'No maintenance window has this name in the company.' },
  MAINTENANCE_EXISTS: {
    status: 409,
    when: 'A new maintenance window whose name exists already in the company.',
  },
  MAINTENANCE_TOO_MANY: {
    status: 409,
    when: 'A company has MAINTENANCE_MAX_WINDOWS_PER_COMPANY windows already.',
  },

  // Alerts (issue 35, docs/alerts.md): channels, rules, acknowledging.
  ALERT_CHANNEL_INVALID: {
    status: 400,
    when: 'An alert channel the checker refuses: an e-mail channel without valid recipients, a webhook, Teams or Slack channel without an http(s) URL, a new webhook without a secret, a secret or URL on a kind that takes none; the message names the problem.',
  },
  ALERT_CHANNEL_NOT_FOUND: { status: 404, when: 'No alert channel has this name in the company.' },
  ALERT_CHANNEL_EXISTS: {
    status: 409,
    when: 'A new alert channel whose name exists already in the company.',
  },
  ALERT_CHANNEL_IN_USE: {
    status: 409,
    when: 'Deleting an alert channel that a rule of the company names (in `channels` or `escalate_to`); the message names the rules.',
  },
  ALERT_CHANNEL_UNKNOWN: {
    status: 400,
    when: 'An alert rule names a channel (in `channels` or `escalate_to`) that the company does not have.',
  },
  ALERT_RULE_INVALID: {
    status: 400,
    when: 'An alert rule the checker refuses: `escalate_after_minutes` without `escalate_to` or the other way round.',
  },
  ALERT_RULE_NOT_FOUND: { status: 404, when: 'No alert rule has this name in the company.' },
  ALERT_RULE_EXISTS: { status: 409, when: 'A new alert rule whose name exists already in the company.' },
  ALERT_TOO_MANY: {
    status: 409,
    when: 'A company has ALERT_MAX_CHANNELS_PER_COMPANY channels or ALERT_MAX_RULES_PER_COMPANY rules already.',
  },
  ALERT_NOT_FOUND: { status: 404, when: 'Acknowledging an alert: no alert has this event id.' },
  ALERT_NOT_OPEN: {
    status: 409,
    when: 'Acknowledging an alert that is acknowledged or resolved already; sending again the escalation of an alert that is no longer open (an escalation goes only while its alert is open).',
  },
  ALERT_DELIVERY_NOT_FOUND: {
    status: 404,
    when: 'Sending an alert delivery again: the company has no alert of this event id, or the alert has no delivery to this channel (or no escalation to it).',
  },
  ALERT_DELIVERY_NOT_FAILED: {
    status: 409,
    when: 'Sending an alert delivery again that is not `failed` (it is pending, being sent, delivered, or a cancelled escalation); the message names its state.',
  },
  ALERT_LIST_INVALID: {
    status: 400,
    when: 'The alert list with a `from` or `to` that is not an ISO 8601 time with an offset.',
  },

  // File deadlines: a job's expectation (issue 35).
  EXPECTATION_NOT_FOUND: { status: 404, when: 'The job has no expectation (file deadline).' },
  EXPECTATION_INVALID: {
    status: 400,
    when: 'An expectation the checker refuses (a deadline that is not HH:MM, `max_files` below `min_files`, a warning lead time longer than the day before the deadline, or a status date that does not exist); the message names the problem.',
  },

  // Server configuration (sFTP, API and DMS servers), their secrets and connection tests.
  SFTP_SERVER_NOT_FOUND: { status: 404, when: 'No sFTP server has this id in the company.' },
  SFTP_SERVER_ID_TAKEN: { status: 409, when: 'A new sFTP server whose id exists already in the company.' },
  SFTP_SERVER_FIELDS_MISSING: {
    status: 400,
    when: 'An sFTP server without a required field; the message lists them.',
  },
  SFTP_SERVER_NOT_SAVED: {
    status: 400,
    when: 'A legacy path check names an sFTP address that is no saved server of the caller (decision 0027).',
  },
  SFTP_PRIVATE_KEY_INVALID: {
    status: 400,
    when: 'The private key is not an unencrypted OpenSSH or PEM key.',
  },
  API_SERVER_NOT_FOUND: { status: 404, when: 'No API (function) server has this id in the company.' },
  API_SERVER_ID_TAKEN: { status: 409, when: 'A new API server whose id exists already in the company.' },
  API_SERVER_FIELDS_MISSING: { status: 400, when: 'An API server without a required field.' },
  API_SERVER_NOT_SAVED: {
    status: 400,
    when: 'A legacy test names an API server address that is no saved server of the caller (decision 0027).',
  },
  DMS_SERVER_NOT_FOUND: { status: 404, when: 'No DMS server has this id in the company.' },
  DMS_SERVER_ID_TAKEN: { status: 409, when: 'A new DMS server whose id exists already in the company.' },
  DMS_SERVER_FIELDS_MISSING: { status: 400, when: 'A DMS server without a required field.' },
  SECRET_UNREADABLE: {
    status: 409,
    when: 'A stored secret no longer opens (another master key): enter it again and save.',
  },
  SECRET_REQUIRED_FOR_NEW_ADDRESS: {
    status: 400,
    when: "An edit changes a server's address without giving its secret again (decision 0024).",
  },
  TEST_ADDRESS_CHANGED: {
    status: 400,
    when: 'A connection test of a saved server at a changed address without its secret (decision 0024).',
  },
  SFTP_TEST_FIELDS_MISSING: {
    status: 400,
    when: 'Test sFTP without host, port, user name, or password or key.',
  },
  SFTP_TEST_FAILED: {
    status: 422,
    when: 'Test sFTP failed: refused, unreachable, not allowed by the outbound policy, or the login was refused; the message says which.',
  },
  API_SERVER_TEST_FIELDS_MISSING: { status: 400, when: 'FAPP Test without URL, user name or password.' },
  API_SERVER_TEST_FAILED: {
    status: 422,
    when: 'FAPP Test failed: cannot connect, not allowed, login refused, or not a function server; the message says which.',
  },
  EMAIL_CONTENT_NOT_BASE64: { status: 400, when: 'An e-mail subject or body is not base64 of UTF-8 text.' },
  EMAIL_CONTENT_TOO_LONG: { status: 400, when: 'An e-mail subject or body is longer than allowed.' },
  EMAIL_CONTENT_COMPANY_MISMATCH: {
    status: 400,
    when: 'An e-mail content item belongs to another company than the request.',
  },
  EMAIL_CONTENT_CONDITION_TWICE: { status: 400, when: 'The e-mail contents list one condition twice.' },

  // The job modal's remote helpers (folder tree, path check, Test Connection).
  REMOTE_PATH_INVALID: {
    status: 400,
    when: 'A remote path is not absolute or holds `..` or control characters.',
  },
  REMOTE_FOLDER_NOT_FOUND: { status: 404, when: 'The remote folder does not exist on the sFTP server.' },
  REMOTE_PATH_NOT_FOLDER: { status: 400, when: 'The remote path is a file, not a folder.' },
  REMOTE_FOLDER_DENIED: { status: 422, when: 'The sFTP server does not allow reading the folder.' },
  REMOTE_FOLDER_FAILED: {
    status: 422,
    when: 'Reading the remote folder failed; the message gives the reason.',
  },
  REMOTE_CONNECTION_FAILED: {
    status: 502,
    when: 'The sFTP server could not be reached or refused the login.',
  },
  FUNCTION_SERVER_FAILED: {
    status: 502,
    when: 'The function (API) server failed or answered something unusable.',
  },
  FUNCTION_SERVER_TIMEOUT: { status: 504, when: 'The function (API) server did not answer in time.' },

  // Files of jobs and runs: live folders, backups, downloads.
  FILE_NAME_REQUIRED: { status: 400, when: 'A file action without a file name.' },
  FILE_NAME_INVALID: {
    status: 400,
    when: 'A file name that is not a plain name (a path, quotes, control characters, too long).',
  },
  FILE_NAME_NOT_ALLOWED: { status: 400, when: "An upload whose name the job's file-name rules refuse." },
  FILE_LIST_TYPE_WRONG: { status: 400, when: 'A file list type that the route does not serve.' },
  FILE_RUN_REQUIRED: { status: 400, when: 'A file list of a run (backups) without its job instance number.' },
  FILE_DATA_INVALID: { status: 400, when: "An upload's content is not valid base64." },
  UPLOAD_FILE_MISSING: { status: 400, when: 'An upload without a file name or content.' },
  FILE_TOO_LARGE: { status: 413, when: 'An upload larger than allowed.' },
  FILE_NOT_FOUND: { status: 404, when: 'No such file (in the folder or the backups).' },
  FOLDER_NOT_FOUND: { status: 404, when: "The job's folder does not exist on the sFTP server." },
  SOURCE_FOLDER_NOT_SET: { status: 404, when: 'The job has no sFTP source server or source path.' },
  RETURN_FOLDER_NOT_SET: { status: 404, when: 'The job has no sFTP return server or return path.' },
  FILE_EXISTS: { status: 409, when: 'An upload whose name exists already in the folder: delete it first.' },
  FILE_IN_TWO_FOLDERS: { status: 409, when: 'A file name found in both return folders: give its file_path.' },
  FILE_BACKUP_GONE: { status: 404, when: 'The backup of a file is no longer kept (retention).' },
  BACKUP_READ_ONLY: {
    status: 403,
    when: 'Upload or delete in a backup list: only the source and return folders change.',
  },
  BACKUP_ADMINS_ONLY: {
    status: 403,
    when: 'Download of source or return backups by a user who is not admin of the company (decision 0025).',
  },
  BACKUP_NOT_DOWNLOADABLE: {
    status: 403,
    when: 'Download of API request or response backups, which are listed only (decision 0025).',
  },
  DOWNLOAD_EMPTY: { status: 404, when: 'A download (zip or joined text) that would hold no file.' },
  DOWNLOAD_TOO_LARGE: {
    status: 413,
    when: 'A download (zip or joined text) over its limits of files and size.',
  },
  SFTP_SERVER_FAILED: {
    status: 502,
    when: 'The sFTP server failed during a file action; the message gives the reason.',
  },

  // DMS files.
  DMS_NOT_CONFIGURED: { status: 404, when: 'The job has no DMS server.' },
  DMS_JOB_REQUIRED: { status: 400, when: 'A DMS file list without company_code and legacy_id.' },
  DMS_FILE_NOT_FOUND: { status: 404, when: 'No DMS file has this id.' },
  DMS_BUCKET_NOT_OF_RUN: { status: 404, when: 'The run delivered nothing to this DMS bucket.' },
  DMS_SERVER_FAILED: { status: 502, when: 'The DMS server failed; the message gives the reason.' },

  // Logs, reports and their searches.
  DATE_INVALID: {
    status: 400,
    when: 'A date of a search or report is not a real date in the expected form.',
  },
  DATE_REQUIRED: { status: 400, when: 'A report or export without its date or dates.' },
  DATE_RANGE_REVERSED: { status: 400, when: 'A date range whose start is after its end.' },
  DATE_RANGE_TOO_LONG: { status: 400, when: 'A report over more days than allowed.' },
  SEARCH_CRITERIA_REQUIRED: { status: 400, when: 'An application-log search without its required criteria.' },
  PAGE_SIZE_INVALID: { status: 400, when: 'A page size other than 10, 25, 50 or 100.' },

  // The mail outbox, live updates, the demo.
  MAIL_NOT_FOUND: { status: 404, when: 'No e-mail of the outbox has this number.' },
  MAIL_NOT_RESENDABLE: {
    status: 409,
    when: 'Send again of an e-mail whose outcome is neither unknown nor failed.',
  },
  EVENT_STREAMS_TOO_MANY: {
    status: 429,
    when: 'Too many live-update connections for this sign-in or this user: close another tab.',
  },
  DEMO_NOT_FOUND: { status: 404, when: 'Remove demo when no demo is installed.' },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes answered with `status`: `ErrorCodeOfStatus<404>` is every "not found". */
export type ErrorCodeOfStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[ErrorCode];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** Every error answers `{message, code}`: the message in the caller's language, the code for programs. */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  code: Type.Unsafe<ErrorCode>({ type: 'string', enum: Object.keys(ERROR_CODES) }),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

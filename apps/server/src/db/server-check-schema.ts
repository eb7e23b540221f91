/*
 * The connection checks' table (migration 0028, issue 35, decision 0049). Times are epoch milliseconds.
 */

/** REACHABLE or UNREACHABLE; null: not decided yet (migration 0028). */
export type ServerReachabilityColumn = 'REACHABLE' | 'UNREACHABLE';

/** The connection check's state of one function (api) or sFTP server (migration 0028, decision 0049). */
export interface ServerCheckTable {
  kind: 'api' | 'sftp';
  company_code: string;
  server_id: string;
  state: ServerReachabilityColumn | null;
  since: number | null;
  failures: number;
  failing_since: number | null;
  checked_at: number;
  /** JSON `{key, params}`: a message key of i18n/messages.ts and its values; never a secret. */
  last_error: string | null;
  version: number;
}

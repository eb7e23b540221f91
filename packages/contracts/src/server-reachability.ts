import { Type, type Static } from '@sinclair/typebox';
import { CompanyCode } from './companies.js';

/*
 * Issue 35 (decision 0049): the periodic connection check of every function (API) and sFTP server.
 * A server is UNREACHABLE after LIS_SERVER_CHECK_FAILURES failed checks in a row (since the first of
 * them) and REACHABLE after one that succeeded; UNKNOWN until either. SERVER_UNREACHABLE is raised
 * once per outage (docs/alerts.md "Connection checks").
 */

export const SERVER_CHECK_KINDS = ['api', 'sftp'] as const;
export const ServerCheckKind = Type.Union(SERVER_CHECK_KINDS.map((kind) => Type.Literal(kind)));
export type ServerCheckKind = Static<typeof ServerCheckKind>;

export const SERVER_REACHABILITY_STATES = ['REACHABLE', 'UNREACHABLE', 'UNKNOWN'] as const;
export const ServerReachabilityState = Type.Union(SERVER_REACHABILITY_STATES.map((s) => Type.Literal(s)));
export type ServerReachabilityState = Static<typeof ServerReachabilityState>;

/** `GET /v1/config/server-reachability`: one kind's servers, of one company or the caller's admin companies. */
export const ServerReachabilityQuery = Type.Object(
  {
    kind: ServerCheckKind,
    company_code: Type.Optional(CompanyCode),
  },
  { additionalProperties: false },
);
export type ServerReachabilityQuery = Static<typeof ServerReachabilityQuery>;

export const ServerReachability = Type.Object({
  kind: ServerCheckKind,
  company_code: Type.String(),
  /** `api_serverid` or `sftp_server_id`. */
  server_id: Type.String(),
  state: ServerReachabilityState,
  /** ISO 8601: reachable since, or unreachable since its first failed check of the outage; null while UNKNOWN. */
  since: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601 of the last check. */
  checked_at: Type.String(),
  /** Failed checks in a row (0 after a success). */
  failures: Type.Integer({ minimum: 0 }),
  /** The last failed check's reason in the reader's language (never a secret); null when none failed yet. */
  last_error: Type.Union([Type.String(), Type.Null()]),
});
export type ServerReachability = Static<typeof ServerReachability>;

export const ServerReachabilityResponse = Type.Object({
  result_list: Type.Array(ServerReachability),
  /** LIS_SERVER_CHECK_INTERVAL_SECONDS; 0: the checks are off (every server UNKNOWN or as last checked). */
  check_interval_seconds: Type.Integer({ minimum: 0 }),
});
export type ServerReachabilityResponse = Static<typeof ServerReachabilityResponse>;

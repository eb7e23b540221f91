/** Why a call to a remote server (function server, DMS) failed. */
export type RemoteCallErrorCode =
  /** Wrong credentials (HTTP 401 or 403). */
  | 'UNAUTHORIZED'
  /** Nothing listens, the host is unknown, or the connection broke before an answer. */
  | 'UNREACHABLE'
  /** No complete answer within the time limit. */
  | 'TIMEOUT'
  /** The caller cancelled (AbortSignal). */
  | 'ABORTED'
  /** The server answered 404 for the thing asked for. */
  | 'NOT_FOUND'
  /** The server answered another non-2xx status. */
  | 'HTTP_STATUS'
  /** The answer was not JSON, too large, or not of the documented shape. */
  | 'INVALID_RESPONSE'
  /** The address is refused by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY). */
  | 'NOT_ALLOWED'
  /** A 2xx answer larger than the accepted limit (nothing of it is used). */
  | 'TOO_LARGE'
  /** The configured URL is not an http or https URL. */
  | 'INVALID_URL'
  /** A name to put in the URL (class, function, bucket, file name …) is empty, `.` or `..`. */
  | 'INVALID_ARGUMENT';

/**
 * A failed call to a remote server. The message is meant for the operator (it reaches the console and the
 * system log): it names the server's URL without credentials or query, never a password or token.
 */
export class RemoteCallError extends Error {
  override readonly name = 'RemoteCallError';

  constructor(
    readonly code: RemoteCallErrorCode,
    message: string,
    readonly details: {
      /** The URL called, without user info or query. */
      readonly url: string;
      /** The HTTP status, when the server answered. */
      readonly status?: number;
      /** The first characters of the answer's body, when it was not usable (for backups and debugging). */
      readonly bodyExcerpt?: string;
    },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get url(): string {
    return this.details.url;
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

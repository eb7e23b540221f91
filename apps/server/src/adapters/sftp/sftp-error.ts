/** Why an sFTP operation failed. */
export type SftpErrorCode =
  /** The server refused the user name, password or key. */
  | 'AUTH_FAILED'
  /** Nothing listens on host:port. */
  | 'CONNECTION_REFUSED'
  /** The host name does not resolve. */
  | 'HOST_NOT_FOUND'
  /** The SSH handshake, or a keepalive, did not answer in time. */
  | 'TIMEOUT'
  /** The connection broke (reset, closed by the server, SFTP channel ended) before the operation finished. */
  | 'CONNECTION_LOST'
  /** The remote file or folder does not exist. */
  | 'NOT_FOUND'
  /** The server refused the operation for this user. */
  | 'PERMISSION_DENIED'
  /** The bytes transferred, or the remote size afterwards, are not the size expected. */
  | 'SIZE_MISMATCH'
  /** The caller's AbortSignal fired. */
  | 'ABORTED'
  /** A path would leave its configured root, or holds characters a path must not hold. */
  | 'OUTSIDE_ROOT'
  /** The address is refused by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY). */
  | 'NOT_ALLOWED'
  /** Any other failure reported by the server or the local file system. */
  | 'FAILED';

/** Codes that mean "the connection, not the request, failed": worth reconnecting and trying again. */
export const RETRYABLE_SFTP_CODES: ReadonlySet<SftpErrorCode> = new Set([
  'CONNECTION_LOST',
  'CONNECTION_REFUSED',
  'TIMEOUT',
]);

/**
 * A failed sFTP operation. The message is for operators (system log, console): it may name the host, port
 * and remote path, never a password or key. An aborted operation has `name` 'AbortError' (as fetch and
 * Node streams use), so generic abort checks recognise it; it is still an SftpError with code ABORTED.
 */
export class SftpError extends Error {
  constructor(
    readonly code: SftpErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = code === 'ABORTED' ? 'AbortError' : 'SftpError';
  }

  get retryable(): boolean {
    return RETRYABLE_SFTP_CODES.has(this.code);
  }
}

/** SFTP v3 status codes (draft-ietf-secsh-filexfer-02 §7) carried by ssh2's request errors. */
const SFTP_STATUS = { NO_SUCH_FILE: 2, PERMISSION_DENIED: 3, NO_CONNECTION: 6, CONNECTION_LOST: 7 } as const;

interface Ssh2ErrorShape {
  code?: unknown;
  level?: unknown;
  message?: unknown;
}

/** Removes every secret from a text meant for people, and keeps it short. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 3) out = out.split(secret).join('***');
  return out.slice(0, 300);
}

/** The code of an error thrown by ssh2 (connection level or SFTP request level), or undefined. */
function codeOf(error: Ssh2ErrorShape): SftpErrorCode | undefined {
  const { code, level } = error;
  const message = typeof error.message === 'string' ? error.message : '';
  if (level === 'client-authentication') return 'AUTH_FAILED';
  if (level === 'client-timeout' || code === 'ETIMEDOUT') return 'TIMEOUT';
  if (code === 'ECONNREFUSED') return 'CONNECTION_REFUSED';
  if (code === 'OUTBOUND_DENIED') return 'NOT_ALLOWED';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'HOST_NOT_FOUND';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'CONNECTION_LOST';
  if (code === SFTP_STATUS.NO_SUCH_FILE || code === 'ENOENT') return 'NOT_FOUND';
  if (code === SFTP_STATUS.PERMISSION_DENIED || code === 'EACCES') return 'PERMISSION_DENIED';
  if (code === SFTP_STATUS.NO_CONNECTION || code === SFTP_STATUS.CONNECTION_LOST) return 'CONNECTION_LOST';
  // ssh2 fails every pending request with this message when the channel or connection ends.
  if (/no response from server|not connected|channel (is )?(closed|not open)|socket/i.test(message))
    return 'CONNECTION_LOST';
  return undefined;
}

/**
 * Turns anything thrown while talking to the server into an SftpError (kept as is when it already is one).
 * `what` says what was being done ("downloading /in/a.csv from 10.0.0.5:22"); the cause is kept.
 */
export function toSftpError(
  error: unknown,
  what: string,
  secrets: readonly (string | undefined)[] = [],
): SftpError {
  if (error instanceof SftpError) return error;
  const shape = (typeof error === 'object' && error !== null ? error : {}) as Ssh2ErrorShape;
  const code = codeOf(shape) ?? 'FAILED';
  const reason = scrubSecrets(typeof shape.message === 'string' ? shape.message : String(error), secrets);
  return new SftpError(code, `${what}: ${describeCode(code)} (${reason})`, { cause: error });
}

function describeCode(code: SftpErrorCode): string {
  switch (code) {
    case 'AUTH_FAILED':
      return 'authentication failed';
    case 'CONNECTION_REFUSED':
      return 'connection refused';
    case 'HOST_NOT_FOUND':
      return 'host not found';
    case 'TIMEOUT':
      return 'timed out';
    case 'CONNECTION_LOST':
      return 'connection lost';
    case 'NOT_FOUND':
      return 'no such file or folder';
    case 'PERMISSION_DENIED':
      return 'permission denied';
    case 'SIZE_MISMATCH':
      return 'size mismatch';
    case 'ABORTED':
      return 'aborted';
    case 'OUTSIDE_ROOT':
      return 'path outside its root';
    case 'NOT_ALLOWED':
      return 'address not allowed by the outbound policy';
    case 'FAILED':
      return 'failed';
  }
}

/** The error an aborted operation rejects with. */
export function abortedError(what: string, signal?: AbortSignal): SftpError {
  return new SftpError('ABORTED', `${what}: aborted`, { cause: signal?.reason });
}

/** Throws the ABORTED SftpError when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw abortedError(what, signal);
}

/**
 * Whether `error` (or one of its causes) says the database could not be reached or dropped the
 * connection — not that the statement was wrong. Such a failure is retryable: the same work succeeds
 * once the database answers again (docs/reliability.md, "Database faults").
 *
 * PostgreSQL: SQLSTATE class 08 (connection exception), 57P01–57P03 (terminated by an administrator,
 * crash shutdown, cannot connect now), 53300 (too many connections), and the driver's own errors for a
 * connection that broke. SQLite: SQLITE_BUSY (locked past the busy timeout) and SQLITE_LOCKED.
 *
 * Not SQLITE_FULL: a full disk stays full until someone frees space, and a run handed back at once would
 * be claimed and fail again in a loop. Its statement fails with a clear message (describeDatabaseFailure),
 * the run's lease runs out, and recovery takes the run over — at the pace of the lease — once writes work.
 *
 * A socket error (ECONNREFUSED, ECONNRESET, ETIMEDOUT…) says nothing of where it came from — an sFTP
 * server fails the same way — so it counts only when the caller knows the failed work was a database
 * statement (`fromDatabase`).
 */
export function isDatabaseUnavailable(error: unknown, options: { fromDatabase?: boolean } = {}): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (isUnavailableItself(current, options.fromDatabase ?? false)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
/** The `pg` driver's messages for a connection that broke or could not be opened in time. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

function isUnavailableItself(error: unknown, fromDatabase: boolean): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    const sqlState = /^[0-9A-Z]{5}$/.test(code) && 'severity' in error; // a PostgreSQL error response
    if (sqlState && (PG_CODES.has(code) || code.startsWith('08'))) return true;
    if (SQLITE_CODES.has(code)) return true;
    if (fromDatabase && SOCKET_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * A clear sentence for a database failure that is not the statement's fault (the engine's log); undefined
 * for any other error.
 */
export function describeDatabaseFailure(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_FULL')
    return `the disk of the SQLite database is full (${message}): nothing was written; free space and LIS goes on`;
  if (code === 'SQLITE_BUSY')
    return `the SQLite database stayed locked past the busy timeout (${message}); LIS retries`;
  if (isDatabaseUnavailable(error, { fromDatabase: true }))
    return `the database is unavailable (${message}); LIS reconnects and retries`;
  return undefined;
}

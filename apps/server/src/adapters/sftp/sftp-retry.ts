import { setTimeout as sleep } from 'node:timers/promises';
import { abortedError, SftpError, toSftpError } from './sftp-error.js';
import type { SftpSession } from './sftp-session.js';

export interface SftpRetryOptions {
  /** Tries in all (the first included). Default 3. */
  attempts?: number | undefined;
  /** Wait before the second try; doubled before each next one. Default 1,000 ms. */
  backoffMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Told before each wait (for the run's system log). */
  onRetry?: ((error: SftpError, nextAttempt: number, delayMs: number) => void) | undefined;
}

/**
 * Runs `work` on a fresh session from `open`, and when the connection fails (CONNECTION_LOST, TIMEOUT,
 * CONNECTION_REFUSED) closes it, waits backoffMs × 2^(n−1) and runs `work` again from the start on a new
 * session. Authentication failures, missing files, permission and size errors, aborts and confinement
 * errors are thrown at once. `work` must be safe to restart: session.download to a local path and
 * session.upload are (each try writes a fresh temporary file; a half file never gets its final name);
 * a download into a caller's Writable is not. The session throws only SftpErrors, so anything else
 * thrown by `work` is the caller's own failure (its disk full, its database, a lost lease): it is
 * thrown unchanged, not retried and not reported as an sFTP failure.
 */
export async function withSftpRetry<T>(
  open: (signal: AbortSignal | undefined) => Promise<SftpSession>,
  work: (session: SftpSession, attempt: number) => Promise<T>,
  options: SftpRetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 1000;
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw abortedError('sFTP transfer', options.signal);
    let session: SftpSession | undefined;
    try {
      session = await open(options.signal);
      return await work(session, attempt);
    } catch (raw) {
      if (session !== undefined && !(raw instanceof SftpError)) throw raw;
      const error = toSftpError(raw, 'sFTP transfer');
      if (!error.retryable || attempt >= attempts || options.signal?.aborted) throw error;
      const delayMs = backoffMs * 2 ** (attempt - 1);
      options.onRetry?.(error, attempt + 1, delayMs);
      try {
        await sleep(delayMs, undefined, { signal: options.signal });
      } catch {
        throw abortedError('sFTP transfer', options.signal);
      }
    } finally {
      await session?.close();
    }
  }
}

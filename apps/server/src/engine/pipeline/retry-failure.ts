import { RemoteCallError } from '../../adapters/json-http/remote-call-error.js';
import { SftpError } from '../../adapters/sftp/sftp-error.js';

/**
 * Issue 36, part 2 (docs/retries.md "Which failures retry"): whether a step's failure may pass by
 * itself — worth another attempt under the job's retry policy — judged only from what the adapters
 * throw. Retried: a connection refused, reset or lost, a timeout, a host name lookup that failed for
 * now (EAI_AGAIN), an HTTP 5xx, an SMTP 4xx. Never: any 4xx of the function server (401/403 included),
 * an authentication failure, an address the outbound rules refuse, a host that does not exist, a bad
 * answer, and anything this function does not know (the safe side: an unknown failure is final).
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof RemoteCallError) {
    if (error.code === 'UNREACHABLE' || error.code === 'TIMEOUT') return !refusedName(error);
    return error.code === 'HTTP_STATUS' && (error.status ?? 0) >= 500;
  }
  if (error instanceof SftpError) return error.retryable;
  const smtp = smtpResponseCode(error);
  if (smtp !== undefined) return smtp >= 400 && smtp < 500;
  return RETRYABLE_NETWORK_CODES.has(codeOf(error) ?? '');
}

/** System error codes of a connection that may come back (a plain Node or nodemailer error). */
const RETRYABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'ESOCKET',
  'ECONNECTION',
]);

/** An unknown host (ENOTFOUND) is a wrong name, not an outage: never retried. */
function refusedName(error: RemoteCallError): boolean {
  let current: unknown = error.cause;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (codeOf(current) === 'ENOTFOUND') return true;
    const inner: unknown[] = current instanceof AggregateError ? current.errors : [];
    current = inner[0] ?? current.cause;
  }
  return false;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** nodemailer's `responseCode` (the SMTP reply), unless the failure was an authentication (EAUTH). */
function smtpResponseCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { responseCode } = error as { responseCode?: unknown };
  if (typeof responseCode !== 'number') return undefined;
  return codeOf(error) === 'EAUTH' ? 535 : responseCode;
}

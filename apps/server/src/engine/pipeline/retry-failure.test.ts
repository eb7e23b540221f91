import { describe, expect, it } from 'vitest';
import { RemoteCallError } from '../../adapters/json-http/remote-call-error.js';
import { SftpError } from '../../adapters/sftp/sftp-error.js';
import { isRetryableFailure } from './retry-failure.js';

const remote = (code: ConstructorParameters<typeof RemoteCallError>[0], status?: number, cause?: unknown) =>
  new RemoteCallError(code, 'x', { url: 'http://x', ...(status ? { status } : {}) }, { cause });
const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(code), { code, ...extra });

describe('which failures retry (docs/retries.md)', () => {
  it('retries connection failures, timeouts, HTTP 5xx and SMTP 4xx', () => {
    expect(isRetryableFailure(remote('UNREACHABLE', undefined, withCode('ECONNREFUSED')))).toBe(true);
    expect(isRetryableFailure(remote('TIMEOUT'))).toBe(true);
    expect(isRetryableFailure(remote('HTTP_STATUS', 503))).toBe(true);
    expect(isRetryableFailure(remote('HTTP_STATUS', 500))).toBe(true);
    expect(isRetryableFailure(new SftpError('CONNECTION_LOST', 'x'))).toBe(true);
    expect(isRetryableFailure(new SftpError('TIMEOUT', 'x'))).toBe(true);
    expect(isRetryableFailure(withCode('ECONNRESET'))).toBe(true);
    expect(isRetryableFailure(withCode('EENVELOPE', { responseCode: 451 }))).toBe(true);
  });

  it('never retries a 4xx, an authentication failure, a refused address or name, or the unknown', () => {
    expect(isRetryableFailure(remote('HTTP_STATUS', 400))).toBe(false);
    expect(isRetryableFailure(remote('HTTP_STATUS', 409))).toBe(false);
    expect(isRetryableFailure(remote('UNAUTHORIZED', 401))).toBe(false);
    expect(isRetryableFailure(remote('NOT_FOUND', 404))).toBe(false);
    expect(isRetryableFailure(remote('NOT_ALLOWED'))).toBe(false);
    expect(isRetryableFailure(remote('INVALID_RESPONSE', 200))).toBe(false);
    expect(isRetryableFailure(remote('UNREACHABLE', undefined, withCode('ENOTFOUND')))).toBe(false);
    expect(isRetryableFailure(new SftpError('AUTH_FAILED', 'x'))).toBe(false);
    expect(isRetryableFailure(new SftpError('NOT_ALLOWED', 'x'))).toBe(false);
    expect(isRetryableFailure(new SftpError('HOST_NOT_FOUND', 'x'))).toBe(false);
    expect(isRetryableFailure(withCode('EAUTH', { responseCode: 454 }))).toBe(false);
    expect(isRetryableFailure(withCode('EENVELOPE', { responseCode: 550 }))).toBe(false);
    expect(isRetryableFailure(new Error('disk full'))).toBe(false);
  });
});

import { ERROR_CODES, type ErrorCodeOfStatus } from '@lis/contracts';
import { renderMessage, type KeyedMessage, type MessageKey, type MessageParams } from '../i18n/messages.js';

/**
 * The HTTP status of each kind of domain error. The kind of an error follows from its code: the
 * code's status in the registry (`ERROR_CODES` of @lis/contracts) names it. A status is a number
 * here, not an HTTP import.
 */
const KIND_OF_STATUS = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'unprocessable',
  429: 'too_many_requests',
  502: 'peer_failed', // a remote server (sFTP, DMS, function server) failed
  504: 'peer_timeout', // a remote server did not answer in time
} as const;

type DomainStatus = keyof typeof KIND_OF_STATUS;

/** What went wrong, in the domain's words. The error handler (http/plugins/error-handler.ts) answers it. */
export type DomainErrorKind = (typeof KIND_OF_STATUS)[DomainStatus];

/** The codes a domain error may carry: those of a status with a kind (no 500, no 503). */
export type DomainErrorCode = ErrorCodeOfStatus<DomainStatus>;

/** The codes of one kind: `CodeOfKind<'not_found'>` is every code answered with 404. */
export type CodeOfKind<K extends DomainErrorKind> = Extract<
  ErrorCodeOfStatus<{ [S in DomainStatus]: (typeof KIND_OF_STATUS)[S] extends K ? S : never }[DomainStatus]>,
  DomainErrorCode
>;

/** The HTTP status of a code: read by the error handler, and by the legacy tiles (spec 001 §5). */
export const httpStatusOf = (code: DomainErrorCode): DomainStatus => ERROR_CODES[code].status;

/**
 * An error for the caller: a code of the registry (for programs; it fixes the kind and so the
 * status), and a message key of the server's catalogue with its parameters (nested messages
 * allowed), rendered in the caller's language. Its `message` is the English text, for logs.
 */
export class DomainError extends Error implements KeyedMessage {
  readonly kind: DomainErrorKind;

  constructor(
    readonly code: DomainErrorCode,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    options?: { cause?: unknown },
  ) {
    super(
      renderMessage('en', { key, params }),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'DomainError';
    this.kind = KIND_OF_STATUS[httpStatusOf(code)];
  }
}

/**
 * `notFound('JOB_NOT_FOUND', 'jobNotFound', { legacyId })`: a factory per kind, taking only the
 * codes of its kind, so that tsc refuses a code whose registered status is another.
 */
type Factory<K extends DomainErrorKind> = (
  code: CodeOfKind<K>,
  key: MessageKey,
  params?: MessageParams,
  options?: { cause?: unknown },
) => DomainError;
const factory =
  <K extends DomainErrorKind>(): Factory<K> =>
  (code, key, params, options) =>
    new DomainError(code, key, params, options);

export const invalid = factory<'invalid'>();
export const unauthenticated = factory<'unauthenticated'>();
export const forbidden = factory<'forbidden'>();
export const notFound = factory<'not_found'>();
export const conflict = factory<'conflict'>();
export const tooLarge = factory<'too_large'>();
export const unprocessable = factory<'unprocessable'>();
export const tooManyRequests = factory<'too_many_requests'>();
export const peerFailed = factory<'peer_failed'>();
export const peerTimeout = factory<'peer_timeout'>();

/** A domain error rebuilt from its plain form (it crosses a worker thread as structured-clone data). */
export interface DomainErrorData {
  code: DomainErrorCode;
  key: MessageKey;
  params?: MessageParams | undefined;
}

export const domainErrorData = (error: DomainError): DomainErrorData => ({
  code: error.code,
  key: error.key,
  ...(error.params === undefined ? {} : { params: error.params }),
});

export const domainErrorFrom = (data: DomainErrorData): DomainError =>
  new DomainError(data.code, data.key, data.params);

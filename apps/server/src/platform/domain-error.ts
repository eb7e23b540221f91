import { renderMessage, type KeyedMessage, type MessageKey, type MessageParams } from '../i18n/messages.js';

/**
 * What went wrong, in the domain's words. The error handler (http/plugins/error-handler.ts) is the
 * one place that turns a kind into an HTTP status and renders the message in the caller's language.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'too_many_requests'
  | 'peer_failed' // a remote server (sFTP, DMS, function server) failed
  | 'peer_timeout'; // a remote server did not answer in time

/**
 * The HTTP status of each kind: read by the error handler, and by the legacy tiles whose contract
 * carries a status of its own (spec 001 §5). A status is a number here, not an HTTP import.
 */
const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  peer_failed: 502,
  peer_timeout: 504,
};

export const httpStatusOf = (kind: DomainErrorKind): number => STATUS_OF_KIND[kind];

/**
 * An error for the caller: a kind, a message key of the server's catalogue with its parameters
 * (nested messages allowed), and, for programs, an optional code (e.g. PASSWORD_CHANGE_REQUIRED).
 * Its `message` is the English text, for logs.
 */
export class DomainError extends Error implements KeyedMessage {
  readonly code: string | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    options?: { cause?: unknown; code?: string },
  ) {
    super(
      renderMessage('en', { key, params }),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'DomainError';
    this.code = options?.code;
  }
}

type Factory = (
  key: MessageKey,
  params?: MessageParams,
  options?: { cause?: unknown; code?: string },
) => DomainError;
const factory =
  (kind: DomainErrorKind): Factory =>
  (key, params, options) =>
    new DomainError(kind, key, params, options);

export const invalid = factory('invalid');
export const unauthenticated = factory('unauthenticated');
export const forbidden = factory('forbidden');
export const notFound = factory('not_found');
export const conflict = factory('conflict');
export const tooLarge = factory('too_large');
export const unprocessable = factory('unprocessable');
export const tooManyRequests = factory('too_many_requests');
export const peerFailed = factory('peer_failed');
export const peerTimeout = factory('peer_timeout');

/** A domain error rebuilt from its plain form (it crosses a worker thread as structured-clone data). */
export interface DomainErrorData {
  kind: DomainErrorKind;
  key: MessageKey;
  params?: MessageParams | undefined;
  code?: string | undefined;
}

export const domainErrorData = (error: DomainError): DomainErrorData => ({
  kind: error.kind,
  key: error.key,
  ...(error.params === undefined ? {} : { params: error.params }),
  ...(error.code === undefined ? {} : { code: error.code }),
});

export const domainErrorFrom = (data: DomainErrorData): DomainError =>
  new DomainError(
    data.kind,
    data.key,
    data.params,
    data.code === undefined ? undefined : { code: data.code },
  );

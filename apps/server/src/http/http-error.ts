import { ERROR_CODES, type ErrorCodeOfStatus } from '@lis/contracts';

/** The codes with one fixed status (all but REQUEST_REFUSED, whose status is the framework's). */
export type HttpErrorCode = ErrorCodeOfStatus<number>;

/**
 * An error answered as `{message, code}` with the code's status (`ERROR_CODES` of @lis/contracts):
 * the message already in the caller's language, the code for programs.
 */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = ERROR_CODES[code].status;
  }
}

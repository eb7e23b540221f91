/** An error with an HTTP status and a message meant for the caller. */
export class HttpError extends Error {
  /** A reason for programs, sent as `{message, code}` (e.g. PASSWORD_CHANGE_REQUIRED). */
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown; code?: string },
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.code = options?.code;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

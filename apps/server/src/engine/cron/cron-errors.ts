/** A cron expression that cannot be parsed; the message says what is wrong and where. */
export class CronSyntaxError extends Error {
  readonly code = 'CRON_SYNTAX';
  override readonly name = 'CronSyntaxError';

  constructor(
    message: string,
    /** The expression as given. */
    readonly expression: string,
  ) {
    super(message);
  }
}

/** A time zone name that the runtime does not know (not an IANA zone). */
export class UnknownTimeZoneError extends Error {
  readonly code = 'UNKNOWN_TIME_ZONE';
  override readonly name = 'UnknownTimeZoneError';

  constructor(
    readonly timeZone: string,
    options?: { cause?: unknown },
  ) {
    super(`Unknown time zone "${timeZone}": expected an IANA name such as Asia/Bangkok or UTC`, options);
  }
}

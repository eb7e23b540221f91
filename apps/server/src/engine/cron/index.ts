/**
 * Quartz-compatible cron (pure, no I/O): parse and validate Quartz 2.3.2 expressions, compute their fire
 * times in an IANA time zone exactly as Quartz does (daylight-saving changes included), and describe them
 * in English or Thai.
 */
export { parseCron, validateCron, type CronValidation } from './cron-parser.js';
export { nextFireTime, nextFireTimes } from './fire-times.js';
export { describeCron, type CronDescriptionLanguage } from './cron-description.js';
export { CronSyntaxError, UnknownTimeZoneError } from './cron-errors.js';
export { isKnownTimeZone } from './time-zone.js';
export { LAST_YEAR } from './cron-fields.js';
export type {
  CronDayRule,
  CronExpression,
  CronField,
  CronFieldItem,
  CronFieldName,
} from './cron-expression.js';

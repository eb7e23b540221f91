/** A log line's colour (spec 000 §2's colours). */
export type LogTone = 'success' | 'warning' | 'error' | 'info' | 'plain';

/**
 * A log line's colour from its log type, not from words in its message (issue 17, decision 0028: the
 * spec's "contains success / warning / error / processstep" painted "0 errors" red and "no warning"
 * amber): ERROR red, WARNING (or WARN) amber, INFO blue (the spec's process-step blue), a SUCCESS type
 * green; any other type plain.
 */
export function logTone(logType: string): LogTone {
  switch (logType.trim().toUpperCase()) {
    case 'ERROR':
      return 'error';
    case 'WARNING':
    case 'WARN':
      return 'warning';
    case 'INFO':
      return 'info';
    case 'SUCCESS':
      return 'success';
    default:
      return 'plain';
  }
}

/** Spec 000 §2: the DMS file list is offered when the legacy type contains DMS. */
export const isDmsType = (legacyType: string) => legacyType.toUpperCase().includes('DMS');

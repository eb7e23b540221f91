/** Spec 000 §2: a log line's colour from its text, ignoring case. */
export type LogTone = 'success' | 'warning' | 'error' | 'processstep' | 'plain';

const TONES: readonly Exclude<LogTone, 'plain'>[] = ['success', 'warning', 'error', 'processstep'];

/** Green 'success', amber 'warning', red 'error', blue 'processstep' (the first that the line contains). */
export function logTone(...texts: string[]): LogTone {
  const line = texts.join(' ').toLowerCase();
  return TONES.find((tone) => line.includes(tone)) ?? 'plain';
}

/** Spec 000 §2: the send-email status shows Success, Error or a dash. */
export function sendEmailOutcome(status: string): 'success' | 'error' | undefined {
  const value = status.trim().toUpperCase();
  if (value === 'SUCCESS') return 'success';
  if (value === 'ERROR') return 'error';
  return undefined;
}

/** Spec 000 §2: the DMS file list is offered when the legacy type contains DMS. */
export const isDmsType = (legacyType: string) => legacyType.toUpperCase().includes('DMS');

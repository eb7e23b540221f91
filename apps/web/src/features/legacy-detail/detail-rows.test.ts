import { describe, expect, it } from 'vitest';
import { isDmsType, logTone, sendEmailOutcome } from './detail-rows';

describe('detail rows (spec 000 §2)', () => {
  it('colours log lines by what they contain, ignoring case', () => {
    expect(logTone('INFO', 'step 1 SUCCESS: 2 files')).toBe('success');
    expect(logTone('WARN', 'Warning: file changed')).toBe('warning');
    expect(logTone('ERROR', 'call failed')).toBe('error');
    expect(logTone('INFO', 'ProcessStep 2 started')).toBe('processstep');
    expect(logTone('INFO', 'queued')).toBe('plain');
  });

  it('shows the send-email status as Success, Error or a dash', () => {
    expect(sendEmailOutcome('SUCCESS')).toBe('success');
    expect(sendEmailOutcome('error')).toBe('error');
    expect(sendEmailOutcome('')).toBeUndefined();
    expect(sendEmailOutcome('SKIPPED')).toBeUndefined();
  });

  it('offers the DMS list to the DMS types only', () => {
    expect(isDmsType('DMS_WAIT')).toBe(true);
    expect(isDmsType('dms_dyn_wait')).toBe(true);
    expect(isDmsType('IN_WAIT')).toBe(false);
  });
});

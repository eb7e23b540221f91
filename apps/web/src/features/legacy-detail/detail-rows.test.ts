import { describe, expect, it } from 'vitest';
import { isDmsType, logTone } from './detail-rows';

describe('detail rows (spec 000 §2)', () => {
  it('colours log lines by their log type, not by the words of the message (issue 17)', () => {
    expect(logTone('ERROR')).toBe('error');
    expect(logTone('warning')).toBe('warning');
    expect(logTone('WARN')).toBe('warning');
    expect(logTone('INFO')).toBe('info');
    expect(logTone('SUCCESS')).toBe('success');
    expect(logTone('DEBUG')).toBe('plain');
    expect(logTone('')).toBe('plain');
  });

  it('offers the DMS list to the DMS types only', () => {
    expect(isDmsType('DMS_WAIT')).toBe(true);
    expect(isDmsType('dms_dyn_wait')).toBe(true);
    expect(isDmsType('IN_WAIT')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatLastPull } from './last-pull-format';

describe('formatLastPull', () => {
  it('shows an ISO time as dd-mm-yyyy HH:mm:ss in local time', () => {
    const local = new Date(2026, 10, 3, 7, 5, 9);
    expect(formatLastPull(local.toISOString())).toBe('03-11-2026 07:05:09');
  });

  it('is empty when the job never ran or the time cannot be read', () => {
    expect(formatLastPull('')).toBe('');
    expect(formatLastPull('not a time')).toBe('');
  });
});

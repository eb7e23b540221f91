import { describe, expect, it } from 'vitest';
import { alignTriggerCalendars, splitTriggerCalendars } from './trigger-calendars';

describe('trigger calendars', () => {
  it('split: none is an empty list, empty names keep their place', () => {
    expect(splitTriggerCalendars('')).toEqual([]);
    expect(splitTriggerCalendars(undefined)).toEqual([]);
    expect(splitTriggerCalendars('|TH| ')).toEqual(['', 'TH', '']);
  });

  it('align: one name per trigger, padded or cut; nothing at all is ""', () => {
    expect(alignTriggerCalendars('TH', 3)).toBe('TH||');
    expect(alignTriggerCalendars('A|B|C', 2)).toBe('A|B');
    expect(alignTriggerCalendars('||', 3)).toBe('');
    expect(alignTriggerCalendars('A', 0)).toBe('');
  });
});

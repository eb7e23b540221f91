import { describe, expect, it } from 'vitest';
import { alignTriggerCalendars, splitTriggerCalendars, triggerCalendarsToSend } from './trigger-calendars';

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

  it('to send: left out only when no trigger has a calendar and none had; a removal is sent as ""', () => {
    expect(triggerCalendarsToSend('', 2, undefined)).toBeUndefined();
    expect(triggerCalendarsToSend('|', 2, '')).toBeUndefined();
    expect(triggerCalendarsToSend('', 2, '|TH')).toBe('');
    expect(triggerCalendarsToSend('|TH', 2, '')).toBe('|TH');
  });
});

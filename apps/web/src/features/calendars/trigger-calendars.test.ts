import { describe, expect, it } from 'vitest';
import {
  alignTriggerCalendars,
  dayFieldsFree,
  ruleChoiceOf,
  ruleOfChoice,
  splitTriggerCalendars,
  triggerEntryOf,
} from './trigger-calendars';

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
    expect(alignTriggerCalendars('A;nth=3|B;shift=next', 3)).toBe('A;nth=3|B;shift=next|');
  });

  it('an entry: its name and rule; a rule part that is no rule is dropped, the name kept', () => {
    expect(triggerEntryOf('TH')).toEqual({ name: 'TH' });
    expect(triggerEntryOf('TH;nth=-1')).toEqual({ name: 'TH', rule: { rule: 'nth', n: -1 } });
    expect(triggerEntryOf('TH;shift=previous')).toEqual({
      name: 'TH',
      rule: { rule: 'shift', to: 'previous' },
    });
    expect(triggerEntryOf('TH;nth=0')).toEqual({ name: 'TH' });
    expect(triggerEntryOf('')).toEqual({ name: '' });
  });

  it('rule ⇄ the Select: the N-th, the last, the N-th from the end (2 … 23), the shifts', () => {
    const round = (choice: Parameters<typeof ruleOfChoice>[0], n: number) =>
      ruleChoiceOf(ruleOfChoice(choice, n));
    expect(ruleOfChoice('none', 4)).toBeUndefined();
    expect(ruleOfChoice('nth', 3)).toEqual({ rule: 'nth', n: 3 });
    expect(ruleOfChoice('nth', 99)).toEqual({ rule: 'nth', n: 23 });
    expect(ruleOfChoice('last', 7)).toEqual({ rule: 'nth', n: -1 });
    expect(ruleOfChoice('fromEnd', 1)).toEqual({ rule: 'nth', n: -2 });
    expect(ruleOfChoice('fromEnd', 4)).toEqual({ rule: 'nth', n: -4 });
    expect(ruleOfChoice('next', 1)).toEqual({ rule: 'shift', to: 'next' });
    expect(round('nth', 3)).toEqual({ choice: 'nth', n: 3 });
    expect(round('fromEnd', 5)).toEqual({ choice: 'fromEnd', n: 5 });
    expect(round('last', 1)).toEqual({ choice: 'last', n: 1 });
    expect(round('previous', 1)).toEqual({ choice: 'previous', n: 1 });
    expect(ruleChoiceOf(undefined)).toEqual({ choice: 'none', n: 1 });
  });

  it("an N-th rule needs the cron's day-of-month and day-of-week free (* or ?)", () => {
    expect(dayFieldsFree('0 0 8 ? * *')).toBe(true);
    expect(dayFieldsFree('0 0 8 * * ?')).toBe(true);
    expect(dayFieldsFree('0 30 17 ? * MON-FRI')).toBe(false);
    expect(dayFieldsFree('0 0 8 1 * ?')).toBe(false);
  });
});

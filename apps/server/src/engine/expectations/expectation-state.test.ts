import { describe, expect, it } from 'vitest';
import { nextDayState, nextDueAt, timeDue, type OpenDay } from './expectation-state.js';

const WARN = 1_000;
const DEADLINE = 2_000;
const day = (state: OpenDay['state'], warnAt = WARN): OpenDay => ({ state, deadlineAt: DEADLINE, warnAt });
const arrivedAt = (at: number) => ({ arrivedAt: at, jobInstanceNo: 'R1', files: 1 });
const to = (state: OpenDay['state'], arrival: number | undefined, now: number, warnAt = WARN) =>
  nextDayState(day(state, warnAt), arrival === undefined ? undefined : arrivedAt(arrival), now)?.to;

describe('the state of a business day', () => {
  it('PENDING: ON_TIME by the arrival time, LATE at the warning, MISSING at the deadline', () => {
    expect(to('PENDING', undefined, WARN - 1)).toBeUndefined();
    expect(to('PENDING', undefined, WARN)).toBe('LATE');
    expect(to('PENDING', undefined, DEADLINE)).toBe('MISSING');
    // No warning configured (warn_at = deadline_at): straight to MISSING.
    expect(to('PENDING', undefined, DEADLINE - 1, DEADLINE)).toBeUndefined();
    expect(to('PENDING', undefined, DEADLINE, DEADLINE)).toBe('MISSING');
    // Seen late (the nodes were down), judged by when the files arrived.
    expect(to('PENDING', DEADLINE, DEADLINE + 5_000)).toBe('ON_TIME');
    expect(to('PENDING', DEADLINE + 1, DEADLINE + 5_000)).toBe('RECOVERED');
  });

  it('LATE and MISSING recover when the files come; ON_TIME and RECOVERED are final', () => {
    expect(to('LATE', undefined, DEADLINE - 1)).toBeUndefined();
    expect(to('LATE', undefined, DEADLINE)).toBe('MISSING');
    expect(to('LATE', WARN + 10, WARN + 20)).toBe('RECOVERED');
    expect(to('MISSING', undefined, DEADLINE * 10)).toBeUndefined();
    expect(to('MISSING', DEADLINE + 10, DEADLINE + 20)).toBe('RECOVERED');
    expect(to('ON_TIME', undefined, DEADLINE * 10)).toBeUndefined();
    expect(to('RECOVERED', DEADLINE + 1, DEADLINE * 10)).toBeUndefined();
  });

  it('raises LATE, MISSING and RECOVERED, never ON_TIME', () => {
    expect(nextDayState(day('PENDING'), undefined, WARN)?.raises).toBe('LATE');
    expect(nextDayState(day('LATE'), undefined, DEADLINE)?.raises).toBe('MISSING');
    expect(nextDayState(day('MISSING'), arrivedAt(DEADLINE + 1), DEADLINE + 2)?.raises).toBe('RECOVERED');
    expect(nextDayState(day('PENDING'), arrivedAt(5), 10)?.raises).toBeUndefined();
  });

  it('the next time a day needs a look: its warning, then its deadline, then only an arrival', () => {
    expect(nextDueAt(day('PENDING'), 0)).toBe(WARN);
    expect(nextDueAt(day('PENDING'), WARN)).toBe(DEADLINE);
    expect(nextDueAt(day('PENDING', DEADLINE), 0)).toBe(DEADLINE);
    expect(nextDueAt(day('LATE'), WARN)).toBe(DEADLINE);
    expect(nextDueAt(day('MISSING'), DEADLINE)).toBeUndefined();
    expect(timeDue(day('PENDING'), WARN - 1)).toBe(false);
    expect(timeDue(day('PENDING'), WARN)).toBe(true);
    expect(timeDue(day('LATE'), DEADLINE - 1)).toBe(false);
    expect(timeDue(day('LATE'), DEADLINE)).toBe(true);
    expect(timeDue(day('MISSING'), DEADLINE * 2)).toBe(false);
  });
});

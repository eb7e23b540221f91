import { describe, expect, it } from 'vitest';
import { buildCronExpression, DEFAULT_SCHEDULE, type CronSchedule } from './cron-builder';

const build = (changes: Partial<CronSchedule>) => buildCronExpression({ ...DEFAULT_SCHEDULE, ...changes });

describe('buildCronExpression', () => {
  it('every N minutes: a step from minute 0, every minute without a step', () => {
    expect(build({ kind: 'everyMinutes', intervalMinutes: 15 })).toBe('0 0/15 * * * ?');
    expect(build({ kind: 'everyMinutes', intervalMinutes: 5 })).toBe('0 0/5 * * * ?');
    expect(build({ kind: 'everyMinutes', intervalMinutes: 1 })).toBe('0 * * * * ?');
  });

  it('every N minutes refuses a step that does not divide the hour', () => {
    expect(build({ kind: 'everyMinutes', intervalMinutes: 7 })).toBeNull();
    expect(build({ kind: 'everyMinutes', intervalMinutes: 0 })).toBeNull();
  });

  it('hourly at minute M ignores the hour', () => {
    expect(build({ kind: 'hourly', minute: 45, hour: 99 })).toBe('0 45 * * * ?');
    expect(build({ kind: 'hourly', minute: 60 })).toBeNull();
  });

  it('daily at HH:mm', () => {
    expect(build({ kind: 'daily', hour: 8, minute: 30 })).toBe('0 30 8 * * ?');
    expect(build({ kind: 'daily', hour: 0, minute: 0 })).toBe('0 0 0 * * ?');
    expect(build({ kind: 'daily', hour: 24, minute: 0 })).toBeNull();
    expect(build({ kind: 'daily', hour: 7.5, minute: 0 })).toBeNull();
  });

  it('weekly: `?` in day-of-month, the days in SUN-SAT order, each once', () => {
    expect(build({ kind: 'weekly', hour: 18, minute: 5, weekdays: ['FRI', 'MON', 'WED', 'MON'] })).toBe(
      '0 5 18 ? * MON,WED,FRI',
    );
    expect(build({ kind: 'weekly', hour: 6, minute: 0, weekdays: ['SAT', 'SUN'] })).toBe('0 0 6 ? * SUN,SAT');
    expect(build({ kind: 'weekly', weekdays: [] })).toBeNull();
  });

  it('monthly on day D or on the last day (`L`), `?` in day-of-week', () => {
    expect(build({ kind: 'monthly', dayOfMonth: 15, hour: 23, minute: 59 })).toBe('0 59 23 15 * ?');
    expect(build({ kind: 'monthly', dayOfMonth: 'last', hour: 22, minute: 0 })).toBe('0 0 22 L * ?');
    expect(build({ kind: 'monthly', dayOfMonth: 32 })).toBeNull();
    expect(build({ kind: 'monthly', dayOfMonth: 0 })).toBeNull();
  });
});

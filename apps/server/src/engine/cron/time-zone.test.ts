import { describe, expect, it } from 'vitest';
import { UnknownTimeZoneError } from './cron-errors.js';
import { LenientCalendar } from './lenient-calendar.js';
import { isKnownTimeZone, TimeZoneRules } from './time-zone.js';

const HOUR = 3_600_000;
const wall = (text: string) => Date.parse(`${text}Z`);

describe('TimeZoneRules', () => {
  it('reads offsets from the runtime, daylight saving included', () => {
    const newYork = TimeZoneRules.of('America/New_York');
    expect(newYork.offsetAt(Date.parse('2026-01-15T12:00:00Z'))).toBe(-5 * HOUR);
    expect(newYork.offsetAt(Date.parse('2026-07-15T12:00:00Z'))).toBe(-4 * HOUR);
    expect(newYork.offsetAt(Date.parse('2026-03-08T06:59:59Z'))).toBe(-5 * HOUR);
    expect(newYork.offsetAt(Date.parse('2026-03-08T07:00:00Z'))).toBe(-4 * HOUR);
    expect(TimeZoneRules.of('Asia/Kolkata').offsetAt(0)).toBe(5.5 * HOUR);
    expect(TimeZoneRules.of('UTC').offsetAt(Date.now())).toBe(0);
  });

  it('reads a wall time in a spring-forward gap with the offset before it (02:30 → 03:30 EDT)', () => {
    const newYork = TimeZoneRules.of('America/New_York');
    expect(newYork.wallTimeToInstant(wall('2026-03-08T02:30:00'))).toBe(Date.parse('2026-03-08T07:30:00Z'));
    expect(newYork.wallTimeToInstant(wall('2026-03-08T03:00:00'))).toBe(Date.parse('2026-03-08T07:00:00Z'));
  });

  it('reads a wall time in a fall-back overlap as the later instant (standard time)', () => {
    expect(TimeZoneRules.of('America/New_York').wallTimeToInstant(wall('2026-11-01T01:30:00'))).toBe(
      Date.parse('2026-11-01T06:30:00Z'),
    );
    expect(TimeZoneRules.of('Australia/Sydney').wallTimeToInstant(wall('2026-04-05T02:30:00'))).toBe(
      Date.parse('2026-04-04T16:30:00Z'),
    );
  });

  it('handles half-hour daylight saving (Lord Howe Island)', () => {
    const lordHowe = TimeZoneRules.of('Australia/Lord_Howe');
    expect(lordHowe.offsetAt(Date.parse('2026-07-01T00:00:00Z'))).toBe(10.5 * HOUR);
    expect(lordHowe.offsetAt(Date.parse('2026-12-01T00:00:00Z'))).toBe(11 * HOUR);
    expect(lordHowe.wallTimeToInstant(wall('2026-10-04T02:15:00'))).toBe(Date.parse('2026-10-03T15:45:00Z'));
  });

  it('knows IANA names and rejects others', () => {
    expect(isKnownTimeZone('Asia/Bangkok')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(() => TimeZoneRules.of('Mars/Olympus')).toThrow(UnknownTimeZoneError);
  });
});

describe('LenientCalendar', () => {
  const utc = TimeZoneRules.of('UTC');

  it('normalises out-of-range fields together on the next read, like a lenient GregorianCalendar', () => {
    const calendar = new LenientCalendar(utc, Date.parse('2026-01-31T23:59:00Z'));
    calendar.set('minute', 60);
    calendar.set('day', 32);
    expect(new Date(calendar.time()).toISOString()).toBe('2026-02-02T00:00:00.000Z');
    calendar.set('month', 13);
    expect(calendar.get('year')).toBe(2027);
    expect(calendar.get('month')).toBe(1);
  });

  it('pins the day when adding a year to 29 February', () => {
    const calendar = new LenientCalendar(utc, Date.parse('2028-02-29T10:00:00Z'));
    calendar.addYears(1);
    expect(new Date(calendar.time()).toISOString()).toBe('2029-02-28T10:00:00.000Z');
  });

  it('numbers days of the week 1 = Sunday … 7 = Saturday', () => {
    expect(new LenientCalendar(utc, Date.parse('2026-01-04T00:00:00Z')).dayOfWeek()).toBe(1);
    expect(new LenientCalendar(utc, Date.parse('2026-01-03T00:00:00Z')).dayOfWeek()).toBe(7);
  });
});

import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clockDate,
  clockTime,
  displayTimeZone,
  setDisplayTimeZone,
  tableTime,
  zoneDayKey,
  zoneLabel,
  zoneOffset,
  zoneToday,
  zoneTodayPick,
} from './table-dates';

/*
 * The machine runs in UTC here (as CI does); the console shows the server's zone, never the machine's.
 * `TZ` is set before any time is read, and checked, so a test passing by coincidence of zones fails.
 */
beforeAll(() => {
  vi.stubEnv('TZ', 'UTC');
});
afterAll(() => {
  vi.unstubAllEnvs();
  setDisplayTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
});

describe('table-dates: one zone for every time shown', () => {
  it('the machine really is in UTC while the server zone is Asia/Bangkok', () => {
    expect(new Date('2026-03-01T17:30:05Z').getHours()).toBe(17);
    expect(setDisplayTimeZone('Asia/Bangkok')).toBe(true);
    expect(displayTimeZone()).toBe('Asia/Bangkok');
  });

  it('shows a run in Bangkok time, the day after UTC’s', () => {
    setDisplayTimeZone('Asia/Bangkok');
    expect(tableTime('2026-03-01T17:30:05Z')).toBe('02-03-2026 00:30:05');
    expect(tableTime('2026-03-01T17:30:05.123+00:00')).toBe('02-03-2026 00:30:05');
    const at = Date.parse('2026-03-01T17:30:05Z');
    expect(clockTime(at)).toBe('00:30:05');
    expect(clockDate(new Date(at))).toBe('02-03-2026');
    expect(zoneDayKey('2026-03-01T17:30:05Z')).toBe('20260302');
    expect(zoneDayKey('2026-03-01T16:59:59Z')).toBe('20260301');
    expect(zoneLabel()).toBe('Asia/Bangkok (UTC+07:00)');
  });

  it('today, and the date pickers’ today, are the server zone’s', () => {
    setDisplayTimeZone('Asia/Bangkok');
    const lateUtcEvening = Date.parse('2026-03-01T20:00:00Z');
    expect(zoneToday(lateUtcEvening)).toBe('20260302');
    expect(zoneTodayPick(lateUtcEvening).format('YYYY-MM-DD')).toBe('2026-03-02');
    // Ant Design's pickers take "now" as dayjs().tz(): the default zone is the server's.
    expect(dayjs(lateUtcEvening).tz().format('YYYY-MM-DD HH:mm')).toBe('2026-03-02 03:00');
  });

  it('follows Europe/Berlin across its spring and autumn DST changes', () => {
    setDisplayTimeZone('Europe/Berlin');
    // 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(tableTime('2026-03-29T00:59:59Z')).toBe('29-03-2026 01:59:59');
    expect(tableTime('2026-03-29T01:00:00Z')).toBe('29-03-2026 03:00:00');
    expect(zoneOffset('Europe/Berlin', Date.parse('2026-03-29T00:59:59Z'))).toBe('UTC+01:00');
    expect(zoneOffset('Europe/Berlin', Date.parse('2026-03-29T01:00:00Z'))).toBe('UTC+02:00');
    // 25 October 2026: 03:00 CEST goes back to 02:00 CET at 01:00 UTC; 02:30 happens twice.
    expect(tableTime('2026-10-25T00:30:00Z')).toBe('25-10-2026 02:30:00');
    expect(tableTime('2026-10-25T01:30:00Z')).toBe('25-10-2026 02:30:00');
    expect(zoneLabel('Europe/Berlin', Date.parse('2026-10-25T01:30:00Z'))).toBe('Europe/Berlin (UTC+01:00)');
    expect(zoneDayKey('2026-10-24T22:30:00Z')).toBe('20261025');
  });

  it('labels zones west of UTC, half-hour zones and UTC itself', () => {
    const january = Date.parse('2026-01-15T12:00:00Z');
    expect(zoneOffset('America/New_York', january)).toBe('UTC-05:00');
    expect(zoneOffset('Asia/Kolkata', january)).toBe('UTC+05:30');
    expect(zoneOffset('UTC', january)).toBe('UTC+00:00');
  });

  it('keeps empty and non-time text as it is, and refuses an unknown zone', () => {
    setDisplayTimeZone('Asia/Bangkok');
    expect(tableTime('')).toBe('');
    expect(tableTime('21-11-2026 10:00:00')).toBe('21-11-2026 10:00:00');
    expect(zoneDayKey('not a time')).toBe('');
    expect(setDisplayTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(setDisplayTimeZone('')).toBe(false);
    expect(displayTimeZone()).toBe('Asia/Bangkok');
  });
});

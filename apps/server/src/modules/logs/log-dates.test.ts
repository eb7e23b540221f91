import { describe, expect, it } from 'vitest';
import { nextDay, parseCompactDateTime, windowEnd, windowStart } from './log-dates.js';

const parse = (text: string) => {
  const parsed = parseCompactDateTime(text);
  if (!parsed) throw new Error(`${text} did not parse`);
  return parsed;
};

describe('search dates', () => {
  it('reads yyyymmdd and yyyymmddHHMMSS', () => {
    expect(parseCompactDateTime('20261121')).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 0,
      minute: 0,
      second: 0,
    });
    expect(parseCompactDateTime('20240229235959')).toMatchObject({ day: 29, hour: 23, second: 59 });
  });

  it.each([
    '',
    '2026112',
    '2026-11-21',
    '20261131',
    '20230229',
    '20261300',
    '20261121240000',
    '20261121006000',
    '00001121',
    '202611210000',
  ])('refuses %j', (text) => {
    expect(parseCompactDateTime(text)).toBeUndefined();
  });

  it('turns Bangkok wall times into instants; a midnight `to` keeps the whole day', () => {
    const zone = 'Asia/Bangkok';
    expect(new Date(windowStart(parse('20261121000000'), zone)).toISOString()).toBe(
      '2026-11-20T17:00:00.000Z',
    );
    expect(new Date(windowEnd(parse('20261121000000'), zone)).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(new Date(windowEnd(parse('20261121083000'), zone)).toISOString()).toBe('2026-11-21T01:30:01.000Z');
  });

  it('follows a daylight-saving zone: the day of the change is 23 hours long', () => {
    const zone = 'Europe/Berlin';
    const start = windowStart(parse('20260329000000'), zone);
    expect(windowEnd(parse('20260329000000'), zone) - start).toBe(23 * 3_600_000);
  });

  it('names the next day across months, years and leap days', () => {
    expect(nextDay(parse('20261130'))).toBe('20261201');
    expect(nextDay(parse('20261231'))).toBe('20270101');
    expect(nextDay(parse('20240228'))).toBe('20240229');
    expect(nextDay(parse('20240229'))).toBe('20240301');
  });
});

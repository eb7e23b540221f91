import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

// The test clock stands at 2026-11-21T03:00:00Z (10:00 in Asia/Bangkok, the test LIS_TIMEZONE).
describe.each(DATABASE_KINDS)('POST /v1/cron/check with a calendar (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  const check = (payload: Record<string, unknown>) =>
    t.as('user-a', { method: 'POST', url: '/v1/cron/check', payload });

  it('lists only the fire times the calendar includes (issue 34)', async () => {
    const r = await check({
      expression: '0 0 12 * * ?',
      count: 3,
      calendar: { type: 'holiday', dates: ['2026-11-22'], base: { type: 'weekly', exclude: ['MON'] } },
    });
    expect(r.statusCode, r.body).toBe(200);
    // Sunday 22 is a holiday, Monday 23 a weekly exclusion.
    expect(r.json().next_fire_times).toEqual([
      '2026-11-21T05:00:00.000Z',
      '2026-11-24T05:00:00.000Z',
      '2026-11-25T05:00:00.000Z',
    ]);
  });

  it('answers no fire time when the calendar excludes them all, and refuses a calendar Quartz refuses', async () => {
    let r = await check({ expression: '0 0 12 * * ?', calendar: { type: 'monthly', exclude: range(1, 31) } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ valid: true, next_fire_times: [] });
    r = await check({
      expression: '0 0 12 * * ?',
      calendar: { type: 'daily', from: '22:00', to: '06:00' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'CALENDAR_INVALID' });
    expect(r.json().message).toMatch(/to: the range must end after it starts/);
    r = await check({ expression: '0 0 12 * * ?', calendar: { type: 'holiday', dates: ['2026-02-30'] } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'CALENDAR_INVALID' });
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

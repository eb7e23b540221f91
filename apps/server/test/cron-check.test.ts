import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCron } from '../src/engine/cron/index.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

// The test clock stands at 2026-11-21T03:00:00Z (10:00 in Asia/Bangkok, the test LIS_TIMEZONE).
describe.each(DATABASE_KINDS)('POST /v1/cron/check (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  const check = (payload: Record<string, unknown>, user = 'user-a', headers: Record<string, string> = {}) =>
    t.as(user, { method: 'POST', url: '/v1/cron/check', payload, headers });

  it('describes a valid expression and lists its next fires in LIS_TIMEZONE', async () => {
    const r = await check({ expression: '0 0 12 * * ?', count: 3 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      valid: true,
      description: describeCron('0 0 12 * * ?', 'en'),
      time_zone: 'Asia/Bangkok',
      next_fire_times: ['2026-11-21T05:00:00.000Z', '2026-11-22T05:00:00.000Z', '2026-11-23T05:00:00.000Z'],
    });
    expect(r.json().description.length).toBeGreaterThan(0);
  });

  it('reads the expression in the given zone, five fires by default, at most 20', async () => {
    let r = await check({ expression: '0 0/30 * * * ?', time_zone: 'UTC' });
    expect(r.json().next_fire_times).toEqual([
      '2026-11-21T03:30:00.000Z',
      '2026-11-21T04:00:00.000Z',
      '2026-11-21T04:30:00.000Z',
      '2026-11-21T05:00:00.000Z',
      '2026-11-21T05:30:00.000Z',
    ]);
    r = await check({ expression: '0 0 12 * * ?', time_zone: 'UTC', count: 20 });
    expect(r.json().next_fire_times).toHaveLength(20);
    expect(r.json().next_fire_times[0]).toBe('2026-11-21T12:00:00.000Z');
    r = await check({ expression: '0 0 12 * * ?', count: 21 });
    expect(r.statusCode).toBe(400);
  });

  it('describes in Thai by the language field or by Accept-Language', async () => {
    const thai = describeCron('0 15 10 ? * MON-FRI', 'th');
    expect(thai).toMatch(/[\u0E00-\u0E7F]/);
    let r = await check({ expression: '0 15 10 ? * MON-FRI', language: 'th' });
    expect(r.json().description).toBe(thai);
    r = await check({ expression: '0 15 10 ? * MON-FRI' }, 'user-a', { 'accept-language': 'th' });
    expect(r.json().description).toBe(thai);
    // Sat 21 Nov 2026 → Monday 23 Nov 10:15 Bangkok.
    expect(r.json().next_fire_times[0]).toBe('2026-11-23T03:15:00.000Z');
  });

  it('refuses what Quartz refuses, with the reason, in the caller language', async () => {
    for (const expression of ['0 0 12 * * *', 'hello', '60 * * * * ?', '0 0 12 ? * MON-XYZ', '', '* * *']) {
      const r = await check({ expression });
      expect(r.statusCode, expression).toBe(200);
      expect(r.json(), expression).toMatchObject({ valid: false, next_fire_times: [] });
      expect(r.json().message, expression).toMatch(/^The cron expression is not valid: ./);
      expect(r.json().description).toBeUndefined();
    }
    const r = await check({ expression: 'hello', language: 'th' });
    expect(r.json().message).toMatch(/^Cron expression ไม่ถูกต้อง: /);
  });

  it('refuses an unknown zone and over-long input', async () => {
    let r = await check({ expression: '0 0 12 * * ?', time_zone: 'Mars/Olympus_Mons' });
    expect(r.json()).toMatchObject({ valid: false, message: 'Unknown time zone Mars/Olympus_Mons' });
    r = await check({ expression: `0 0 12 * * ? ${'2026,'.repeat(50)}` });
    expect(r.statusCode).toBe(400);
    r = await check({ expression: '0 0 12 * * ?', time_zone: 'x'.repeat(65) });
    expect(r.statusCode).toBe(400);
    r = await check({ expression: '0 0 12 * * ?', extra: 1 });
    expect(r.statusCode).toBe(400);
  });

  it('needs a signed-in caller, of any role', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/v1/cron/check',
      payload: { expression: '0 0 12 * * ?' },
    });
    expect(r.statusCode).toBe(401);
    expect((await check({ expression: '0 0 12 * * ?' }, 'user-b')).statusCode).toBe(200);
    expect((await check({ expression: '0 0 12 * * ?' }, 'root')).statusCode).toBe(200);
  });
});

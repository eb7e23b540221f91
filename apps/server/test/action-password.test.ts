import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';

const PASSWORD = 'Step-Up-Secret-915';

describe.each(DATABASE_KINDS)('action password for important jobs (%s)', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  const runNow = (legacyId: string, password?: string, user = 'user-a') =>
    t.as(user, {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${legacyId}`,
      headers: password === undefined ? {} : { 'x-action-password': password },
    } as InjectOptions);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { logLines });
    await withStandardUsers(t);
    await t.database.db.kysely
      .insertInto('job_configs')
      .values([
        buildJobConfig({ company_code: 'A', legacy_id: 'VIP', important_job: 'True', cron_trigger: '' }),
        buildJobConfig({ company_code: 'A', legacy_id: 'VIP2', important_job: 'true', cron_trigger: '' }),
        buildJobConfig({ company_code: 'A', legacy_id: 'PLAIN', important_job: 'False', cron_trigger: '' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('refuses an important job until a super_admin has set the password', async () => {
    expect((await runNow('VIP', 'anything')).statusCode).toBe(409);
    expect((await t.as('user-a', { url: '/v1/settings/action-password' })).json()).toEqual({ is_set: false });
  });

  it('is set by a super_admin only, with a length rule', async () => {
    const put = (user: string, password: string) =>
      t.as(user, { method: 'PUT', url: '/v1/settings/action-password', payload: { password } });
    expect((await put('admin-a', PASSWORD)).statusCode).toBe(403);
    expect((await put('root', 'short')).statusCode).toBe(400);
    expect((await put('root', PASSWORD)).statusCode).toBe(200);
    expect((await t.as('user-a', { url: '/v1/settings/action-password' })).json()).toEqual({ is_set: true });
  });

  it('asks for it on run-immediate and run-step of important jobs only, with the spec messages', async () => {
    let r = await runNow('VIP');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Please enter the password');
    r = await runNow('VIP', 'wrong-password');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Password incorrect');
    r = await t.as('user-a', {
      url: '/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=VIP',
      headers: { 'x-action-password': 'x', 'accept-language': 'th' },
    });
    expect(r.json().message).toBe('รหัสผ่านไม่ถูกต้อง');
    expect((await runNow('VIP', PASSWORD)).statusCode).toBe(200);
    expect((await runNow('PLAIN')).statusCode).toBe(200);
    r = await t.as('user-a', {
      url: '/v1/lis-server/run-step?company_code=A&legacy_id=VIP2&job_instance_no=x&step=2',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Please enter the password');
  });

  it('stops guessing after five wrong tries per user, and never writes the password down', async () => {
    for (let i = 0; i < 4; i++) expect((await runNow('VIP2', `guess-${i}`, 'admin-a')).statusCode).toBe(403);
    expect((await runNow('VIP2', 'guess-5', 'admin-a')).statusCode).toBe(403);
    expect((await runNow('VIP2', PASSWORD, 'admin-a')).statusCode).toBe(429);
    // Another user is not locked out by admin-a's guesses.
    expect((await runNow('VIP2', PASSWORD, 'user-a')).statusCode).toBe(200);
    const audit = await t.database.db.kysely.selectFrom('audit_log').selectAll().execute();
    expect(audit.some((row) => row.route === '/v1/lis-server/run-immediate' && row.status_code === 403)).toBe(
      true,
    );
    const written = JSON.stringify(audit) + logLines.join('\n');
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain('guess-');
  });
});

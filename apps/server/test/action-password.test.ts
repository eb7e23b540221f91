import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { STEP_UP_WINDOW_MS } from '../src/modules/action-password/step-up.service.js';
import {
  createTestApp,
  TEST_PASSWORD,
  withStandardUsers,
  type TestApp,
} from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';

const PASSWORD = 'Step-Up-Secret-915';

/** DESIGN §6, decision 0020: the step-up of important jobs — the own password, or the action password. */
describe.each(DATABASE_KINDS)('step-up for important jobs (%s)', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  const runNow = (legacyId: string, password?: string, user = 'user-a') =>
    t.as(user, {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${legacyId}`,
      headers: password === undefined ? {} : { 'x-action-password': password },
    } as InjectOptions);
  const runStep = (legacyId: string, password?: string, user = 'user-a') =>
    t.as(user, {
      url: `/v1/lis-server/run-step?company_code=A&legacy_id=${legacyId}&job_instance_no=x&step=2`,
      headers: password === undefined ? {} : { 'x-action-password': password },
    } as InjectOptions);
  let jobs = 0;
  /** A new important job: each run-now that passes the step-up starts a run of its own job. */
  const freshJob = async () => {
    const legacyId = `VIP-${++jobs}`;
    await t.database.db.kysely
      .insertInto('job_configs')
      .values(
        buildJobConfig({ company_code: 'A', legacy_id: legacyId, important_job: 'True', cron_trigger: '' }),
      )
      .execute();
    return legacyId;
  };
  const status = async () => (await t.as('user-a', { url: '/v1/settings/action-password' })).json();
  const stepUpAudit = (username: string) =>
    t.database.db.kysely
      .selectFrom('audit_log')
      .select(['status_code', 'details', 'target', 'method'])
      .where('route', '=', 'step-up')
      .where('username', '=', username)
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { logLines });
    await withStandardUsers(t);
    await t.user('guesser', [['A', 'user']]);
    await t.user('patient', [['A', 'user']]);
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

  it('on a fresh install asks for the signed-in user’s own password — never a dead end', async () => {
    expect(await status()).toEqual({ is_set: false, step_up: 'own_password' });
    let r = await runNow('VIP');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Please enter your password');
    r = await runNow('VIP', 'not-my-password');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Your password is not correct');
    r = await t.as('user-a', {
      url: '/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=VIP',
      headers: { 'x-action-password': 'x', 'accept-language': 'th' },
    });
    expect(r.json().message).toBe('รหัสผ่านของคุณไม่ถูกต้อง');
    r = await runNow(await freshJob(), TEST_PASSWORD);
    expect(r.statusCode, r.body).toBe(200);
    expect((await runNow('PLAIN')).statusCode).toBe(200);
    // run-step reaches its own checks once the step-up passed (there is no run "x": 404).
    expect((await runStep('VIP2')).statusCode).toBe(400);
    expect((await runStep('VIP2', TEST_PASSWORD)).statusCode).toBe(404);
    const audited = await stepUpAudit('user-a');
    expect(audited.map((row) => [row.status_code, JSON.parse(row.details ?? '{}')])).toEqual([
      [400, { action: 'run-immediate', check: 'own_password', outcome: 'missing' }],
      [403, { action: 'run-immediate', check: 'own_password', outcome: 'wrong' }],
      [403, { action: 'run-immediate', check: 'own_password', outcome: 'wrong' }],
      [200, { action: 'run-immediate', check: 'own_password', outcome: 'passed' }],
      [400, { action: 'run-step', check: 'own_password', outcome: 'missing' }],
      [200, { action: 'run-step', check: 'own_password', outcome: 'passed' }],
    ]);
  });

  it('a separate action password set by a super_admin replaces the own password; clearing returns to it', async () => {
    const put = (user: string, password: string) =>
      t.as(user, { method: 'PUT', url: '/v1/settings/action-password', payload: { password } });
    expect((await put('admin-a', PASSWORD)).statusCode).toBe(403);
    expect((await put('root', 'short')).statusCode).toBe(400);
    expect(await status()).toEqual({ is_set: false, step_up: 'own_password' });
    expect((await put('root', PASSWORD)).statusCode).toBe(200);
    expect(await status()).toEqual({ is_set: true, step_up: 'action_password' });

    let r = await runNow(await freshJob(), TEST_PASSWORD);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Password incorrect');
    expect((await runNow('VIP')).json().message).toBe('Please enter the password');
    expect((await runNow(await freshJob(), PASSWORD)).statusCode).toBe(200);

    expect(
      (await t.as('admin-a', { method: 'DELETE', url: '/v1/settings/action-password' })).statusCode,
    ).toBe(403);
    r = await t.as('root', { method: 'DELETE', url: '/v1/settings/action-password' });
    expect(r.statusCode).toBe(200);
    expect(await status()).toEqual({ is_set: false, step_up: 'own_password' });
    expect((await runNow(await freshJob(), PASSWORD)).statusCode).toBe(403);
    expect((await runNow(await freshJob(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the action password follows the rule of user passwords, with the same message in EN and TH', async () => {
    const both = async (url: string, method: 'PUT' | 'POST', payload: object) => {
      const answer = async (language: string) => {
        const r = await t.as('root', { method, url, payload, headers: { 'accept-language': language } });
        return { status: r.statusCode, message: (r.json() as { message: string }).message };
      };
      return { en: await answer('en'), th: await answer('th') };
    };
    const weakAction = await both('/v1/settings/action-password', 'PUT', { password: '12345678' });
    const weakUser = await both('/v1/user/create', 'POST', {
      id: 'weak-one',
      list_company: [{ company_code: 'A', role_access: 'user' }],
      password: '12345678',
    });
    expect(weakAction.en).toEqual({
      status: 400,
      message: 'body/password must NOT have fewer than 12 characters',
    });
    expect(weakAction).toEqual(weakUser);
    expect(weakAction.th.message).not.toBe(weakAction.en.message);
    expect(await status()).toEqual({ is_set: false, step_up: 'own_password' });
    // Twelve characters pass, as they do for a user's password; cleared again for the next tests.
    expect((await both('/v1/settings/action-password', 'PUT', { password: '123456789012' })).en.status).toBe(
      200,
    );
    expect((await t.as('root', { method: 'DELETE', url: '/v1/settings/action-password' })).statusCode).toBe(
      200,
    );
  });

  it('50 parallel wrong guesses: 5 are verified, 45 answered 429 — one budget over every action', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? runNow('VIP', `guess-${i}`, 'guesser') : runStep('VIP2', `guess-${i}`, 'guesser'),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 403)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(45);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().message).toBe(
      'Too many password attempts for protected actions. Try again in 15 minutes.',
    );
    const outcomes = (await stepUpAudit('guesser')).map((row) => JSON.parse(row.details ?? '{}').outcome);
    expect(outcomes.filter((outcome) => outcome === 'wrong')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'throttled')).toHaveLength(45);

    // Even the right password waits for the window; another user is not locked out.
    expect((await runNow('VIP', TEST_PASSWORD, 'guesser')).statusCode).toBe(429);
    expect((await runNow('VIP', TEST_PASSWORD, 'user-b')).statusCode).toBe(403); // not of company A
    const other = await runNow(await freshJob(), TEST_PASSWORD, 'admin-a');
    expect(other.statusCode, other.body).toBe(200);
    t.clock.advance(STEP_UP_WINDOW_MS);
    expect((await runNow(await freshJob(), TEST_PASSWORD, 'guesser')).statusCode).toBe(200);
  });

  it('a right password does not use up the budget; wrong ones do', async () => {
    for (let i = 0; i < 4; i++) expect((await runNow('VIP', `nope-${i}`, 'patient')).statusCode).toBe(403);
    expect((await runNow(await freshJob(), TEST_PASSWORD, 'patient')).statusCode).toBe(200);
    expect((await runNow('VIP', 'nope-5', 'patient')).statusCode).toBe(403);
    expect((await runNow('VIP', TEST_PASSWORD, 'patient')).statusCode).toBe(429);
  });

  it('never writes a password down', async () => {
    const audit = await t.database.db.kysely.selectFrom('audit_log').selectAll().execute();
    const written = JSON.stringify(audit) + logLines.join('\n');
    for (const secret of [PASSWORD, TEST_PASSWORD, 'guess-', 'nope-']) expect(written).not.toContain(secret);
  });
});

import { ALERT_MAX_CHANNELS_PER_COMPANY } from '@lis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/composition/repositories.js';
import { startReceiver, type Receiver } from '../src/modules/alerts/alerts-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Alert channels and rules over HTTP (issue 35): who may read and write them, every refusal with its
 * code, the channel's test alert against a real receiver, and secrets — a webhook's HMAC key and a
 * Teams or Slack URL — never in an answer, the audit trail or the log.
 */
const SECRET = 'hmac-secret-never-shown-0123456789';
const TEAMS_PATH = '/webhookb2/0000-secret-guid@1111/IncomingWebhook/abcdef0123456789/2222';

interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}
const codeOf = (r: Answer) => (r.json() as { code: string }).code;

describe.each(DATABASE_KINDS)('alert channels and rules API on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { logLines });
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const call = async (
    username: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const r = await t.as(username, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    answers.push(r.body);
    return r;
  };
  const hook = (name: string, extra: Record<string, unknown> = {}) => ({
    company_code: 'A',
    name,
    kind: 'webhook',
    language: 'en',
    enabled: true,
    url: receiver.url(`/${name.toLowerCase()}?token=in-the-query`),
    secret: SECRET,
    ...extra,
  });
  const rule = (name: string, extra: Record<string, unknown> = {}) => ({
    company_code: 'A',
    name,
    enabled: true,
    conditions: ['RUN_ERROR', 'MISSING'],
    jobs: [],
    channels: ['HOOK'],
    escalate_after_minutes: null,
    escalate_to: null,
    ...extra,
  });

  it('lets the admin write channels; any role of the company reads them, masked, without secrets', async () => {
    const created = await call('admin-a', 'POST', '/v1/alert-channels', hook('HOOK'));
    expect(created.statusCode, created.body).toBe(200);
    const port = new URL(receiver.url()).port;
    expect(created.json()).toMatchObject({
      company_code: 'A',
      name: 'HOOK',
      kind: 'webhook',
      url_masked: `http://127.0.0.1:${port}/hook?***`,
      has_secret: true,
      updated_by: 'admin-a',
    });
    const teams = await call('admin-a', 'POST', '/v1/alert-channels', {
      company_code: 'A',
      name: 'TEAMS',
      kind: 'teams',
      language: 'th',
      enabled: true,
      url: `https://contoso.webhook.office.com${TEAMS_PATH}`,
    });
    expect(teams.statusCode, teams.body).toBe(200);
    expect(teams.json()).toMatchObject({
      url_masked: 'https://contoso.webhook.office.com/webhookb2/***',
      has_secret: false,
    });
    const mail = await call('admin-a', 'POST', '/v1/alert-channels', {
      company_code: 'A',
      name: 'MAIL',
      kind: 'email',
      language: 'th',
      enabled: false,
      recipients: ['ops@example.test'],
    });
    expect(mail.statusCode, mail.body).toBe(200);
    const listed = await call('user-a', 'GET', '/v1/alert-channels?company_code=A');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { result_list: { name: string }[] }).result_list.map((c) => c.name)).toEqual([
      'HOOK',
      'MAIL',
      'TEAMS',
    ]);
    // A replace without url and secret keeps both.
    const renamed = await call('admin-a', 'PUT', '/v1/alert-channels', {
      ...hook('HOOK', { language: 'th' }),
      url: undefined,
      secret: undefined,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ language: 'th', has_secret: true });
  });

  it('refuses each role and company it must', async () => {
    expect(codeOf(await call('user-a', 'POST', '/v1/alert-channels', hook('X')))).toBe('COMPANY_FORBIDDEN');
    expect(codeOf(await call('admin-b', 'POST', '/v1/alert-channels', hook('X')))).toBe('COMPANY_FORBIDDEN');
    expect(codeOf(await call('user-b', 'GET', '/v1/alert-channels?company_code=A'))).toBe(
      'COMPANY_FORBIDDEN',
    );
    expect(codeOf(await call('user-b', 'GET', '/v1/alert-rules?company_code=A'))).toBe('COMPANY_FORBIDDEN');
    expect(codeOf(await call('user-a', 'POST', '/v1/alert-rules', rule('X')))).toBe('COMPANY_FORBIDDEN');
    expect(codeOf(await call('user-a', 'DELETE', '/v1/alert-rules?company_code=A&name=X'))).toBe(
      'COMPANY_FORBIDDEN',
    );
    expect(
      codeOf(await call('user-a', 'POST', '/v1/alert-channels/test', { company_code: 'A', name: 'HOOK' })),
    ).toBe('COMPANY_FORBIDDEN');
    const anonymous = await t.app.inject({ url: '/v1/alert-channels?company_code=A' });
    expect(codeOf(anonymous)).toBe('SIGN_IN_REQUIRED');
  });

  it('answers every refusal of a channel with its code', async () => {
    const refused = async (method: 'POST' | 'PUT', payload: unknown, code: string) => {
      const r = await call('admin-a', method, '/v1/alert-channels', payload);
      expect(r.statusCode, r.body).toBe(
        code === 'ALERT_CHANNEL_EXISTS' || code === 'ALERT_TOO_MANY'
          ? 409
          : code.endsWith('NOT_FOUND')
            ? 404
            : 400,
      );
      expect(codeOf(r), r.body).toBe(code);
    };
    await refused('POST', { ...hook('NOSECRET'), secret: undefined }, 'ALERT_CHANNEL_INVALID');
    await refused('POST', hook('FTP', { url: 'ftp://example.test/x' }), 'ALERT_CHANNEL_INVALID');
    await refused('POST', hook('BAD', { url: 'not a url' }), 'ALERT_CHANNEL_INVALID');
    await refused('POST', hook('SLACK', { kind: 'slack' }), 'ALERT_CHANNEL_INVALID');
    await refused(
      'POST',
      { ...hook('M', { kind: 'email', recipients: ['not-an-address'] }), url: undefined, secret: undefined },
      'ALERT_CHANNEL_INVALID',
    );
    await refused(
      'POST',
      { ...hook('M', { kind: 'email' }), url: undefined, secret: undefined },
      'ALERT_CHANNEL_INVALID',
    );
    await refused('POST', hook('HOOK'), 'ALERT_CHANNEL_EXISTS');
    await refused('PUT', hook('NOPE'), 'ALERT_CHANNEL_NOT_FOUND');
    // A webhook moved to another URL needs its secret again (decision 0024).
    await refused(
      'PUT',
      { ...hook('HOOK'), url: receiver.url('/elsewhere'), secret: undefined },
      'SECRET_REQUIRED_FOR_NEW_ADDRESS',
    );
    const unknownCompany = await call('root', 'POST', '/v1/alert-channels', {
      ...hook('X'),
      company_code: 'ZZ',
    });
    expect(codeOf(unknownCompany)).toBe('COMPANY_UNKNOWN');
    expect(codeOf(await call('admin-a', 'DELETE', '/v1/alert-channels?company_code=A&name=NOPE'))).toBe(
      'ALERT_CHANNEL_NOT_FOUND',
    );
    expect(
      codeOf(await call('admin-a', 'POST', '/v1/alert-channels/test', { company_code: 'A', name: 'NOPE' })),
    ).toBe('ALERT_CHANNEL_NOT_FOUND');
    // Company B fills up to the limit.
    const { alertConfigs } = createRepositories(t.database.db);
    for (let i = 0; i < ALERT_MAX_CHANNELS_PER_COMPANY; i++)
      await alertConfigs.insertChannel({
        company_code: 'B',
        name: `C${i}`,
        kind: 'email',
        language: 'en',
        enabled: 1,
        recipients: '["b@example.test"]',
        url_enc: null,
        url_masked: '',
        secret_enc: null,
        created_at: 0,
        updated_at: 0,
        updated_by: null,
      });
    const full = await call('admin-b', 'POST', '/v1/alert-channels', {
      ...hook('ONE-MORE'),
      company_code: 'B',
    });
    expect(codeOf(full)).toBe('ALERT_TOO_MANY');
  });

  it('writes rules naming existing channels, and refuses each bad one with its code', async () => {
    const saved = await call(
      'admin-a',
      'POST',
      '/v1/alert-rules',
      rule('ERRORS', { escalate_after_minutes: 30, escalate_to: 'TEAMS', jobs: ['JOB1', 'JOB1'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'ERRORS',
      jobs: ['JOB1'],
      escalate_to: 'TEAMS',
      updated_by: 'admin-a',
    });
    expect(codeOf(await call('admin-a', 'POST', '/v1/alert-rules', rule('ERRORS')))).toBe(
      'ALERT_RULE_EXISTS',
    );
    expect(codeOf(await call('admin-a', 'PUT', '/v1/alert-rules', rule('NOPE')))).toBe(
      'ALERT_RULE_NOT_FOUND',
    );
    expect(codeOf(await call('admin-a', 'POST', '/v1/alert-rules', rule('X', { channels: ['GHOST'] })))).toBe(
      'ALERT_CHANNEL_UNKNOWN',
    );
    expect(
      codeOf(
        await call(
          'admin-a',
          'POST',
          '/v1/alert-rules',
          rule('X', { escalate_to: 'GHOST', escalate_after_minutes: 5 }),
        ),
      ),
    ).toBe('ALERT_CHANNEL_UNKNOWN');
    expect(
      codeOf(await call('admin-a', 'POST', '/v1/alert-rules', rule('X', { escalate_after_minutes: 5 }))),
    ).toBe('ALERT_RULE_INVALID');
    expect(
      codeOf(
        await call('admin-a', 'POST', '/v1/alert-rules', rule('X', { conditions: ['NOT_A_CONDITION'] })),
      ),
    ).toBe('REQUEST_INVALID');
    expect(codeOf(await call('admin-a', 'DELETE', '/v1/alert-rules?company_code=A&name=NOPE'))).toBe(
      'ALERT_RULE_NOT_FOUND',
    );
    // A channel a rule names cannot go.
    const inUse = await call('admin-a', 'DELETE', '/v1/alert-channels?company_code=A&name=TEAMS');
    expect(codeOf(inUse)).toBe('ALERT_CHANNEL_IN_USE');
    expect((inUse.json() as { message: string }).message).toContain('ERRORS');
    const listed = await call('user-a', 'GET', '/v1/alert-rules?company_code=A');
    expect((listed.json() as { result_list: unknown[] }).result_list).toHaveLength(1);
    expect((await call('admin-a', 'DELETE', '/v1/alert-rules?company_code=A&name=ERRORS')).statusCode).toBe(
      200,
    );
    expect((await call('admin-a', 'DELETE', '/v1/alert-channels?company_code=A&name=TEAMS')).statusCode).toBe(
      200,
    );
  });

  it("sends a channel's test alert now and answers the receiver's status and answer", async () => {
    const ok = await call('admin-a', 'POST', '/v1/alert-channels/test', { company_code: 'A', name: 'HOOK' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: 'The test alert was delivered to HOOK',
      delivered: true,
      status: 200,
      answer: '{"ok":true}',
      error: null,
    });
    const test = receiver.received.at(-1);
    expect(String(test?.headers['x-lis-event-id'])).toMatch(/^test-/);
    expect(JSON.parse(test?.body ?? '{}')).toMatchObject({
      type: 'RECOVERED',
      summary: 'การแจ้งเตือนทดสอบจาก LIS: ช่องทาง HOOK ของบริษัท A',
    });
    receiver.answers.push(503);
    const refused = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/alert-channels/test',
      payload: { company_code: 'A', name: 'HOOK' },
      headers: { 'accept-language': 'th' },
    });
    answers.push(refused.body);
    expect(refused.json()).toMatchObject({
      message: 'ส่งการแจ้งเตือนทดสอบถึง HOOK ไม่สำเร็จ',
      delivered: false,
      status: 503,
      error: 'HTTP 503',
    });
    // An e-mail channel without SMTP configured says so.
    const mail = await call('admin-a', 'POST', '/v1/alert-channels/test', {
      company_code: 'A',
      name: 'MAIL',
    });
    expect(mail.json()).toMatchObject({ delivered: false, error: 'no SMTP server is configured' });
  });

  it('never answers, audits or logs a secret or a secret URL', async () => {
    const audit = await t.database.db.kysely.selectFrom('audit_log').select(['details', 'target']).execute();
    const written = [...answers, JSON.stringify(audit), logLines.join('\n')].join('\n');
    expect(written).not.toContain(SECRET);
    expect(written).not.toContain(TEAMS_PATH);
    expect(written).not.toContain('abcdef0123456789');
    expect(written).not.toContain('in-the-query');
    // The audit trail records that the secrets changed, not what they are.
    expect(audit.some((row) => row.details?.includes('"secret_changed":true'))).toBe(true);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, helpText, loadConfig } from '../src/config/config.js';
import { databaseNow } from '../src/db/database-clock.js';
import { enqueueMail } from '../src/engine/mail/mail-outbox.repository.js';
import { MailSender } from '../src/engine/mail/mail-sender.js';
import { insertRun } from '../src/engine/worker/worker-test-support.js';
import { startSmtpTestServer, type SmtpTestServer } from '../src/test-support/smtp-test-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import {
  createTestApp,
  TEST_PASSWORD,
  withStandardUsers,
  type TestApp,
} from '../src/test-support/test-app.js';

/** LIS issue 16 point 8 (docs/security.md "Hygiene"). */
describe.each(DATABASE_KINDS)('hygiene of the API (%s)', (kind) => {
  let t: TestApp;
  let smtp: SmtpTestServer | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('every /v1/ answer, the sign-in one first, says Cache-Control: no-store', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'admin-a', password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toHaveProperty('access_token');
    expect(login.headers['cache-control']).toBe('no-store');
    for (const response of [
      await t.as('admin-a', { url: '/v1/config/api-server?page=1&page_size=10' }),
      await t.as('user-a', { url: '/v1/config/api-server?page=1&page_size=10' }),
      await t.app.inject({ url: '/v1/config/api-server' }),
    ]) {
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
  });

  it('/metrics is for super_admins only: an admin of one company does not see every company', async () => {
    expect((await t.as('admin-a', { url: '/metrics' })).statusCode).toBe(403);
    const response = await t.as('root', { url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^lis_queue_depth /m);
  });

  it('refuses a token issued in the future (beyond a minute of clock skew)', async () => {
    await t.user('from-the-future', [['A', 'admin']]);
    await t.user('slightly-ahead', [['A', 'admin']]);
    t.clock.advance(10 * 60_000);
    await t.tokenFor('from-the-future');
    t.clock.advance(-10 * 60_000 + 30_000);
    await t.tokenFor('slightly-ahead');
    t.clock.advance(-30_000);
    const url = '/v1/config/api-server?page=1&page_size=10';
    expect((await t.as('from-the-future', { url })).statusCode).toBe(401);
    expect((await t.as('slightly-ahead', { url })).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await t.as('from-the-future', { url })).statusCode).toBe(200);
    t.clock.advance(-10 * 60_000);
  });

  it("a TLS failure reaches the outbox's last error as a plain sentence with its code, not the TLS library's text", async () => {
    smtp = await startSmtpTestServer();
    const db = t.database.db;
    const run = await insertRun(db, { company_code: 'A' });
    await enqueueMail(
      db.kysely,
      {
        runId: run.id,
        companyCode: 'A',
        legacyId: 'JOB1',
        jobInstanceNo: run.job_instance_no,
        condition: 'FINISHED',
        to: ['ops@example.test'],
        cc: [],
        bcc: [],
        subject: 'tls',
        bodyHtml: '<p>x</p>',
      },
      await databaseNow(db.kysely, db.dialect),
      true,
    );
    // TLS from the start against a server that speaks plain SMTP.
    const sender = new MailSender({
      db,
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: true,
        requireTls: false,
        user: undefined,
        password: undefined,
        timeouts: {
          connectMs: 3_000,
          greetingMs: 3_000,
          mailMs: 3_000,
          rcptMs: 3_000,
          dataInitMs: 3_000,
          dataBlockMs: 3_000,
          dataEndMs: 3_000,
        },
      },
      from: 'lis@example.test',
      onError: (error) => {
        throw error;
      },
      maxAttempts: 1,
    });
    try {
      expect(await sender.deliverDue()).toBe(0);
    } finally {
      await sender.stop();
    }
    const response = await t.as('admin-a', { url: '/v1/mail-outbox?company_code=A' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json().result_list as { last_error: string | null }[];
    expect(row?.last_error).toMatch(/TLS/);
    expect(row?.last_error).toMatch(/^[A-Z_]+: /);
    expect(row?.last_error).not.toMatch(/SSL routines|ssl3_|error:[0-9A-F]{8}|wrong version number/i);
  });
});

describe('LIS_SMTP_TLS=opportunistic with a user name', () => {
  it('is refused at start: the password could go in clear to a server without STARTTLS', () => {
    const base = { LIS_DATA_DIR: '/tmp/lis-hygiene', LIS_SMTP_HOST: 'mail.example.test' };
    expect(() =>
      loadConfig({ ...base, LIS_SMTP_TLS: 'opportunistic', LIS_SMTP_USER: 'lis', LIS_SMTP_PASSWORD: 'pw' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, LIS_SMTP_TLS: 'opportunistic', LIS_SMTP_USER: 'lis', LIS_SMTP_PASSWORD: 'pw' }),
    ).toThrow(/LIS_SMTP_TLS=opportunistic.*LIS_SMTP_USER/);
    expect(() => loadConfig({ ...base, LIS_SMTP_TLS: 'opportunistic' })).not.toThrow();
    expect(() => loadConfig({ ...base, LIS_SMTP_TLS: 'starttls', LIS_SMTP_USER: 'lis' })).not.toThrow();
    expect(helpText()).toMatch(/opportunistic[^\n]*not with LIS_SMTP_USER/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, createApiServer, createCompany, createSftpServer, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { updateJobConfigs } from './support/database.js';
import { bangkokDay } from './support/dates.js';
import { useE2eSuite } from './support/suite.js';

/*
 * Issue 34: the Expected Run Job on a holiday. Two active jobs fire at midnight (Bangkok); one fires by
 * a calendar whose holiday is today. By now the plain one was due once today and has not run
 * (highlighted); the other expects nothing today and has no run, so — like any job not due that day —
 * it is not in the report at all: nothing is missing.
 */

const COMPANY = 'HOLI';
const ZONE = 'Asia/Bangkok';
const PLAIN = 'HOLI-PLAIN-MIDNIGHT';
const ON_HOLIDAY = 'HOLI-CALENDAR-MIDNIGHT';
const MIDNIGHT = '0 0 0 * * ?';
const today = bangkokDay();
const isoToday = today.compact.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');

const suite = useE2eSuite(
  async (server) => {
    const { access_token: token } = await loginAdmin(server);
    await createCompany(server, token, COMPANY, 'Holiday Test Co.');
    const calendar = await api(server, 'POST', '/v1/calendars', {
      token,
      body: {
        company_code: COMPANY,
        name: 'TODAY-OFF',
        description: 'Today is a holiday',
        definition: { type: 'holiday', dates: [isoToday] },
      },
    });
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    // Servers that answer nothing: the jobs' next fire is tomorrow's midnight, after the test.
    await createSftpServer(server, token, {
      companycode: COMPANY,
      sftp_server_id: 'HOLI-SFTP',
      sftp_ip: '127.0.0.1',
      sftp_port: 9,
      sftp_username: 'nobody',
      sftp_password: 'Nobody-Pass-0123',
    });
    await createApiServer(server, token, {
      companycode: COMPANY,
      api_serverid: 'HOLI-FAPP',
      api_url_callfunction: 'http://127.0.0.1:9/fapp',
      api_username: 'fapp',
      api_password: 'Fapp-Pass-0123456789',
    });
    for (const [legacyId, calendars] of [
      [PLAIN, ''],
      [ON_HOLIDAY, 'TODAY-OFF'],
    ] as const) {
      const job = await api(server, 'POST', '/v1/config/job-config/add', {
        token,
        body: {
          sid: '555',
          companycode: COMPANY,
          legacyid: legacyId,
          legacyname: `Midnight ${calendars || 'every day'}`,
          legacytype: 'OUT_WAIT',
          isactive: 'Y',
          cron_trigger: MIDNIGHT,
          trigger_calendars: calendars,
          api_serverid: 'HOLI-FAPP',
          api_classname: 'Demo',
          api_function_name: 'generate',
          sftp_return_server_id: 'HOLI-SFTP',
          sftp_return_path: '/return',
        },
      });
      expect(job.status, JSON.stringify(job.body)).toBe(200);
    }
    // Configured two days ago (a job is expected only from its creation on): today's midnight was due.
    updateJobConfigs(
      server,
      'update job_configs set created_at = ? where company_code = ?',
      Date.now() - 2 * 86_400_000,
      COMPANY,
    );
  },
  { serverEnv: { LIS_TIMEZONE: ZONE } },
);

const row = (page: Page, legacyId: string) =>
  page.getByTestId('expected-run-table').locator('.ant-table-row').filter({ hasText: legacyId });

describe('Expected Run Job on a holiday (issue 34)', () => {
  it('expects no run of a job whose calendar makes today a holiday, in English and Thai', async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsAdmin(page, suite.server);
    await page.goto(`/expected-running-job-report?companycode=${COMPANY}`);
    await expect.poll(() => row(page, PLAIN).count(), { timeout: 20_000 }).toBe(1);
    const plain = row(page, PLAIN);
    expect(await plain.getByTestId('expected-count').innerText()).toMatch(/^1\s*of 1 today$/);
    expect(await plain.getByTestId('actual-count').innerText()).toBe('0');
    expect(await plain.getAttribute('class')).toContain('expected-run-row-differs');
    // The same job but for its calendar: not due today, so not listed.
    expect(await row(page, ON_HOLIDAY).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(page, 'expected-run-job-holiday-en');

    await switchLanguage(page, 'th');
    await expect
      .poll(() => row(page, PLAIN).getByTestId('expected-count').innerText())
      .toMatch(/^1\s*จาก 1 ครั้งของวันนี้$/);
    expect(await row(page, ON_HOLIDAY).count()).toBe(0);
    await screenshot(page, 'expected-run-job-holiday-th');
  });
});

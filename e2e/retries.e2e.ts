import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, createApiServer, createCompany, createSftpServer, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { insertRows } from './support/database.js';
import { expectNoPageOverflow } from './support/dates.js';
import type { LisServer } from './support/server.js';
import { useE2eSuite } from './support/suite.js';

/*
 * Issue 36, part 2 in the browser (docs/retries.md): a job's retry policy in its form, and a run
 * waiting for its step 2's next attempt on Monitor Detail — "attempt 2 of 5, next at …" with Retry now
 * and Cancel retries. Screenshots EN/TH at 1366×768, no sideways scroll. The waiting run is written into
 * the server's database (its attempt is due in an hour: no worker takes it during the test).
 */

const COMPANY = { code: 'RETRY', name: 'Retry Trading' };
const JOB = 'FLAKY-IN';
const RUN = { id: crypto.randomUUID(), no: `${JOB}_20261129101402000` };

async function setUp(server: LisServer) {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, COMPANY.code, COMPANY.name);
  await createSftpServer(server, token, {
    companycode: COMPANY.code,
    sftp_server_id: 'RETRY-SFTP',
    sftp_ip: '127.0.0.1',
    sftp_port: 9,
    sftp_username: 'nobody',
    sftp_password: 'Nobody-Pass-0123',
  });
  await createApiServer(server, token, {
    companycode: COMPANY.code,
    api_serverid: 'RETRY-FAPP',
    api_url_callfunction: 'http://127.0.0.1:9/fapp',
    api_username: 'fapp',
    api_password: 'Fapp-Pass-0123456789',
  });
  const added = await api(server, 'POST', '/v1/config/job-config/add', {
    token,
    body: {
      sid: '555',
      companycode: COMPANY.code,
      legacyid: JOB,
      legacyname: 'Invoices from a flaky partner',
      legacytype: 'IN_WAIT',
      isactive: 'N',
      cron_trigger: '0 0 10 * * ?',
      sftp_source_server_id: 'RETRY-SFTP',
      sftp_source_path: '/inbox',
      api_serverid: 'RETRY-FAPP',
      api_classname: 'Demo',
      api_function_name: 'echo',
      sftp_return_server_id: 'RETRY-SFTP',
      sftp_return_path: '/return',
      retry_policy: { attempts: 5, first_delay_ms: 30_000, factor: 2, max_delay_ms: 600_000, jitter: 0.2 },
    },
  });
  if (added.status !== 200) throw new Error(`job: ${added.status} ${JSON.stringify(added.body)}`);
  const now = Date.now();
  const failure = 'http://127.0.0.1:9/fapp/functions/Demo/echo answered HTTP 503: busy';
  const at = now + 3_600_000;
  insertRows(server, 'job_runs', [
    {
      id: RUN.id,
      job_instance_no: RUN.no,
      owner_kind: 'job',
      company_code: COMPANY.code,
      legacy_id: JOB,
      kind: 'manual',
      state: 'QUEUED',
      queued_at: now - 60_000,
      started_at: now - 60_000,
      attempt: 1,
      requested_by: 'admin',
      message: `step 2 (call function): attempt 2 of 5 at ${new Date(at).toISOString()} (${failure})`,
      retry_step: 2,
      retry_attempt: 2,
      retry_max: 5,
      retry_at: at,
    },
  ]);
  insertRows(server, 'run_steps', [
    {
      run_id: RUN.id,
      step: 1,
      status: 'SUCCESS',
      started_at: now - 60_000,
      finished_at: now - 59_000,
      message: '1 file(s) loaded',
    },
    {
      run_id: RUN.id,
      step: 5,
      status: 'SUCCESS',
      started_at: now - 59_000,
      finished_at: now - 58_500,
      message: 'converted',
    },
    {
      run_id: RUN.id,
      step: 2,
      status: 'ERROR',
      started_at: now - 58_500,
      finished_at: now - 58_000,
      message: failure,
    },
  ]);
}

const suite = useE2eSuite(setUp);

async function openAsAdmin(language: 'en' | 'th'): Promise<Page> {
  const { page } = await suite.open();
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsAdmin(page, suite.server);
  if (language === 'th') await switchLanguage(page, 'th');
  return page;
}

describe('Retry with backoff (issue 36)', () => {
  for (const language of ['en', 'th'] as const)
    it(`shows the job's retry policy in its form (${language})`, async () => {
      const page = await openAsAdmin(language);
      await page.goto('/masterconfig');
      const edit = language === 'en' ? 'Edit' : 'แก้ไข';
      await page.getByRole('button', { name: `${edit} ${COMPANY.code} ${JOB}` }).click();
      const section = page.getByTestId('job-retry-policy');
      await section.scrollIntoViewIfNeeded();
      await expect.poll(() => section.getByTestId('job-retry-waits').innerText()).toContain('30');
      await expect
        .poll(() => section.innerText())
        .toContain(language === 'en' ? 'Retry with this policy' : 'ลองใหม่ตามนโยบายนี้');
      await expectNoPageOverflow(page);
      await screenshot(page, `retries-job-form-${language}`);
    });

  for (const language of ['en', 'th'] as const)
    it(`shows a run waiting for its next attempt on Monitor Detail (${language})`, async () => {
      const page = await openAsAdmin(language);
      const query = new URLSearchParams({
        company_code: COMPANY.code,
        legacy_id: JOB,
        job_no: RUN.no,
        legacytype: 'IN_WAIT',
      });
      await page.goto(`/legacydetail?${query.toString()}`);
      const banner = page.getByTestId('detail-retry-waiting');
      await expect
        .poll(() => banner.innerText())
        .toMatch(language === 'en' ? /Step 2: attempt 2 of 5, next at/ : /ขั้นตอนที่ 2: ครั้งที่ 2 จาก 5/);
      await expect.poll(() => banner.getByRole('button').count()).toBe(2);
      await expectNoPageOverflow(page);
      await screenshot(page, `retries-monitor-detail-${language}`);
    });
});

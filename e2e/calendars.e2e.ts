import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, createApiServer, createCompany, createSftpServer, loginAdmin } from './support/api.js';
import { chooseOption } from './support/antd.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

/*
 * Issue 34 in the browser: the Calendars screen with the server's month preview, and a job's cron
 * triggers each with its calendar, saved and read back; screenshots EN/TH at 1366.
 */

const COMPANY = { code: 'ALPHA', name: 'Alpha Logistics' };
const JOB = 'CAL-JOB';
const ZONE = 'Asia/Bangkok';
const TRIGGERS = ['0 0 8 ? * *', '0 0 20 ? * *'];

/** yyyy-mm of the month after this one in Bangkok (the browser's zone too): the month view's Next. */
function nextMonth(): string {
  const now = new Date(Date.now() + 7 * 3_600_000);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
}
const MONTH = nextMonth();
const day = (n: number) => `${MONTH}-${String(n).padStart(2, '0')}`;
/** The first Saturday and the first Wednesday of MONTH that are not the holidays (5th, 10th). */
const firstOf = (weekday: number) =>
  [...Array(28).keys()]
    .map((at) => at + 1)
    .find((n) => ![5, 10].includes(n) && new Date(`${day(n)}T00:00:00Z`).getUTCDay() === weekday)!;

const suite = useE2eSuite(
  async (server) => {
    const { access_token: token } = await loginAdmin(server);
    await createCompany(server, token, COMPANY.code, COMPANY.name);
    const calendar = async (name: string, description: string, definition: unknown) => {
      const answer = await api(server, 'POST', '/v1/calendars', {
        token,
        body: { company_code: COMPANY.code, name, description, definition },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await calendar('TH-BANK', 'Bank holidays, and no weekends', {
      type: 'holiday',
      dates: [day(5), day(10)],
      base: { type: 'weekly', exclude: ['SAT', 'SUN'] },
    });
    await calendar('OFFICE-HOURS', 'Office hours only', {
      type: 'daily',
      from: '08:00',
      to: '17:00',
      invert: true,
    });
    // A job whose second trigger already has a calendar (servers that answer nothing: it never runs here).
    await createSftpServer(server, token, {
      companycode: COMPANY.code,
      sftp_server_id: 'ALPHA-SFTP',
      sftp_ip: '127.0.0.1',
      sftp_port: 9,
      sftp_username: 'nobody',
      sftp_password: 'Nobody-Pass-0123',
    });
    await createApiServer(server, token, {
      companycode: COMPANY.code,
      api_serverid: 'ALPHA-FAPP',
      api_url_callfunction: 'http://127.0.0.1:9/fapp',
      api_username: 'fapp',
      api_password: 'Fapp-Pass-0123456789',
    });
    const job = await api(server, 'POST', '/v1/config/job-config/add', {
      token,
      body: {
        sid: '555',
        companycode: COMPANY.code,
        legacyid: JOB,
        legacyname: 'Settlement on business days',
        legacytype: 'OUT_WAIT',
        isactive: 'N',
        cron_trigger: TRIGGERS.join('|'),
        trigger_calendars: '|TH-BANK',
        api_serverid: 'ALPHA-FAPP',
        api_classname: 'Demo',
        api_function_name: 'generate',
        sftp_return_server_id: 'ALPHA-SFTP',
        sftp_return_path: '/return',
      },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
  },
  { serverEnv: { LIS_TIMEZONE: ZONE } },
);

const monthView = (page: Page) => page.getByTestId('calendar-month-view');
const cell = (view: Locator, date: string) => view.locator(`td[data-date="${date}"]`);

async function openCalendar(page: Page, name: string, edit: string): Promise<Locator> {
  await page.goto('/calendarconfig');
  await page.locator('.ant-table-row').filter({ hasText: name }).waitFor();
  await page.getByRole('button', { name: `${edit} ${name}` }).click();
  const view = monthView(page);
  await view.waitFor();
  return view;
}

describe('Calendars (issue 34)', () => {
  it("shows a calendar's month as the server previews it: whole days and windows, EN and TH", async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page, suite.server);
    let view = await openCalendar(page, 'TH-BANK', 'Edit');
    await view.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => cell(view, day(5)).getAttribute('data-excluded')).toBe('whole');
    expect(await cell(view, day(10)).getAttribute('data-excluded')).toBe('whole');
    expect(await cell(view, day(firstOf(6))).getAttribute('data-excluded')).toBe('whole'); // the base's weekend
    expect(await cell(view, day(firstOf(3))).getAttribute('data-excluded')).toBe('none');
    expect(await cell(view, day(5)).innerText()).toContain('Excluded all day');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(page, 'calendars-month-en');
    await page.keyboard.press('Escape');

    view = await openCalendar(page, 'OFFICE-HOURS', 'Edit');
    await expect.poll(() => view.locator('td[data-excluded="partly"]').count()).toBeGreaterThan(27);
    expect(await view.locator('td[data-excluded="partly"]').first().getAttribute('aria-label')).toContain(
      '00:00–08:00',
    );
    await page.keyboard.press('Escape');

    await switchLanguage(page, 'th');
    view = await openCalendar(page, 'TH-BANK', 'แก้ไข');
    await view.getByRole('button', { name: 'เดือนถัดไป' }).click();
    await expect.poll(() => cell(view, day(5)).getAttribute('data-excluded')).toBe('whole');
    expect(await cell(view, day(5)).innerText()).toContain('ไม่ทำงานทั้งวัน');
    await screenshot(page, 'calendars-month-th');
  });

  it("keeps a calendar per trigger of a job: shown, changed, saved, and named as the calendar's user", async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page, suite.server);
    await page.goto('/masterconfig');
    await page.getByRole('button', { name: `Edit ${COMPANY.code} ${JOB}` }).click();
    const legacy = page.getByTestId('job-section-legacy');
    const calendarOf = (expression: string) =>
      legacy.getByRole('combobox', { name: `Calendar of trigger ${expression}` });
    await calendarOf(TRIGGERS[1]!).waitFor();
    const shown = (expression: string) =>
      legacy
        .getByTestId('cron-trigger-row')
        .filter({ hasText: expression })
        .getByTestId('trigger-calendar')
        .innerText();
    await expect.poll(() => shown(TRIGGERS[1]!)).toContain('TH-BANK');
    expect(await shown(TRIGGERS[0]!)).toContain('No calendar');
    await chooseOption(page, calendarOf(TRIGGERS[0]!), 'OFFICE-HOURS');
    await legacy.getByTestId('cron-trigger-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'calendars-job-trigger-en');
    await page.getByTestId('job-form-save').click();
    await page.getByRole('dialog').filter({ hasText: /saved/i }).getByRole('button', { name: 'OK' }).click();

    const { access_token: token } = await loginAdmin(suite.server);
    const stored = await api<{ trigger_calendars?: string }>(
      suite.server,
      'GET',
      `/v1/config/job-config/get?sid=555&company_code=${COMPANY.code}&legacy_id=${JOB}`,
      { token },
    );
    expect(stored.body.trigger_calendars).toBe('OFFICE-HOURS|TH-BANK');

    await page.goto('/calendarconfig');
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: 'OFFICE-HOURS' }).innerText())
      .toContain(JOB);

    await switchLanguage(page, 'th');
    await page.goto('/masterconfig');
    await page.getByRole('button', { name: `แก้ไข ${COMPANY.code} ${JOB}` }).click();
    const thai = page.getByTestId('job-section-legacy');
    await thai.getByRole('combobox', { name: `ปฏิทินของทริกเกอร์ ${TRIGGERS[0]!}` }).waitFor();
    await expect
      .poll(() => thai.getByTestId('cron-trigger-row').first().getByTestId('trigger-calendar').innerText())
      .toContain('OFFICE-HOURS');
    await thai.getByTestId('cron-trigger-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'calendars-job-trigger-th');
  });
});

import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, createApiServer, createCompany, createSftpServer, loginAdmin } from './support/api.js';
import { chooseOption } from './support/antd.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

/*
 * Issue 34's second part in the browser: a maintenance window created on the Maintenance Windows
 * screen, listed with its state, shown on the Quartz Monitor ("In maintenance until …") and as the
 * monitoring report's banner; a job trigger's business-day rule saved and read back. Screenshots EN/TH
 * at 1366×768. Needs the server's maintenance routes and business-day rules (the other two helpers'
 * branches of session 19).
 */

const COMPANY = { code: 'ALPHA', name: 'Alpha Logistics' };
const JOB = 'MW-JOB';
const ZONE = 'Asia/Bangkok';
const TRIGGERS = ['0 0 8 ? * *', '0 30 17 ? * MON-FRI'];
const WINDOW = 'YEAR-END-CLOSE';

const suite = useE2eSuite(
  async (server) => {
    const { access_token: token } = await loginAdmin(server);
    await createCompany(server, token, COMPANY.code, COMPANY.name);
    const calendar = await api(server, 'POST', '/v1/calendars', {
      token,
      body: {
        company_code: COMPANY.code,
        name: 'TH-BANK',
        description: 'No weekends',
        definition: { type: 'weekly', exclude: ['SAT', 'SUN'] },
      },
    });
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    // Servers that answer nothing, and a job switched off: it never runs here.
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
        legacyname: 'Settlement on the last business day',
        legacytype: 'OUT_WAIT',
        isactive: 'N',
        cron_trigger: TRIGGERS.join('|'),
        trigger_calendars: 'TH-BANK|',
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

const pad = (n: number) => String(n).padStart(2, '0');
/** The wall time of an instant in Bangkok (UTC+7, no daylight saving), whole minutes. */
function bangkok(at: number) {
  const wall = new Date(Math.floor(at / 60_000) * 60_000 + 7 * 3_600_000);
  const date = `${pad(wall.getUTCDate())}-${pad(wall.getUTCMonth() + 1)}-${wall.getUTCFullYear()}`;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  return {
    /** As the pickers take it: dd/mm/yyyy HH:mm. */
    typed: `${date.replaceAll('-', '/')} ${time}`,
    /** As the lists show it: dd-mm-yyyy HH:mm. */
    shown: `${date} ${time}`,
    date,
    time,
  };
}
/** "06:00" on today's date in Bangkok, else "dd-mm-yyyy 06:00" (the console's "until"). */
const untilShown = (end: ReturnType<typeof bangkok>) =>
  end.date === bangkok(Date.now()).date ? end.time : end.shown;

/**
 * Types a date and time (dd/mm/yyyy HH:mm) into the picker labelled `label` of the dialog and leaves
 * it with Tab, which closes its panel (Escape would close the dialog, Enter submit the form).
 */
async function pickDateTime(dialog: Locator, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Tab');
  await expect.poll(() => input.inputValue()).toBe(value);
}

const windowRow = (page: Page, name: string) => page.locator('.ant-table-row').filter({ hasText: name });

async function fitsAt1366(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
}

// The window holds from a few minutes ago to three hours on: "now" throughout the file.
const START = bangkok(Date.now() - 5 * 60_000);
const END = bangkok(Date.now() + 3 * 3_600_000);

describe('Maintenance windows (issue 34)', () => {
  it('creates a one-off window on the screen, lists it active, and shows it on the Quartz Monitor and the report, EN and TH', async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsAdmin(page, suite.server);
    await page.goto('/maintenanceconfig');
    await page.getByTestId('maintenance-add').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'New maintenance window' });
    await dialog.getByLabel('Name', { exact: true }).fill(WINDOW);
    await dialog.getByLabel('Description', { exact: true }).fill('Year-end close of the ledgers');
    await pickDateTime(dialog, 'Starts', START.typed);
    await pickDateTime(dialog, 'Ends', END.typed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = windowRow(page, WINDOW);
    await expect.poll(() => row.innerText()).toContain(`Active until ${END.shown}`);
    expect(await row.innerText()).toContain(`${START.shown} → ${END.shown}`);

    const { access_token: token } = await loginAdmin(suite.server);
    const stored = await api<{ result_list: { name: string; schedule: unknown }[] }>(
      suite.server,
      'GET',
      `/v1/maintenance-windows?company_code=${COMPANY.code}`,
      { token },
    );
    const saved = stored.body.result_list.find((one) => one.name === WINDOW);
    expect(saved?.schedule).toMatchObject({ kind: 'once' });
    await fitsAt1366(page);
    await screenshot(page, 'maintenance-list-en');

    // A recurring window's form: the server describes its cron and lists the next starts.
    await page.getByTestId('maintenance-add').click();
    const form = page.getByRole('dialog').filter({ hasText: 'New maintenance window' });
    await form.getByText('Recurring', { exact: true }).click();
    await form.getByLabel('Start (cron expression)', { exact: true }).fill('0 0 22 ? * SAT');
    await form.getByTestId('cron-check').waitFor();
    await screenshot(page, 'maintenance-form-en');
    await form.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await form.waitFor({ state: 'hidden' });

    // The Quartz Monitor: every trigger of the company is held until the window's end.
    await page.goto('/quartzmonitor');
    const trigger = page.locator('.ant-table-row').filter({ hasText: JOB }).first();
    await expect
      .poll(() => trigger.getByTestId('maintenance-until').innerText())
      .toBe(`In maintenance until ${untilShown(END)}`);
    await screenshot(page, 'maintenance-quartz-en');

    // The monitoring report's banner names the company and the window.
    await page.goto('/legacyreport');
    const banner = page.getByTestId('maintenance-banner');
    await expect
      .poll(() => banner.innerText())
      .toContain(`${COMPANY.code}: In maintenance until ${untilShown(END)} (${WINDOW})`);

    await switchLanguage(page, 'th');
    await expect.poll(() => banner.innerText()).toContain(`อยู่ในช่วงบำรุงรักษาถึง ${untilShown(END)}`);
    await page.goto('/maintenanceconfig');
    await expect.poll(() => windowRow(page, WINDOW).innerText()).toContain(`กำลังบำรุงรักษาถึง ${END.shown}`);
    await fitsAt1366(page);
    await screenshot(page, 'maintenance-list-th');
    await page.goto('/quartzmonitor');
    await expect
      .poll(() =>
        page
          .locator('.ant-table-row')
          .filter({ hasText: JOB })
          .first()
          .getByTestId('maintenance-until')
          .innerText(),
      )
      .toBe(`อยู่ในช่วงบำรุงรักษาถึง ${untilShown(END)}`);
    await screenshot(page, 'maintenance-quartz-th');
  });

  it("saves a trigger's business-day rule beside its calendar, reads it back, and the Quartz Monitor says it", async () => {
    const { page } = await suite.open();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsAdmin(page, suite.server);
    await page.goto('/masterconfig');
    await page.getByRole('button', { name: `Edit ${COMPANY.code} ${JOB}` }).click();
    const legacy = page.getByTestId('job-section-legacy');
    const ruleOf = (expression: string) =>
      legacy.getByRole('combobox', { name: `Business-day rule of trigger ${expression}` });
    const shownRule = (expression: string) =>
      legacy
        .getByTestId('cron-trigger-row')
        .filter({ hasText: expression })
        .getByTestId('trigger-rule')
        .innerText();
    await ruleOf(TRIGGERS[0]!).waitFor();
    await expect.poll(() => shownRule(TRIGGERS[0]!)).toContain('No business-day rule');
    await chooseOption(page, ruleOf(TRIGGERS[0]!), 'Last business day');
    await legacy.getByTestId('cron-trigger-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'maintenance-business-day-rule-en');
    await page.getByTestId('job-form-save').click();
    await page.getByRole('dialog').filter({ hasText: /saved/i }).getByRole('button', { name: 'OK' }).click();

    const { access_token: token } = await loginAdmin(suite.server);
    const stored = await api<{ trigger_calendars?: string }>(
      suite.server,
      'GET',
      `/v1/config/job-config/get?sid=555&company_code=${COMPANY.code}&legacy_id=${JOB}`,
      { token },
    );
    // The first trigger's entry with its rule; the second has none (a trailing empty entry is the server's to keep or drop).
    expect(stored.body.trigger_calendars?.replace(/\|+$/, '')).toBe('TH-BANK;nth=-1');

    // Read back: the form shows the rule again.
    await page.goto('/masterconfig');
    await page.getByRole('button', { name: `Edit ${COMPANY.code} ${JOB}` }).click();
    await expect.poll(() => shownRule(TRIGGERS[0]!)).toContain('Last business day');

    // The Quartz Monitor: the trigger's calendar and its rule in words.
    await page.goto('/quartzmonitor');
    const calendarLine = page
      .locator('.ant-table-row')
      .filter({ hasText: JOB })
      .getByTestId('quartz-calendar')
      .filter({ hasText: 'TH-BANK' });
    await expect.poll(() => calendarLine.innerText()).toContain('Last business day of the month');

    await switchLanguage(page, 'th');
    await page.goto('/masterconfig');
    await page.getByRole('button', { name: `แก้ไข ${COMPANY.code} ${JOB}` }).click();
    const thai = page.getByTestId('job-section-legacy');
    await expect
      .poll(() =>
        thai
          .getByTestId('cron-trigger-row')
          .filter({ hasText: TRIGGERS[0]! })
          .getByTestId('trigger-rule')
          .innerText(),
      )
      .toContain('วันทำการสุดท้าย');
    await thai.getByTestId('cron-trigger-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'maintenance-business-day-rule-th');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  canRunOpenSsh,
  startOpenSshServer,
  type OpenSshServer,
} from '../apps/server/src/test-support/openssh-server.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../tools/reference-function-server/reference-function-server.js';
import { acknowledge, chooseOption, dialogWith } from './support/antd.js';
import { api, createApiServer, createCompany, createSftpServer, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { hasThai, navigationMenu, signInAsAdmin } from './support/console.js';
import {
  addTypedCron,
  chooseServer,
  confirmCron,
  cronDialog,
  cronExpressions,
  nextFireAt,
  pathDialog,
  QUARTZ_TIME,
  runConnectionTest,
  tickFolder,
  tileStatuses,
  validateCron,
} from './support/job-screens.js';
import { withServerDatabase } from './support/database.js';
import { useE2eSuite } from './support/suite.js';

const COMPANY = { code: 'ALPHA', name: 'Alpha Logistics' };
const SFTP_ID = 'ALPHA-SSH';
const API_ID = 'ALPHA-FAPP';
const FAPP = { username: 'fapp', password: 'Fapp-Pass-0123456789' };
const JOB = { id: 'INV_IMPORT', name: 'Invoice Import' };
const REGEX = 'INV_\\d{8}\\.csv';
/** The server's zone (LIS_TIMEZONE) and the browser's: Bangkok, UTC+7 all year. */
const ZONE = 'Asia/Bangkok';
const ZONE_OFFSET = 7;
const SIX_TILES = [
  'api_server_connection',
  'has_function',
  'has_sftp_return_path',
  'has_sftp_source_path',
  'sftp_return_server_connection',
  'sftp_source_server_connection',
];

interface QuartzRow {
  jobName: string;
  jobGroup: string;
  legacy_name: string;
  next_fire: string;
  trigger_id: string;
}

let sshd: OpenSshServer;
let functionServer: ReferenceFunctionServer;
/** The job's folders on the OpenSSH server: <root>/inbox (source) and <root>/outbox (return). */
let root: string;

// Before useE2eSuite: beforeAll hooks run in the order they are registered, and its setup needs these.
beforeAll(async () => {
  if (!canRunOpenSsh()) throw new Error('No /usr/sbin/sshd: apt-get install -y openssh-server');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-e2e-jobs-'));
  fs.mkdirSync(path.join(root, 'inbox'));
  fs.mkdirSync(path.join(root, 'outbox'));
  [sshd, functionServer] = await Promise.all([
    startOpenSshServer(),
    createReferenceFunctionServer({ username: FAPP.username, password: FAPP.password }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([sshd?.stop(), functionServer?.close()]);
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const suite = useE2eSuite(
  async (server) => {
    const { access_token: token } = await loginAdmin(server);
    await createCompany(server, token, COMPANY.code, COMPANY.name);
    await createSftpServer(server, token, {
      companycode: COMPANY.code,
      sftp_server_id: SFTP_ID,
      sftp_ip: sshd.host,
      sftp_port: sshd.port,
      sftp_username: sshd.keyUser,
      private_key: sshd.privateKey,
    });
    await createApiServer(server, token, {
      companycode: COMPANY.code,
      api_serverid: API_ID,
      api_url_callfunction: functionServer.url,
      api_username: FAPP.username,
      api_password: FAPP.password,
    });
  },
  { serverEnv: { LIS_TIMEZONE: ZONE } },
);

const jobModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByTestId('job-section-legacy') });
const section = (page: Page, name: string) => page.getByTestId(`job-section-${name}`);
const jobRow = (page: Page) =>
  page.getByTestId('job-config-table').getByRole('row').filter({ hasText: JOB.id });

async function openJobConfig(page: Page): Promise<void> {
  await navigationMenu(page).getByTitle('Job Config', { exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/masterconfig');
  await page.getByRole('heading', { name: 'Job config' }).waitFor();
}

async function quartzRows(token: string): Promise<QuartzRow[]> {
  const answer = await api<{ result_list: QuartzRow[] }>(suite.server, 'GET', '/v1/lis-server/quartz', {
    token,
  });
  expect(answer.status).toBe(200);
  return answer.body.result_list;
}

/** The Quartz Monitor's row of the job: its Next Fire cell, once it shows `expected`. */
async function expectQuartzNextFire(page: Page, expected: string): Promise<void> {
  await navigationMenu(page).getByRole('menuitem', { name: 'Quartz Monitor' }).click();
  await page.waitForURL((url) => url.pathname === '/quartzmonitor');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: JOB.id });
  await row.waitFor();
  // Columns: #, Legacy Name, Company Code, Legacy ID, Last Fire, Next Fire, Completed, Stop.
  const cells = () => row.locator('td').allInnerTexts();
  await expect.poll(async () => (await cells())[5]?.trim(), { timeout: 15_000 }).toBe(expected);
  const [, legacyName, companyCode, legacyId, lastFire] = (await cells()).map((cell) => cell.trim());
  expect({ legacyName, companyCode, legacyId, lastFire }).toEqual({
    legacyName: JOB.name,
    companyCode: COMPANY.code,
    legacyId: JOB.id,
    lastFire: '',
  });
}

/** Opens Select Path from the `field`'s section, ticks `folder` and saves; the field then holds it. */
async function pickPath(page: Page, scope: Locator, field: Locator, folder: string, shot?: string) {
  await scope.getByRole('button', { name: 'Select Path' }).click();
  const dialog = pathDialog(page);
  await dialog.waitFor();
  await tickFolder(dialog, folder);
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => field.inputValue()).toBe(folder);
}

describe('Job Config (admin, real OpenSSH and function server)', () => {
  it('creates an IN_WAIT job with the path picker, filename validator and cron builder; six green tiles; Quartz Monitor; cron change; Export Excel', async () => {
    const { server } = suite;
    const { access_token: token } = await loginAdmin(server);
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await openJobConfig(page);
    await page.getByTestId('job-config-table').getByText('No Data...').waitFor();

    // Legacy section.
    await page.getByTestId('job-config-add').click();
    const modal = jobModal(page);
    await modal.getByText('Add Job Config').first().waitFor();
    const legacy = section(page, 'legacy');
    await chooseOption(page, legacy.getByLabel('Company Code', { exact: true }), `${COMPANY.code}`);
    await legacy.getByLabel('Legacy ID', { exact: true }).fill(JOB.id);
    await legacy.getByLabel('Legacy Name', { exact: true }).fill(JOB.name);
    await legacy.getByRole('radio', { name: 'IN_WAIT', exact: true }).check();
    // A new job starts off (spec 001: N), and says so in words until it is switched on (issue 17).
    expect(await legacy.getByRole('switch', { name: 'Is Active' }).isChecked()).toBe(false);
    await page.getByTestId('job-form-inactive-hint').waitFor();
    await legacy.getByRole('switch', { name: 'Is Active' }).click();
    await expect.poll(() => legacy.getByRole('switch', { name: 'Is Active' }).isChecked()).toBe(true);
    await page.getByTestId('job-form-inactive-hint').waitFor({ state: 'detached' });

    // Cron builder: daily at an hour twelve hours away, so that the next fire is unambiguous.
    const hour = (new Date(Date.now() + ZONE_OFFSET * 3_600_000).getUTCHours() + 12) % 24;
    const daily = `0 30 ${hour} * * ?`;
    await legacy.getByTestId('cron-trigger-list').getByRole('button', { name: /Add$/ }).click();
    const cron = cronDialog(page);
    await cron.waitFor();
    // The builder's first schedule is already the chosen one: OK takes it without a "Use" click (issue 17).
    expect(await cron.getByLabel('Chosen expression', { exact: true }).inputValue()).toBe('0 0 8 * * ?');
    await expect.poll(() => cron.getByRole('button', { name: 'OK' }).isEnabled()).toBe(true);
    await cron.getByText('Daily', { exact: true }).click();
    await cron.getByLabel('Hour', { exact: true }).fill(String(hour));
    await cron.getByLabel('Minute', { exact: true }).fill('30');
    await expect.poll(() => cron.getByTestId('cron-builder-expression').innerText()).toBe(daily);
    await expect.poll(() => cron.getByLabel('Chosen expression', { exact: true }).inputValue()).toBe(daily);
    await cron.getByTestId('cron-check').waitFor();
    const nextDaily = nextFireAt(Date.now(), ZONE_OFFSET, hour, 30);
    expect(await cron.getByTestId('cron-check').innerText()).toContain(ZONE);
    // The builder's first schedule is checked on opening (issue 17): wait for the daily one's answer.
    await expect
      .poll(async () => (await cron.getByTestId('cron-next-fires').locator('li').allInnerTexts())[0]?.trim())
      .toBe(nextDaily);
    await screenshot(page, 'job-config-cron-modal-en');
    await confirmCron(page);
    expect(await cronExpressions(legacy)).toEqual([daily]);

    // Source: the server, the path picked on the real server's tree, the filename format validated.
    const source = section(page, 'source');
    await chooseServer(page, source.getByLabel('sFTP Server ID', { exact: true }), SFTP_ID);
    const sourcePath = source.getByLabel('sFTP Source Path', { exact: true });
    await pickPath(page, source, sourcePath, `${root}/inbox`, 'job-config-path-modal-en');

    await source.getByRole('button', { name: 'Validate filename format' }).click();
    const validator = dialogWith(page, 'sFTP Source Format Filename Validate');
    await validator.waitFor();
    await validator.getByLabel('Format Filename (regular expression)', { exact: true }).fill(REGEX);
    await validator.getByRole('button', { name: 'Validate' }).click();
    await validator.getByText('Please add the list of sample filenames first.').waitFor();
    for (const sample of ['INV_20260101.csv', 'INV_2026.csv', 'inv_20260101.csv', 'INV_20261231.csv']) {
      await validator.getByLabel('Sample filename', { exact: true }).fill(sample);
      await validator.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await expect.poll(() => validator.getByTestId('filename-sample').count()).toBe(4);
    await validator.getByRole('button', { name: 'Validate' }).click();
    await expect
      .poll(() => validator.getByTestId('filename-match').allInnerTexts())
      .toEqual(['INV_20260101.csv', 'INV_20261231.csv']);
    await screenshot(page, 'job-config-filename-modal-en');
    await validator.getByRole('button', { name: 'OK' }).click();
    await validator.waitFor({ state: 'hidden' });
    await expect.poll(() => source.getByLabel('Format Filename', { exact: true }).inputValue()).toBe(REGEX);

    // Return, and the API function.
    const destination = section(page, 'return');
    await chooseServer(page, destination.getByLabel('sFTP Server ID', { exact: true }), SFTP_ID);
    const returnPath = destination.getByLabel('sFTP Return Path', { exact: true });
    await pickPath(page, destination, returnPath, `${root}/outbox`);
    const apiSection = section(page, 'api');
    await chooseServer(page, apiSection.getByLabel('API Server ID', { exact: true }), API_ID);
    await apiSection.getByLabel('API Class Name', { exact: true }).fill('Demo');
    await apiSection.getByLabel('API Function Name', { exact: true }).fill('echo');
    await legacy.scrollIntoViewIfNeeded();
    await screenshot(page, 'job-config-modal-en');

    // Test Connection: six green tiles against the real servers.
    const status = await runConnectionTest(page, page.getByTestId('job-form-test-connection'));
    await expect
      .poll(() => tileStatuses(status))
      .toEqual(Object.fromEntries(SIX_TILES.map((k) => [k, 'ok'])));
    expect(Object.keys(await tileStatuses(status))).toEqual([
      'has_sftp_source_path',
      'has_sftp_return_path',
      'api_server_connection',
      'sftp_source_server_connection',
      'sftp_return_server_connection',
      'has_function',
    ]);
    expect(await status.getByText('Has Function', { exact: true }).count()).toBe(1);
    await screenshot(page, 'job-config-test-tiles-en');
    await status.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await status.waitFor({ state: 'hidden' });

    // Save: the list shows the job, the server stored what was chosen.
    await page.getByTestId('job-form-save').click();
    await acknowledge(page, 'Saved data successfully');
    await page.getByTestId('job-section-legacy').waitFor({ state: 'detached' });
    await jobRow(page).waitFor();
    for (const text of [COMPANY.code, JOB.name, 'IN_WAIT', daily])
      expect(await jobRow(page).innerText()).toContain(text);
    // Issue 31: the server and function columns are behind "Columns" at 1366 px; ticked, they show.
    await page.getByRole('button', { name: /Columns/ }).click();
    for (const name of ['sFTP Source Server', 'API Server ID', 'API ClassName', 'API Function Name'])
      await page.getByRole('checkbox', { name }).check();
    await page.keyboard.press('Escape');
    const rowText = await jobRow(page).innerText();
    for (const text of [SFTP_ID, API_ID, 'Demo', 'echo']) expect(rowText).toContain(text);
    await page.getByRole('button', { name: /Columns/ }).click();
    for (const name of ['sFTP Source Server', 'API Server ID', 'API ClassName', 'API Function Name'])
      await page.getByRole('checkbox', { name }).uncheck();
    await page.keyboard.press('Escape');
    // Its triggers stay in view with the default columns (issue 31: nothing scrolls sideways at 1366).
    const [cronBox, tableBox] = await Promise.all([
      jobRow(page).locator('td').last().boundingBox(),
      page.getByTestId('job-config-table').boundingBox(),
    ]);
    expect(await jobRow(page).locator('td').last().innerText()).toBe(daily);
    expect((cronBox?.x ?? 0) + (cronBox?.width ?? 0)).toBeLessThanOrEqual(
      (tableBox?.x ?? 0) + (tableBox?.width ?? 0) + 1,
    );
    expect(cronBox?.x ?? 0).toBeGreaterThan(tableBox?.x ?? 0);
    const stored = await api<Record<string, string>>(
      server,
      'GET',
      `/v1/config/job-config/get?sid=555&company_code=${COMPANY.code}&legacy_id=${JOB.id}`,
      { token },
    );
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      legacytype: 'IN_WAIT',
      isactive: 'Y',
      cron_trigger: daily,
      sftp_source_server_id: SFTP_ID,
      sftp_source_path: `${root}/inbox`,
      sftp_source_formatfilename: REGEX,
      sftp_return_server_id: SFTP_ID,
      sftp_return_path: `${root}/outbox`,
      api_serverid: API_ID,
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    await screenshot(page, 'job-config-en');

    // The Quartz Monitor shows its trigger with the expected next fire (server and screen).
    const trigger = `job|${COMPANY.code}|${JOB.id}|0`;
    await expect
      .poll(async () => (await quartzRows(token)).find((row) => row.trigger_id === trigger)?.next_fire)
      .toBe(nextDaily);
    await expectQuartzNextFire(page, nextDaily);

    // Another cron (typed, Validator): the last day of the month at 23:45; the next fire follows.
    await openJobConfig(page);
    await jobRow(page)
      .getByRole('button', { name: `Edit ${COMPANY.code} ${JOB.id}` })
      .click();
    await modal.getByText(`Edit Job Config: ${JOB.id}`).first().waitFor();
    expect(await cronExpressions(legacy)).toEqual([daily]);
    await legacy.getByRole('button', { name: `Delete ${daily}` }).click();
    await expect.poll(() => cronExpressions(legacy)).toEqual([]);
    const monthEnd = '0 45 23 L * ?';
    await legacy.getByTestId('cron-trigger-list').getByRole('button', { name: /Add$/ }).click();
    await cron.waitFor();
    await validateCron(page, monthEnd);
    await confirmCron(page);
    expect(await cronExpressions(legacy)).toEqual([monthEnd]);
    await page.getByTestId('job-form-save').click();
    await acknowledge(page, 'Saved data successfully');
    await page.getByTestId('job-section-legacy').waitFor({ state: 'detached' });
    await expect.poll(() => jobRow(page).innerText()).toContain(monthEnd);
    const nextMonthEnd = nextFireAt(Date.now(), ZONE_OFFSET, 23, 45, (day) => day.lastOfMonth);
    expect(nextMonthEnd).not.toBe(nextDaily);
    await expect
      .poll(async () => (await quartzRows(token)).find((row) => row.trigger_id === trigger)?.next_fire)
      .toBe(nextMonthEnd);
    expect(nextMonthEnd).toMatch(QUARTZ_TIME);
    await expectQuartzNextFire(page, nextMonthEnd);

    // Export Excel: MasterJobConfig_{epoch ms}.xlsx with the job as the server holds it.
    await openJobConfig(page);
    await jobRow(page).waitFor();
    const before = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('job-config-export').click(),
    ]);
    const fileName = download.suggestedFilename();
    expect(fileName).toMatch(/^MasterJobConfig_\d+\.xlsx$/);
    expect(Number(/\d+/.exec(fileName)?.[0])).toBeGreaterThanOrEqual(before - 60_000);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['MasterJobConfig']);
    const sheet = workbook.getWorksheet('MasterJobConfig');
    const values = (index: number) =>
      ((sheet?.getRow(index).values ?? []) as unknown[]).slice(1).map((value) => String(value ?? ''));
    const header = values(1);
    expect(sheet?.rowCount).toBe(2);
    const exported = Object.fromEntries(header.map((column, index) => [column, values(2)[index]]));
    expect(exported).toMatchObject({
      companycode: COMPANY.code,
      legacyid: JOB.id,
      legacyname: JOB.name,
      legacytype: 'IN_WAIT',
      cron_trigger: monthEnd,
      sftp_source_path: `${root}/inbox`,
      sftp_source_formatfilename: REGEX,
      api_function_name: 'echo',
    });
  });

  it('shows red tiles for a source folder that does not exist and a function the server lacks', async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page, suite.server);
    await openJobConfig(page);
    await page.getByTestId('job-config-add').click();
    const legacy = section(page, 'legacy');
    await chooseOption(page, legacy.getByLabel('Company Code', { exact: true }), COMPANY.code);
    // Without the servers the form says what is missing first (spec 001 §5), nothing is asked.
    await page.getByTestId('job-form-test-connection').click();
    await acknowledge(page, 'Please choose the API Server ID.');
    const source = section(page, 'source');
    await chooseServer(page, source.getByLabel('sFTP Server ID', { exact: true }), SFTP_ID);
    await source.getByLabel('sFTP Source Path', { exact: true }).fill(`${root}/missing`);
    const destination = section(page, 'return');
    await chooseServer(page, destination.getByLabel('sFTP Server ID', { exact: true }), SFTP_ID);
    await destination.getByLabel('sFTP Return Path', { exact: true }).fill(`${root}/outbox`);
    const apiSection = section(page, 'api');
    await chooseServer(page, apiSection.getByLabel('API Server ID', { exact: true }), API_ID);
    await apiSection.getByLabel('API Class Name', { exact: true }).fill('Demo');
    await apiSection.getByLabel('API Function Name', { exact: true }).fill('noSuchFunction');
    const status = await runConnectionTest(page, page.getByTestId('job-form-test-connection'));
    await expect
      .poll(() => tileStatuses(status))
      .toEqual({
        has_sftp_source_path: 'failed',
        has_sftp_return_path: 'ok',
        api_server_connection: 'ok',
        sftp_source_server_connection: 'ok',
        sftp_return_server_connection: 'ok',
        has_function: 'failed',
      });
    expect(await status.getByTestId('connection-tile-has_sftp_source_path').innerText()).toContain(
      `${root}/missing`,
    );
    await status.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await status.waitFor({ state: 'hidden' });
  });

  it('shows the Job Config screen and its modal in Thai', async () => {
    const { page } = await suite.open({ language: 'th' });
    await signInAsAdmin(page, suite.server);
    await page.goto('/masterconfig');
    await page.getByRole('heading', { name: 'ตั้งค่างาน' }).waitFor();
    await jobRow(page).waitFor();
    for (const name of ['ส่งออก Excel', 'สร้างจากแม่แบบ', 'เพิ่ม Job Config', 'ค้นหา'])
      await page.getByRole('button', { name }).waitFor();
    const headers = await page.getByTestId('job-config-table').locator('thead th').allInnerTexts();
    expect(headers[0]).toBe('เมนู');
    expect(await page.getByText('1 งาน').count()).toBe(1);
    await screenshot(page, 'job-config-th');

    await jobRow(page)
      .getByRole('button', { name: new RegExp(`${COMPANY.code} ${JOB.id}$`) })
      .first()
      .click();
    const modal = jobModal(page);
    await modal.getByText(`แก้ไข Job Config: ${JOB.id}`).first().waitFor();
    const footer = await modal.locator('.ant-modal-footer .ant-btn').allInnerTexts();
    expect(footer).toHaveLength(3);
    expect(footer.filter((text) => !hasThai(text))).toEqual([]);
    await screenshot(page, 'job-config-modal-th');
    const status = await runConnectionTest(page, page.getByTestId('job-form-test-connection'), 'th');
    await expect.poll(async () => Object.keys(await tileStatuses(status)).length).toBe(6);
    expect(Object.values(await tileStatuses(status))).toEqual(Array(6).fill('ok'));
    await screenshot(page, 'job-config-test-tiles-th');
  });
  it('runs the saved IN_WAIT job: the files of its format go from the inbox through Demo/echo to the outbox', async () => {
    const { server } = suite;
    fs.writeFileSync(path.join(root, 'inbox', 'INV_20260301.csv'), 'id,amount\n1,100\n');
    fs.writeFileSync(path.join(root, 'inbox', 'notes.txt'), 'not an invoice\n');
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await openJobConfig(page);
    await jobRow(page)
      .getByRole('button', { name: `Edit ${COMPANY.code} ${JOB.id}` })
      .click();
    const legacy = section(page, 'legacy');
    await legacy.waitFor();
    await addTypedCron(page, legacy, '0/5 * * * * ?');
    await page.getByTestId('job-form-save').click();
    await acknowledge(page, 'Saved data successfully');
    await legacy.waitFor({ state: 'detached' });

    const ended = () =>
      withServerDatabase(
        server,
        (db) =>
          db
            .prepare(
              `select state, message from job_runs where legacy_id = ? and state in ('FINISHED', 'WARNING', 'ERROR') order by queued_at`,
            )
            .all(JOB.id) as { state: string; message: string | null }[],
        { readonly: true },
      );
    await expect.poll(() => ended().length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    expect(ended()[0]?.state, ended()[0]?.message ?? '').toBe('FINISHED');
    const returned = path.join(root, 'outbox', 'return_success');
    expect(fs.readdirSync(returned)).toEqual(['INV_20260301.csv']);
    expect(fs.readFileSync(path.join(returned, 'INV_20260301.csv'), 'utf8')).toBe('id,amount\n1,100\n');
    // Delete Source is N: the source files stay.
    expect(fs.readdirSync(path.join(root, 'inbox')).sort()).toEqual(['INV_20260301.csv', 'notes.txt']);
  });
});

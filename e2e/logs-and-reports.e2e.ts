import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { acknowledge, tableFit } from './support/antd.js';
import { api, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { navigationMenu, signInWithForm, switchLanguage } from './support/console.js';
import { updateJobConfigs, withServerDatabase } from './support/database.js';
import { bangkokDay, expectNoPageOverflow, pickDate } from './support/dates.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { cellText } from './support/report-table.js';

/**
 * The log and report screens (issue 7): /legacylog, /applicationlog, /downloadsourceandresponsefile,
 * /daily-report, /report and /expected-running-job-report, on a server whose jobs really ran through
 * the pipeline (monitoring scene), as an operator of company MON.
 */
// The server keeps the browser's zone (Bangkok, UTC+7 all year): the console's "today" is the
// server zone's (issue 17), and the tests count days in Bangkok.
const scene = useMonitoringScene({ serverEnv: { LIS_TIMEZONE: 'Asia/Bangkok' } });
const FROM = bangkokDay(-1);
const TO = bangkokDay(1);
const BOM = [0xef, 0xbb, 0xbf];

const bodyRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function openAsOperator(path: string): Promise<Page> {
  return openAs(scene.users.operator, path);
}

async function openAs(user: { id: string; password: string }, path: string): Promise<Page> {
  const { page } = await scene.suite.open();
  await signInWithForm(page, user.id, user.password);
  await page.goto(path);
  return page;
}

/** Clicks `button` and returns the file the browser saved. */
async function downloadOf(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), button.click()])) as [Download, void];
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

/** A CSV file's lines after its byte-order mark (which it must have). */
function csvLines(bytes: Buffer): string[] {
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  return bytes.subarray(3).toString('utf8').split('\r\n');
}

async function expectFits(page: Page, table: Locator): Promise<void> {
  await expectNoPageOverflow(page);
  const fit = await tableFit(table);
  // Wide tables scroll inside their card; header titles are never cut.
  const headers = await table.locator('thead th').allInnerTexts();
  expect(fit.cut.filter((text) => headers.includes(text))).toEqual([]);
}

describe('System Log', () => {
  it('finds the lines of one job instance', async () => {
    const run = scene.runs[SCENE_JOBS.ok];
    if (!run) throw new Error('the scene has no run of MON-OK');
    const page = await openAsOperator('/legacylog');
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByLabel('Job Instanceno').fill(run.jobInstanceNo);
    await pickDate(page, 'Job start from', FROM.shown);
    await pickDate(page, 'Job start to', TO.shown);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(async () => new Set(await bodyRows(page).locator('td:nth-child(3)').allInnerTexts()))
      .toEqual(new Set([run.jobInstanceNo]));
    const first = bodyRows(page).first();
    expect(await cellText(page, first, 'Company Code')).toBe('MON');
    expect(await cellText(page, first, 'Created On')).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
    await expectFits(page, page.getByTestId('system-log-table'));
    await screenshot(page, 'system-log');
  });
});

describe('Application Log', () => {
  it('warns without the required fields, searches, shows the metadata and exports every row', async () => {
    const page = await openAsOperator('/applicationlog');
    await page.getByRole('button', { name: 'Search' }).click();
    await acknowledge(page, 'Caution!');

    await page.getByLabel('Legacy ID').fill(SCENE_JOBS.documentErrors);
    await pickDate(page, 'Transaction date from', FROM.shown);
    await pickDate(page, 'Transaction date to', TO.shown);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(2);
    const bad = bodyRows(page).filter({ hasText: 'B2' });
    expect(await cellText(page, bad, 'Status')).toBe('Error');
    expect(await cellText(page, bad, 'Message')).toBe('col_0003 "oops" is not a number');

    await bad.getByRole('button', { name: 'View B2' }).click();
    const viewer = page.locator('.ant-modal').filter({ hasText: 'Metadata of B2' });
    expect(JSON.parse(await viewer.getByTestId('metadata-json').innerText())).toEqual({
      record: 2,
      amount: 'oops',
    });
    expect(await viewer.getByTestId('metadata-json').innerText()).toContain('\n  "amount": "oops"');
    await screenshot(page, 'application-log-metadata');
    await viewer.getByRole('button', { name: 'Close' }).last().click();
    await viewer.waitFor({ state: 'hidden' });

    const csv = await downloadOf(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toBe(`application_log_${SCENE_JOBS.documentErrors}_${FROM.compact}_${TO.compact}.csv`);
    const lines = csvLines(csv.bytes);
    expect(lines[0]?.split(',').slice(0, 4)).toEqual([
      'Legacy ID',
      'Company Code',
      'Job Instanceno',
      'Transaction ID',
    ]);
    expect(lines.slice(1).filter(Boolean)).toHaveLength(2);
    expect(lines.find((line) => line.includes(',B2,'))).toContain('"col_0003 ""oops"" is not a number"');
    expect(lines.join('\n')).toContain('ลูกค้า ก');
    await expectFits(page, page.getByTestId('application-log-table'));
    await screenshot(page, 'application-log');
  });
});

describe('Download Source And Response File', () => {
  it('gives an operator (role user) the two downloads too (spec 000 route table: the screen is for all)', async () => {
    const run = scene.runs[SCENE_JOBS.ok];
    if (!run) throw new Error('the scene has no run of MON-OK');
    const page = await openAsOperator('/downloadsourceandresponsefile');
    await page.getByLabel('Company Code').fill('MON');
    await page.getByLabel('Legacy ID').fill(SCENE_JOBS.ok);
    await pickDate(page, 'Job start from', FROM.shown);
    await pickDate(page, 'Job start to', TO.shown);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(1);
    await bodyRows(page).first().getByRole('checkbox').check();
    const source = await downloadOf(page, page.getByRole('button', { name: 'Download Source File' }));
    expect(source.name).toBe(`${SCENE_JOBS.ok}_source.txt`);
    expect(source.bytes.toString('utf8')).toContain('INV001,ลูกค้า ก,100');
    const response = await downloadOf(page, page.getByRole('button', { name: 'Download Response File' }));
    expect(response.name).toBe(`${SCENE_JOBS.ok}_response.txt`);
  });

  it('asks for every field, finds the runs and downloads the chosen runs’ source and response files (admin)', async () => {
    const run = scene.runs[SCENE_JOBS.ok];
    if (!run) throw new Error('the scene has no run of MON-OK');
    const page = await openAs(scene.users.admin, '/downloadsourceandresponsefile');
    await page.getByLabel('Legacy ID').fill(SCENE_JOBS.ok);
    await page.getByRole('button', { name: 'Search' }).click();
    await acknowledge(page, 'Caution!');

    await page.getByLabel('Company Code').fill('MON');
    await pickDate(page, 'Job start from', FROM.shown);
    await pickDate(page, 'Job start to', TO.shown);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(1);
    const row = bodyRows(page).first();
    expect(await cellText(page, row, 'Job Instanceno')).toBe(run.jobInstanceNo);
    expect(await row.getByRole('link').getAttribute('href')).toContain(
      `/legacydetail?company_code=MON&legacy_id=${SCENE_JOBS.ok}&job_no=${run.jobInstanceNo}&legacytype=IN_WAIT`,
    );

    await page.getByRole('button', { name: 'Download Source File' }).click();
    await acknowledge(page, 'Caution!');
    await row.getByRole('checkbox').check();

    const source = await downloadOf(page, page.getByRole('button', { name: 'Download Source File' }));
    expect(source.name).toBe(`${SCENE_JOBS.ok}_source.txt`);
    const sourceText = source.bytes.toString('utf8');
    expect(sourceText).toContain(`===== ${run.jobInstanceNo} / INV_001.csv (`);
    expect(sourceText).toContain(`===== ${run.jobInstanceNo} / INV_002.csv (`);
    expect(sourceText).toContain('INV001,ลูกค้า ก,100');

    const response = await downloadOf(page, page.getByRole('button', { name: 'Download Response File' }));
    expect(response.name).toBe(`${SCENE_JOBS.ok}_response.txt`);
    const [header, body] = response.bytes.toString('utf8').split('\n');
    expect(header).toMatch(
      new RegExp(`^===== ${run.jobInstanceNo} / response\\.json \\(\\d+ bytes\\) =====$`),
    );
    expect(JSON.parse(body ?? '')).toMatchObject({ status: expect.any(String) });
    await expectFits(page, page.getByTestId('download-files-table'));
    await screenshot(page, 'download-source-and-response-file');
  });
});

describe('Daily Report', () => {
  const address = (path: string) =>
    `${path}?companycode=MON&date_from=${FROM.compact}&date_to=${TO.shown}&sid=555`;

  it('starts at today, takes dates and companies from its pickers into the address, shows and exports the runs', async () => {
    // Issue 17: reachable from the menu, no error asking to edit the address bar.
    const page = await openAsOperator('/legacyreport');
    // Today as the server's zone counts it, read before and after the page opens: a run at midnight
    // may see either day, never another.
    const todayBefore = bangkokDay(0);
    await navigationMenu(page).getByRole('menuitem', { name: 'Daily Report' }).click();
    await page.waitForURL((url) => url.pathname === '/daily-report' && url.searchParams.has('date_from'));
    const opened = new URL(page.url());
    const today = [todayBefore, bangkokDay(0)].find(
      (day) => day.compact === opened.searchParams.get('date_from'),
    );
    expect(today, `the Daily Report opened on ${opened.search}`).toBeDefined();
    expect(opened.searchParams.get('date_to')).toBe(today?.compact);
    await expect.poll(() => page.getByLabel('Date from', { exact: true }).inputValue()).toBe(today?.shown);

    await page.getByLabel('Company Code').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'MON' }).first().click();
    await page.getByLabel('Company Code').press('Escape');
    await pickDate(page, 'Date from', FROM.shown);
    await pickDate(page, 'Date to', TO.shown);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('companycode') === 'MON' &&
        url.searchParams.get('date_from') === FROM.compact &&
        url.searchParams.get('date_to') === TO.compact,
    );
    const table = page.getByTestId('daily-report-table');
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(5);
    const ok = bodyRows(page).filter({ hasText: SCENE_JOBS.ok });
    expect(await cellText(page, ok, 'Runs')).toBe('1');
    expect(await cellText(page, ok, 'Finished')).toBe('1');
    expect(await cellText(page, ok, 'Files Loaded')).toBe('2');
    expect(await cellText(page, ok, 'Files Returned')).toBe('2');
    const errors = bodyRows(page).filter({ hasText: SCENE_JOBS.documentErrors });
    expect(await cellText(page, errors, 'Error')).toBe('1');
    expect(await bodyRows(page).filter({ hasText: SCENE_JOBS.otherCompany }).count()).toBe(0);

    const csv = await downloadOf(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toBe(`daily_report_${FROM.compact}_${TO.compact}.csv`);
    const lines = csvLines(csv.bytes).filter(Boolean);
    expect(lines[0]).toBe(
      'Date,Company Code,Legacy ID,Legacy Name,File Deadline,Runs,Finished,Warning,Error,Stopped,Running,Skipped,Files Loaded,Files Returned,First Start,Last Finish',
    );
    expect(lines).toHaveLength(6);
    expect(lines.find((line) => line.includes(`,${SCENE_JOBS.ok},`))).toMatch(/,1,1,0,0,0,0,0,2,2,/);
    await expectFits(page, table);
    await screenshot(page, 'daily-report');
  });

  it('is /report outside the layout, with the language switch', async () => {
    const page = await openAsOperator('/legacyreport');
    await page.goto(address('/report'));
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(5);
    expect(await navigationMenu(page).count()).toBe(0);
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'รายงานประจำวัน' }).waitFor();
    expect(await page.locator('thead th').allInnerTexts()).toContain('รหัสบริษัท');
    // Issue 31: the file counts are behind "Columns" (คอลัมน์) at 1366 px, named in Thai there.
    await page.getByRole('button', { name: /คอลัมน์/ }).click();
    await page.getByRole('checkbox', { name: 'ไฟล์ที่โหลด' }).waitFor();
    await page.keyboard.press('Escape');
    await expectFits(page, page.getByTestId('daily-report-table'));
    await screenshot(page, 'report-standalone-th');
  });

  it("refuses another company's report to an operator of OTH", async () => {
    const { page } = await scene.suite.open();
    await signInWithForm(page, scene.users.otherOperator.id, scene.users.otherOperator.password);
    await page.goto(address('/daily-report'));
    await acknowledge(page, 'Error');
    expect(await bodyRows(page).count()).toBe(0);
  });
});

/** Sets a job's cron triggers through the job config API (as the server's super_admin). */
async function setCronTrigger(legacyId: string, cronTrigger: string): Promise<void> {
  const { access_token: token } = await loginAdmin(scene.suite.server);
  const current = await api<Record<string, unknown>>(
    scene.suite.server,
    'GET',
    `/v1/config/job-config/get?company_code=MON&legacy_id=${legacyId}`,
    { token },
  );
  if (current.status !== 200) throw new Error(`job ${legacyId}: ${JSON.stringify(current.body)}`);
  const { hassuspend: _readOnly, ...config } = current.body;
  const saved = await api(scene.suite.server, 'PUT', '/v1/config/job-config/update', {
    token,
    body: { ...config, cron_trigger: cronTrigger },
  });
  if (saved.status !== 200) throw new Error(`update ${legacyId}: ${JSON.stringify(saved.body)}`);
}

/** Bangkok's offset from UTC: seven hours all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** A Quartz expression firing once, `seconds` from now, on the server's clock (Bangkok). */
function onceIn(seconds: number): { expression: string; at: number } {
  const at = Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000;
  const wall = new Date(at + BANGKOK_OFFSET_MS);
  const expression = `${wall.getUTCSeconds()} ${wall.getUTCMinutes()} ${wall.getUTCHours()} ${wall.getUTCDate()} ${wall.getUTCMonth() + 1} ? ${wall.getUTCFullYear()}`;
  return { expression, at };
}

describe('Expected Run Job', () => {
  it('sets the fires due today against the scheduled runs and highlights a job that missed one', async () => {
    // MON-OUT was due at midnight and never fired (its trigger is new; the job is made older than
    // today, since a job created today is only counted from its creation, issue 17); MON-DMS fires
    // once, 20 s after its trigger is saved (room for a slow save on a busy machine).
    await setCronTrigger(SCENE_JOBS.outWait, '0 0 0 * * ?');
    updateJobConfigs(
      scene.suite.server,
      'update job_configs set created_at = ? where legacy_id = ?',
      Date.now() - 2 * 86_400_000,
      SCENE_JOBS.outWait,
    );
    const once = onceIn(20);
    await setCronTrigger(SCENE_JOBS.dms, once.expression);
    await expect
      .poll(
        () =>
          withServerDatabase(
            scene.suite.server,
            (db) =>
              db
                .prepare(`select count(*) as n from job_runs where legacy_id = ? and kind = 'scheduled'`)
                .get(SCENE_JOBS.dms) as { n: number },
            { readonly: true },
          ).n,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(1);

    const page = await openAsOperator('/expected-running-job-report?companycode=MON');
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(2);
    const missed = bodyRows(page).filter({ hasText: SCENE_JOBS.outWait });
    const onTime = bodyRows(page).filter({ hasText: SCENE_JOBS.dms });
    expect(await missed.getAttribute('class')).toContain('expected-run-row-differs');
    expect(await onTime.getAttribute('class')).not.toContain('expected-run-row-differs');
    expect(await cellText(page, missed, 'Expected Time')).toBe('00:00');
    expect(await missed.getByTestId('expected-count').innerText()).toMatch(/^1\s*of 1 today$/);
    expect(await missed.getByTestId('actual-count').innerText()).toBe('0');
    expect(await onTime.getByTestId('actual-count').innerText()).toBe('1');
    expect(await bodyRows(page).filter({ hasText: SCENE_JOBS.otherCompany }).count()).toBe(0);
    await expectFits(page, page.getByTestId('expected-run-table'));
    await screenshot(page, 'expected-run-job');
  });
});

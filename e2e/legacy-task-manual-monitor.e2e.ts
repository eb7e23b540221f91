import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acknowledge } from './support/antd.js';
import { pathOf, screenshot } from './support/browser.js';
import { navigationMenu, signInWithForm, switchLanguage } from './support/console.js';
import { bangkokDay, expectNoPageOverflow, pickDate } from './support/dates.js';
import { MONITORING_COMPANY, SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { cellText, expectCell, reportRow, shownLegacyIds } from './support/report-table.js';

/**
 * /legacytask, /legacyreport-manual and the /monitor wall display (issue 7) against a server whose
 * jobs really ran through the pipeline. Server and browser share Asia/Bangkok, so "today" is one day.
 */
const scene = useMonitoringScene({ serverEnv: { LIS_TIMEZONE: 'Asia/Bangkok' } });
const MON_JOBS = Object.values(SCENE_JOBS).filter((id) => id.startsWith('MON-'));
/** MON-OUT runs again this many times before the task tests (a second page at 10 per page). */
const EXTRA_OUT_RUNS = 6;
const TASK_SEARCH_KEY = 'LG_TASK_SEARCH';

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, scene.users.operator.id, scene.users.operator.password);
}

/** Job instance numbers of the task rows shown, top to bottom. */
async function shownRuns(page: Page): Promise<string[]> {
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const count = await rows.count();
  const runs = [];
  for (let i = 0; i < count; i += 1) runs.push(await cellText(page, rows.nth(i), 'Job Instanceno'));
  return runs;
}

const search = (page: Page) => page.getByRole('button', { name: 'Search' }).click();

describe('Report Legacy Task Monitoring (/legacytask)', () => {
  let monRuns: { legacyId: string; jobInstanceNo: string; state: string }[] = [];

  beforeAll(async () => {
    const extra = [];
    for (let i = 0; i < EXTRA_OUT_RUNS; i += 1)
      extra.push(await scene.runNow(SCENE_JOBS.outWait, 'OUT_WAIT'));
    monRuns = [...Object.values(scene.runs), ...extra].filter((run) => run.legacyId.startsWith('MON-'));
  }, 120_000);

  it('lists the company’s runs newest first, filters by status, legacy id and start dates, and pages', async () => {
    const { page } = await scene.suite.open();
    await signIn(page);
    await navigationMenu(page).getByRole('menuitem', { name: 'Report Legacy Task Monitoring' }).click();
    await page.waitForURL((url) => url.pathname === '/legacytask');
    await expect.poll(() => shownRuns(page), { timeout: 20_000 }).toHaveLength(monRuns.length);
    expect([...(await shownRuns(page))].sort()).toEqual(monRuns.map((run) => run.jobInstanceNo).sort());
    expect(await page.getByText(`${monRuns.length} runs`).isVisible()).toBe(true);
    // No manual refresh on this screen; the auto refresh is there.
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Auto Refresh' }).isChecked()).toBe(true);

    // The step-4 failure of MON-DOCERR as the task row shows it, with its step start times.
    const docErr = page
      .locator('tr.ant-table-row')
      .filter({ hasText: scene.runs[SCENE_JOBS.documentErrors]?.jobInstanceNo ?? '?' });
    // Issue 17: the steps are one strip of badges, each with its state and start time.
    expect(await docErr.getByRole('img', { name: /^Function status: ERROR/ }).count()).toBe(1);
    expect(
      await docErr
        .getByRole('img', { name: /^Load Files Status: SUCCESS\s+started \d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/ })
        .count(),
    ).toBe(1);
    const monitorLink = docErr.getByRole('link', { name: /Open the detail of/ });
    expect(await monitorLink.getAttribute('target')).toBe('_blank');
    const detail = new URL((await monitorLink.getAttribute('href')) ?? '');
    expect(detail.pathname).toBe('/legacydetail');
    expect(detail.searchParams.get('job_no')).toBe(scene.runs[SCENE_JOBS.documentErrors]?.jobInstanceNo);
    await expectNoPageOverflow(page);
    await screenshot(page, 'legacy-task-en');

    // Status: the ERROR runs only.
    await page.getByRole('checkbox', { name: 'ERROR' }).check();
    await search(page);
    const errors = monRuns.filter((run) => run.state === 'ERROR').map((run) => run.jobInstanceNo);
    expect(errors.length).toBeGreaterThan(0);
    await expect.poll(async () => [...(await shownRuns(page))].sort()).toEqual([...errors].sort());
    await page.getByRole('checkbox', { name: 'ERROR' }).uncheck();

    // Legacy ID: a part of it, any case.
    await page.getByLabel('Legacy ID', { exact: true }).fill('mon-o');
    await search(page);
    const outAndOk = monRuns.filter((run) => run.legacyId.toLowerCase().includes('mon-o'));
    await expect.poll(async () => (await shownRuns(page)).length).toBe(outAndOk.length);
    await page.getByLabel('Legacy ID', { exact: true }).fill('');

    // Start dates: from tomorrow nothing; today to today every run.
    await pickDate(page, 'Job Start From', bangkokDay(1).shown);
    await search(page);
    await page.getByText('No Data...').waitFor();
    await pickDate(page, 'Job Start From', bangkokDay().shown);
    await pickDate(page, 'Job Start To', bangkokDay().shown);
    await search(page);
    await expect.poll(async () => (await shownRuns(page)).length).toBe(monRuns.length);

    // Paging: 10 per page → ceil(11 / 10) = 2 pages; the last button, then the first.
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '10 / page' }).click();
    await expect.poll(async () => (await shownRuns(page)).length).toBe(10);
    await page.getByRole('button', { name: 'Last page' }).click();
    const lastPageRows = monRuns.length - 10;
    await expect.poll(async () => (await shownRuns(page)).length).toBe(lastPageRows);
    const firstOfLast = page.locator('.ant-table-tbody tr.ant-table-row').first();
    expect(await cellText(page, firstOfLast, '#')).toBe('11');
    expect(await page.getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(async () => (await shownRuns(page)).length).toBe(10);
  });

  it('keeps the search when the user leaves and comes back; Reset clears it', async () => {
    const { page } = await scene.suite.open();
    await signIn(page);
    await page.goto('/legacytask');
    await expect.poll(() => shownRuns(page), { timeout: 20_000 }).toHaveLength(monRuns.length);
    await page.getByLabel('Legacy ID', { exact: true }).fill(SCENE_JOBS.returnBlocked);
    await page.getByRole('checkbox', { name: 'ERROR' }).check();
    await search(page);
    const returnRun = scene.runs[SCENE_JOBS.returnBlocked]?.jobInstanceNo;
    await expect.poll(() => shownRuns(page)).toEqual([returnRun]);

    await navigationMenu(page).getByRole('menuitem', { name: 'Report Legacy Monitoring' }).click();
    await page.waitForURL((url) => url.pathname === '/legacyreport');
    await navigationMenu(page).getByRole('menuitem', { name: 'Report Legacy Task Monitoring' }).click();
    await expect.poll(() => shownRuns(page), { timeout: 20_000 }).toEqual([returnRun]);
    expect(await page.getByLabel('Legacy ID', { exact: true }).inputValue()).toBe(SCENE_JOBS.returnBlocked);
    expect(await page.getByRole('checkbox', { name: 'ERROR' }).isChecked()).toBe(true);
    // A reload of the page too.
    await page.reload();
    await expect.poll(() => shownRuns(page), { timeout: 20_000 }).toEqual([returnRun]);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => shownRuns(page)).toHaveLength(monRuns.length);
    expect(await page.getByLabel('Legacy ID', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'ERROR' }).isChecked()).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), TASK_SEARCH_KEY)).toBeNull();
  });

  it('exports the runs of the start dates as the "Legacy Tasks" workbook, and asks for a date first', async () => {
    const { page } = await scene.suite.open();
    await signIn(page);
    await page.goto('/legacytask');
    await expect.poll(() => shownRuns(page), { timeout: 20_000 }).toHaveLength(monRuns.length);

    await page.getByRole('button', { name: 'Export' }).click();
    await acknowledge(page, 'Please select a date (Job Start From) before exporting.');

    await pickDate(page, 'Job Start From', bangkokDay(1).shown);
    await page.getByRole('button', { name: 'Export' }).click();
    await acknowledge(page, 'Data not found');

    const today = bangkokDay();
    await pickDate(page, 'Job Start From', today.shown);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`legacy_tasks_${today.compact}_to_${today.compact}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Legacy Tasks']);
    const sheet = workbook.getWorksheet('Legacy Tasks');
    const values = (index: number) =>
      ((sheet?.getRow(index).values ?? []) as unknown[]).slice(1).map((value) => String(value ?? ''));
    expect(values(1)).toEqual([
      'number',
      'Company Code',
      'Legacy ID',
      'Legacy Name',
      'Job Instanceno',
      'Status',
      'Job Start',
      'Job Finished On',
      'Load Files Status',
      'Load Files started on',
      'Conversion Status',
      'Call Function Status',
      'Call Function started on',
      'Return Files Status',
      'Return Files started on',
      'Function status',
      'Message',
    ]);
    // Every run of the user's companies that started today, and nothing of the other company.
    expect(sheet?.rowCount).toBe(monRuns.length + 1);
    const exported = Array.from({ length: monRuns.length }, (_, i) => values(i + 2));
    expect(exported.map((row) => row[4]).sort()).toEqual(monRuns.map((run) => run.jobInstanceNo).sort());
    expect(exported.every((row) => row[1] === MONITORING_COMPANY.code)).toBe(true);
    const docErr = exported.find((row) => row[2] === SCENE_JOBS.documentErrors);
    expect(docErr?.[15]).toBe('ERROR');
    expect(docErr?.[6]).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);

    // In Thai, the date message too (Reset empties the dates; Enter in a date field had searched).
    await switchLanguage(page, 'th');
    await page.getByRole('button', { name: 'ล้างค่า' }).click();
    await expect.poll(() => page.getByLabel('เริ่มทำงานตั้งแต่', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'ส่งออก' }).click();
    await acknowledge(page, 'กรุณาเลือกวันที่ (เริ่มทำงานตั้งแต่) ก่อนส่งออก', 'ตกลง');
    await screenshot(page, 'legacy-task-th');
  });
});

describe('Report Legacy Manual (/legacyreport-manual)', () => {
  it('has no menus, starts with the auto refresh off, shows the same rows, and the filter check follows focus', async () => {
    const { page } = await scene.suite.open();
    await signIn(page);
    await expect.poll(() => shownLegacyIds(page), { timeout: 20_000 }).toHaveLength(MON_JOBS.length);
    const monitoringRows = await shownLegacyIds(page);

    await page.goto('/legacyreport-manual');
    await page.getByRole('heading', { name: 'Legacy - Manual report' }).waitFor();
    expect(await navigationMenu(page).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Auto Refresh' }).isChecked()).toBe(false);
    await expect.poll(() => shownLegacyIds(page), { timeout: 20_000 }).toEqual(monitoringRows);
    await expectNoPageOverflow(page);
    await screenshot(page, 'legacy-report-manual-en');

    const filterCheck = page.getByRole('checkbox', { name: 'Apply filters' });
    await page.getByLabel('Legacy ID', { exact: true }).fill('mon-o');
    await search(page);
    expect(await filterCheck.isChecked()).toBe(true);
    await expect
      .poll(async () => [...(await shownLegacyIds(page))].sort())
      .toEqual([SCENE_JOBS.ok, SCENE_JOBS.outWait].sort());

    // Focusing a filter input unticks the check: every row again.
    await page.getByLabel('Company Code', { exact: true }).focus();
    await expect.poll(() => filterCheck.isChecked()).toBe(false);
    await expect.poll(() => shownLegacyIds(page)).toEqual(monitoringRows);
    // Leaving it while Legacy ID holds text ticks it again.
    await page.getByRole('heading', { name: 'Legacy - Manual report' }).click();
    await expect.poll(() => filterCheck.isChecked()).toBe(true);
    await expect.poll(async () => (await shownLegacyIds(page)).length).toBe(2);

    // Any screen opened with `_blank` (other than 'false') has no menus either.
    await page.goto('/legacytask?_blank=true');
    await page.getByRole('heading', { name: 'Report Legacy Task Monitoring' }).waitFor();
    expect(await navigationMenu(page).count()).toBe(0);
    await page.goto('/legacytask?_blank=false');
    await navigationMenu(page).waitFor();
  });
});

describe('Monitoring wall display (/monitor)', () => {
  it('needs a session', async () => {
    const { page } = await scene.suite.open();
    await page.goto('/monitor');
    await page.waitForURL((url) => url.pathname === '/auth/signin');
  });

  it('shows the report full screen without menus and follows a job that runs', async () => {
    const { page } = await scene.suite.open();
    await signIn(page);
    await page.goto(`/monitor?company_code=${MONITORING_COMPANY.code}`);
    await page.getByRole('heading', { name: 'Monitoring Wall Display' }).waitFor();
    expect(await navigationMenu(page).count()).toBe(0);
    await expect.poll(() => shownLegacyIds(page), { timeout: 20_000 }).toHaveLength(MON_JOBS.length);
    expect(await page.locator('.ant-table-row button, .ant-table-row a').count()).toBe(0);
    expect(await page.getByTestId('wall-count-jobs').innerText()).toBe(String(MON_JOBS.length));
    await expectCell(page, SCENE_JOBS.returnBlocked, 'Status', 'ERROR');
    const errorsBefore = Number(await page.getByTestId('wall-count-error').innerText());
    expect(errorsBefore).toBeGreaterThanOrEqual(2);
    await expectNoPageOverflow(page);
    await screenshot(page, 'monitor-wall-en');

    // MON-RETURN runs again with its return folder free: the wall follows without a touch.
    scene.unblockReturn();
    scene.dropFile(SCENE_JOBS.returnBlocked, 'RET_002.csv', 'R3,z,10\n');
    const run = await scene.runNow(SCENE_JOBS.returnBlocked, 'IN_WAIT');
    expect(run.state).toBe('FINISHED');
    await expectCell(page, SCENE_JOBS.returnBlocked, 'Status', 'FINISHED');
    await expect
      .poll(async () => Number(await page.getByTestId('wall-count-error').innerText()))
      .toBe(errorsBefore - 1);
    expect(pathOf(page)).toBe(`/monitor?company_code=${MONITORING_COMPANY.code}`);
    expect(await reportRow(page, SCENE_JOBS.returnBlocked).count()).toBe(1);
  });
});

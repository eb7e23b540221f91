import { describe, expect, it } from 'vitest';
import { eventually } from '../apps/server/src/test-support/eventually.js';
import type { Page } from 'playwright-core';
import { api, createCompany, createUserWithRole, login, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { navigationMenu, signInAsAdmin, signInWithForm, switchLanguage } from './support/console.js';
import { countRows, insertRows, updateJobConfigs } from './support/database.js';
import type { LisServer } from './support/server.js';
import { useE2eSuite } from './support/suite.js';

const SID = '555';
const NORTH = { code: 'NORTH01', name: 'North Freight' };
const SOUTH = { code: 'SOUTH02', name: 'South Assurance' };
const EVERY_SECOND = '* * * * * ?';
const LONG_NAME = 'Policy Export for Reinsurance Partners';

interface Job {
  company: string;
  legacyId: string;
  legacyName: string;
  cron: string;
}

/** Rarely firing jobs in two companies, and one every-second job so that Last Fire gets filled. */
const JOBS: Job[] = [
  { company: NORTH.code, legacyId: 'INV_DAILY', legacyName: 'Invoice Daily Export', cron: '0 0 12 * * ?' },
  { company: NORTH.code, legacyId: 'PAY_MONTHEND', legacyName: 'Payroll Month End', cron: '0 15 10 L * ?' },
  { company: NORTH.code, legacyId: 'HEARTBEAT', legacyName: 'Heartbeat Ping', cron: EVERY_SECOND },
  {
    company: SOUTH.code,
    legacyId: 'CLAIM_SYNC',
    legacyName: 'Claim Batch Upload',
    cron: '0 0 12 * * ?|0 0 18 ? * MON-FRI',
  },
  { company: SOUTH.code, legacyId: 'POLICY_EXP', legacyName: LONG_NAME, cron: '0 15 10 L * ?' },
];
/** One trigger per expression. */
const TRIGGER_COUNT = JOBS.reduce((n, job) => n + job.cron.split('|').length, 0);
const HEARTBEAT_TRIGGER = `job|${NORTH.code}|HEARTBEAT|0`;
const QUARTZ_TIME = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;

/** What GET /v1/lis-server/quartz answers per trigger (spec 001 §3 "Quartz row" and ours). */
interface QuartzRow {
  legacy_name: string;
  jobGroup: string;
  jobName: string;
  previous_fire: string;
  next_fire: string;
  is_completed: boolean;
  trigger_id: string;
  state: string;
}

/** One row of the screen's table, by column. */
interface ShownRow {
  index: string;
  legacyName: string;
  companyCode: string;
  legacyId: string;
  lastFire: string;
  nextFire: string;
  completed: string;
  action?: string;
}

function jobConfigRow(job: Job, now: number) {
  return {
    company_code: job.company,
    legacy_id: job.legacyId,
    sid: SID,
    legacy_name: job.legacyName,
    legacy_type: 'IN_WAIT',
    important_job: 'False',
    is_active: 'Y',
    has_suspend: 'N',
    stopif_step4_error: 'N',
    criteria_stopif_mainstatus_warning: 'Y',
    cron_trigger: job.cron,
    legacy_criteria: '',
    overlap_policy: 'skip',
    misfire_policy: 'fire_once_now',
    created_at: now,
    updated_at: now,
    updated_by: 'e2e',
  };
}

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, NORTH.code, NORTH.name);
  await createCompany(server, token, SOUTH.code, SOUTH.name);
  // No API creates job configurations yet: straight into the table, then the scheduler syncs them.
  insertRows(
    server,
    'job_configs',
    JOBS.map((job) => jobConfigRow(job, Date.now())),
  );
  for (const company of [NORTH.code, SOUTH.code]) {
    const answer = await api<{ job_count: number }>(server, 'POST', '/v1/lis-server/re-scheduler', {
      token,
      body: { sid: SID, company_code: company, legacy_id: '' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.job_count).toBe(JOBS.filter((job) => job.company === company).length);
  }
});

async function quartzRows(server: LisServer, token: string): Promise<QuartzRow[]> {
  const answer = await api<{ result_list: QuartzRow[] }>(server, 'GET', '/v1/lis-server/quartz', { token });
  expect(answer.status).toBe(200);
  return answer.body.result_list;
}

async function quartzRow(
  server: LisServer,
  token: string,
  triggerId: string,
): Promise<QuartzRow | undefined> {
  return (await quartzRows(server, token)).find((row) => row.trigger_id === triggerId);
}

const heartbeatRuns = (server: LisServer) =>
  countRows(server, 'job_runs', 'trigger_id = ?', HEARTBEAT_TRIGGER);

/** The firing passes the server's scheduler has made (its /metrics, read as the super admin). */
async function schedulerPasses(server: LisServer, token: string): Promise<number> {
  const { body } = await api<string>(server, 'GET', '/metrics', { token });
  const line = String(body)
    .split('\n')
    .find((text) => text.startsWith('lis_node_scheduler_passes_total'));
  return Number(line?.split(' ').at(-1));
}

/** Waits until the scheduler has ended `passes` more firing passes. */
async function schedulerPassesMore(server: LisServer, token: string, passes: number): Promise<void> {
  const before = await schedulerPasses(server, token);
  await eventually(async () => (await schedulerPasses(server, token)) >= before + passes, {
    timeout: 30_000,
    interval: 200,
    message: `${passes} more firing passes of the scheduler`,
  });
}

/** The table's rows as the user sees them (the index column first, the stop column last when shown). */
async function shownRows(page: Page): Promise<ShownRow[]> {
  const cells = await page
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
  return cells.map(([index, legacyName, companyCode, legacyId, lastFire, nextFire, completed, action]) => ({
    index: index ?? '',
    legacyName: legacyName ?? '',
    companyCode: companyCode ?? '',
    legacyId: legacyId ?? '',
    lastFire: lastFire ?? '',
    nextFire: nextFire ?? '',
    completed: completed ?? '',
    ...(action === undefined ? {} : { action }),
  }));
}

const legacyIdsShown = async (page: Page) => (await shownRows(page)).map((row) => row.legacyId).sort();
const headers = (page: Page) => page.locator('.ant-table-thead th').allInnerTexts();
const heartbeatRow = (page: Page) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'HEARTBEAT' });

/**
 * At the suite's 1366×800 window with the side menu open: neither the page nor the table scrolls
 * sideways, Legacy Name (the one column without a fixed width) keeps a readable width, and no header
 * is cut short.
 */
async function expectReadableLayout(page: Page): Promise<void> {
  const layout = await page.evaluate(() => {
    // A cell, or a block inside it, whose text is wider than its box (hidden or ended by '…').
    const isCut = (cell: HTMLElement) =>
      [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].some(
        (element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1,
      );
    const content = document.querySelector('.ant-table-content');
    const nameHeader = Array.from(document.querySelectorAll('.ant-table-thead th'))[1];
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: content ? content.scrollWidth - content.clientWidth : -1,
      legacyName: nameHeader?.getBoundingClientRect().width ?? 0,
      cutHeaders: Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead th'))
        .filter(isCut)
        .map((th) => th.innerText),
      cutNames: Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'))
        .map((row) => row.querySelectorAll<HTMLElement>('td')[1])
        .filter((td): td is HTMLElement => td !== undefined && isCut(td))
        .map((td) => td.innerText),
    };
  });
  expect(layout.page, 'page wider than the window').toBe(0);
  expect(layout.table, 'table wider than its card').toBe(0);
  expect(layout.legacyName, 'width of Legacy Name').toBeGreaterThanOrEqual(140);
  expect(layout.cutHeaders, 'headers cut short').toEqual([]);
  // A long name ends with '…' in its cell (and the check above does see a cut text).
  expect(layout.cutNames).toEqual([LONG_NAME]);
}

async function openQuartzMonitor(page: Page): Promise<void> {
  await navigationMenu(page).getByRole('menuitem', { name: 'Quartz Monitor' }).click();
  await page.waitForURL((url) => url.pathname === '/quartzmonitor');
  await page.getByRole('heading', { name: 'Quartz Monitor' }).waitFor();
}

/** Clicks the row's stop (or resume) button and confirms with Yes. */
async function confirmRowAction(page: Page, button: string, title: string, done: string): Promise<void> {
  await heartbeatRow(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(`HEARTBEAT (${NORTH.code})`);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(done).waitFor();
}

/** Types a dd/mm/yyyy date into the filter's date picker labelled `label`. */
async function pickFilterDate(page: Page, label: string, date: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(date);
}

describe('Quartz Monitor', () => {
  it('lists, filters, stops and resumes triggers as admin, in English and Thai', async () => {
    const { server } = suite;
    const { access_token: token } = await loginAdmin(server);

    // The every-second job has fired, so its Last Fire is filled.
    await expect
      .poll(async () => (await quartzRow(server, token, HEARTBEAT_TRIGGER))?.previous_fire, {
        timeout: 15_000,
      })
      .toMatch(QUARTZ_TIME);
    const served = await quartzRows(server, token);
    expect(served).toHaveLength(TRIGGER_COUNT);

    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await openQuartzMonitor(page);
    await expect.poll(async () => (await shownRows(page)).length).toBe(TRIGGER_COUNT);
    expect(await headers(page)).toEqual([
      '#',
      'Legacy Name',
      'Company Code',
      'Legacy ID',
      'Last Fire',
      'Next Fire',
      'Completed',
      'Stop',
    ]);

    // Every trigger with its job's name, the company after '|', its legacy id and fire times.
    const rows = await shownRows(page);
    expect(rows.map((row) => row.index)).toEqual(rows.map((_, i) => String(i + 1)));
    for (const job of JOBS) {
      const own = rows.filter((row) => row.legacyId === job.legacyId);
      expect(own, job.legacyId).toHaveLength(job.cron.split('|').length);
      for (const row of own) {
        expect(row).toMatchObject({ legacyName: job.legacyName, companyCode: job.company, completed: 'No' });
        expect(row.nextFire).toMatch(QUARTZ_TIME);
        expect(row.action).toBe('Stop');
        if (job.cron === EVERY_SECOND) expect(row.lastFire).toMatch(QUARTZ_TIME);
        else expect(row.lastFire).toBe('');
      }
    }
    // The screen shows what the server computed.
    const claim = served.find((row) => row.trigger_id === `job|${SOUTH.code}|CLAIM_SYNC|0`);
    expect(claim?.jobGroup).toBe(`${SID}|${SOUTH.code}`);
    expect(
      rows.find((row) => row.legacyId === 'CLAIM_SYNC' && row.nextFire === claim?.next_fire),
    ).toBeDefined();

    // Filters: substrings in any case; the date part of Next Fire.
    const legacyName = page.getByLabel('Legacy Name', { exact: true });
    const companyCode = page.getByLabel('Company Code', { exact: true });
    const legacyId = page.getByLabel('Legacy ID', { exact: true });
    await legacyName.fill('invoice daily');
    await expect.poll(() => legacyIdsShown(page)).toEqual(['INV_DAILY']);
    await legacyName.fill('EXPORT');
    await expect.poll(() => legacyIdsShown(page)).toEqual(['INV_DAILY', 'POLICY_EXP']);
    await companyCode.fill('south');
    await expect.poll(() => legacyIdsShown(page)).toEqual(['POLICY_EXP']);
    await legacyName.fill('');
    await expect.poll(() => legacyIdsShown(page)).toEqual(['CLAIM_SYNC', 'CLAIM_SYNC', 'POLICY_EXP']);
    await legacyId.fill('sync');
    await expect.poll(() => legacyIdsShown(page)).toEqual(['CLAIM_SYNC', 'CLAIM_SYNC']);
    await companyCode.fill('north');
    await expect.poll(() => legacyIdsShown(page)).toEqual([]);
    await page.getByText('No Data...').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => (await shownRows(page)).length).toBe(TRIGGER_COUNT);
    expect(await legacyId.inputValue()).toBe('');

    const monthEnd = served.find((row) => row.jobName === 'PAY_MONTHEND');
    const day = monthEnd?.next_fire.slice(0, 10) ?? '';
    const onThatDay = served
      .filter((row) => row.next_fire.startsWith(day))
      .map((row) => row.jobName)
      .sort();
    expect(onThatDay).toContain('POLICY_EXP');
    expect(onThatDay).not.toContain('HEARTBEAT');
    await pickFilterDate(page, 'Next Fire', day.replace(/-/g, '/'));
    await expect.poll(() => legacyIdsShown(page)).toEqual(onThatDay);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => (await shownRows(page)).length).toBe(TRIGGER_COUNT);
    // Last Fire: only the every-second job has fired (the date as the table shows it).
    const lastFire = (await shownRows(page)).find((row) => row.legacyId === 'HEARTBEAT')?.lastFire ?? '';
    await pickFilterDate(page, 'Last Fire', lastFire.slice(0, 10).replace(/-/g, '/'));
    await expect.poll(() => legacyIdsShown(page)).toEqual(['HEARTBEAT']);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => (await shownRows(page)).length).toBe(TRIGGER_COUNT);

    // Stop: the trigger is paused on the server, and the every-second job gets no new runs.
    expect(await heartbeatRuns(server)).toBeGreaterThan(0);
    await confirmRowAction(page, 'Stop', 'Stop this trigger?', 'The trigger is stopped');
    await expect.poll(async () => (await quartzRow(server, token, HEARTBEAT_TRIGGER))?.state).toBe('PAUSED');
    await heartbeatRow(page).getByText('Stopped', { exact: true }).waitFor();
    await heartbeatRow(page).getByRole('button', { name: 'Resume' }).waitFor();
    // A fire that was already being written ends with the pass that made it.
    await schedulerPassesMore(server, token, 1);
    const runsWhenPaused = await heartbeatRuns(server);
    // Unpaused, the every-second trigger would be the loop's next wake-up: two passes on, it would have fired.
    await schedulerPassesMore(server, token, 2);
    expect(await heartbeatRuns(server)).toBe(runsWhenPaused);
    expect((await quartzRow(server, token, HEARTBEAT_TRIGGER))?.state).toBe('PAUSED');

    await page.getByText('The trigger is stopped').waitFor({ state: 'hidden', timeout: 10_000 });
    await expectReadableLayout(page);
    await screenshot(page, 'quartz-monitor-en');

    // Thai: the headers, the filter and the buttons.
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'ติดตามตารางเวลา Quartz' }).waitFor();
    expect(await headers(page)).toEqual([
      'ลำดับ',
      'ชื่องาน (Legacy Name)',
      'รหัสบริษัท',
      'Legacy ID',
      'ทำงานครั้งล่าสุด',
      'ทำงานครั้งถัดไป',
      'เสร็จสิ้น',
      'หยุด',
    ]);
    await page.getByRole('button', { name: 'โหลดใหม่' }).waitFor();
    await page.getByRole('button', { name: 'ล้างค่า' }).waitFor();
    expect(await page.getByRole('button', { name: /หยุด$/ }).count()).toBe(TRIGGER_COUNT - 1);
    await heartbeatRow(page).getByRole('button', { name: 'ทำงานต่อ' }).waitFor();
    await heartbeatRow(page).getByText('หยุดอยู่').waitFor();
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await page.getByText('ไม่ใช่', { exact: true }).count()).toBe(TRIGGER_COUNT);
    await expectReadableLayout(page);
    await screenshot(page, 'quartz-monitor-th');
    await switchLanguage(page, 'en');

    // Resume: it fires again.
    await confirmRowAction(page, 'Resume', 'Resume this trigger?', 'The trigger runs again');
    await expect.poll(async () => (await quartzRow(server, token, HEARTBEAT_TRIGGER))?.state).toBe('WAITING');
    await expect.poll(() => heartbeatRuns(server), { timeout: 10_000 }).toBeGreaterThan(runsWhenPaused);
    await heartbeatRow(page).getByRole('button', { name: 'Stop' }).waitFor();
  });

  it("shows a user only their company's triggers, without the stop button", async () => {
    const { server } = suite;
    const { access_token: token } = await loginAdmin(server);
    const user = await createUserWithRole(server, token, 'south.viewer', 'user', SOUTH.code);

    const { page } = await suite.open();
    await signInWithForm(page, user.id, user.password);
    await openQuartzMonitor(page);
    const southTriggers = JOBS.filter((job) => job.company === SOUTH.code).flatMap((job) =>
      job.cron.split('|').map(() => job.legacyId),
    );
    await expect.poll(() => legacyIdsShown(page)).toEqual(southTriggers.sort());
    const rows = await shownRows(page);
    expect(rows.every((row) => row.companyCode === SOUTH.code && row.action === undefined)).toBe(true);
    expect(await headers(page)).not.toContain('Stop');
    expect(await page.getByRole('button', { name: /^(Stop|Resume)$/ }).count()).toBe(0);

    // The server agrees: the list holds their company only, and stopping is refused.
    const { access_token: userToken } = await login(server, user.id, user.password);
    const listed = await quartzRows(server, userToken);
    expect(new Set(listed.map((row) => row.jobGroup))).toEqual(new Set([`${SID}|${SOUTH.code}`]));
    const refused = await api(server, 'POST', '/v1/lis-server/quartz/pause', {
      token: userToken,
      body: { trigger_id: `job|${SOUTH.code}|POLICY_EXP|0`, company_code: SOUTH.code },
    });
    expect(refused.status).toBe(403);
  });

  it('tags the triggers of a suspended job and of a job switched off, in English and Thai (issue 17)', async () => {
    const { server } = suite;
    const flags = (legacyId: string, suspend: 'Y' | 'N', active: 'Y' | 'N') =>
      updateJobConfigs(
        server,
        'update job_configs set has_suspend = ?, is_active = ? where legacy_id = ?',
        suspend,
        active,
        legacyId,
      );
    flags('POLICY_EXP', 'Y', 'Y');
    flags('PAY_MONTHEND', 'N', 'N');
    try {
      const { page } = await suite.open();
      await signInAsAdmin(page, server);
      await openQuartzMonitor(page);
      const row = (legacyId: string) =>
        page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: legacyId });
      await row('POLICY_EXP').getByText('Job suspended').waitFor();
      await row('PAY_MONTHEND').getByText('Job off').waitFor();
      expect(
        await row('INV_DAILY')
          .getByText(/^Job (suspended|off)$/)
          .count(),
      ).toBe(0);
      await switchLanguage(page, 'th');
      await row('POLICY_EXP').getByText('งานถูกระงับ').waitFor();
      await row('PAY_MONTHEND').getByText('งานปิดอยู่').waitFor();
      await screenshot(page, 'quartz-monitor-job-tags-th');
    } finally {
      flags('POLICY_EXP', 'N', 'Y');
      flags('PAY_MONTHEND', 'N', 'Y');
    }
  });
});

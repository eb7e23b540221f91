import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually } from '../apps/server/src/test-support/eventually.js';
import { api, createApiServer, createSftpServer, createUserWithRole, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { withServerDatabase } from './support/database.js';
import { bangkokDay, pickDate } from './support/dates.js';
import type { LisServer } from './support/server.js';
import { useE2eSuite } from './support/suite.js';
import { measure } from './support/table-fit.js';
import { LONG_ALERTS, seedFitAlerts, seedFitDeadlines, stopFitReceiver } from './support/fit-alerts.js';
import { reportMessages } from '../apps/web/src/features/reports/reports.i18n.js';
import { filterPanelMessages } from '../apps/web/src/ui/filter-panel/filter-panel.i18n.js';

/**
 * Issue 31 point 5: every table of every route fits a 1366×768 laptop in English and Thai — no
 * sideways scroll of the page or of a table, and every id whole (not cut with "…", not broken inside a
 * word). Against the demo (its jobs run every minute) plus configuration with long, realistic ids
 * (30+ characters), so that a column too narrow for them shows.
 */
const suite = useE2eSuite(seedLongIds, { serverEnv: { LIS_DEMO: 'on', LIS_TIMEZONE: 'Asia/Bangkok' } });
const LAPTOP = { width: 1366, height: 768 } as const;
const COMPANY = 'DEMO';

/** Long ids as partners name them: words joined by `_` or `-`. */
const LONG = {
  jobs: [
    'DEMO_PAYMENTS_RECONCILIATION_MONTHLY_CHECK',
    'DEMO-ORDERS-CSV-VALIDATION-NIGHTLY-BATCH',
    'DEMO_PAYROLL_TH_FIXED_WIDTH_WIN874_EXPORT',
  ],
  pull: 'DEMO_PULL_EXCHANGE_RATES_BANK_OF_THAILAND',
  chain: 'DEMO_CHAIN_MONTH_END_SETTLEMENT_BATCH',
  sftp: 'DEMO_SFTP_PARTNER_BANK_SETTLEMENT_PROD',
  api: 'DEMO_FUNCTIONS_RECONCILIATION_SERVER_01',
  dms: 'DEMO_DMS_DOCUMENT_ARCHIVE_SERVER_PROD',
  user: 'somchai.jaidee-finance-operations',
} as const;

/** Job instance numbers of the long jobs' runs (filled by the setup). */
const runNumbers: string[] = [];

function endedRun(server: LisServer, jobInstanceNo: string): string | undefined {
  return withServerDatabase(
    server,
    (db) =>
      (
        db
          .prepare('select state from job_runs where job_instance_no = ? and finished_at is not null')
          .get(jobInstanceNo) as { state: string } | undefined
      )?.state,
    { readonly: true },
  );
}

async function seedLongIds(server: LisServer): Promise<void> {
  const { access_token: token } = await loginAdmin(server);
  const ok = async (what: string, answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  await createSftpServer(server, token, {
    companycode: COMPANY,
    sftp_server_id: LONG.sftp,
    sftp_ip: '127.0.0.1',
    sftp_port: 2222,
    sftp_username: 'settlement-batch-user',
    sftp_password: 'Settlement-Batch-Pass-2026',
  });
  await createApiServer(server, token, {
    companycode: COMPANY,
    api_serverid: LONG.api,
    api_url_callfunction: 'http://127.0.0.1:9/reconciliation/functions/call',
    api_username: 'reconciliation-functions',
    api_password: 'Reconciliation-Pass-2026',
  });
  await ok(
    'DMS server',
    api(server, 'POST', '/v1/config/dms', {
      token,
      body: {
        sid: '555',
        companycode: COMPANY,
        dms_serverid: LONG.dms,
        dms_url: 'http://127.0.0.1:9/document-archive',
        dms_token: 'Archive-Token-2026',
      },
    }),
  );
  // The long jobs use the demo's own servers, so that their runs really run.
  for (const [index, legacyid] of [...LONG.jobs, LONG.pull].entries()) {
    await ok(
      `job ${legacyid}`,
      api(server, 'POST', '/v1/config/job-config/add', {
        token,
        body: {
          sid: '555',
          companycode: COMPANY,
          legacyid,
          legacyname: `รายงานกระทบยอดการชำระเงินประจำเดือน ${index + 1} — monthly settlement`,
          legacytype: legacyid === LONG.pull ? 'PULL_WAIT' : 'OUT_WAIT',
          isactive: 'Y',
          // Once a night: the Quartz Monitor lists the trigger, the test never waits for it.
          cron_trigger: '0 0 3 ? * *',
          api_serverid: 'demo-functions',
          api_classname: 'Demo',
          api_function_name: 'generate',
          sftp_return_server_id: 'demo-sftp',
          sftp_return_path: `/return/long-${index}`,
          email_error_to: 'operations@demo.example',
          email_error_is_active: 'Y',
        },
      }),
    );
  }
  await ok(
    'chain',
    api(server, 'POST', '/v1/chainjob/insert', {
      token,
      body: {
        Sid: '555',
        CompanyCode: COMPANY,
        ChainId: LONG.chain,
        ChainName: 'ปิดงวดสิ้นเดือน — month-end settlement',
        IsActive: 'true',
        LegacyList: `${LONG.jobs[0]}|${LONG.jobs[1]}`,
        CronTrigger: '0 0 2 ? * *',
      },
    }),
  );
  await createUserWithRole(server, token, LONG.user, 'admin', COMPANY);
  for (const legacyId of LONG.jobs) {
    const answer = (await ok(
      `run ${legacyId}`,
      api(
        server,
        'GET',
        `/v1/lis-server/run-immediate?sid=555&company_code=${COMPANY}&legacy_id=${legacyId}&legacy_type=OUT_WAIT`,
        { token },
      ),
    )) as { job_instance_no: string };
    runNumbers.push(answer.job_instance_no);
  }
  for (const number of runNumbers)
    await eventually(() => endedRun(server, number), { timeout: 60_000, message: `run ${number}` });
  // Issue 35: alerts of jobs with long ids and their delivery attempts; today's file deadlines.
  await seedFitAlerts(server, token, COMPANY, LONG.api);
  seedFitDeadlines(server, COMPANY, {
    [LONG.jobs[0]]: [-30, 'ON_TIME'],
    [LONG.jobs[1]]: [20, 'LATE'],
    [LONG.jobs[2]]: [-20, 'RECOVERED'],
    [LONG.pull]: [240, 'PENDING'],
    [LONG_ALERTS.jobs[0]]: [-60, 'MISSING'],
    [LONG_ALERTS.jobs[1]]: [-45, 'MISSING'],
  });
}

afterAll(stopFitReceiver);

interface Route {
  path: () => string;
  /** An id that must show whole on the route (the test fails when it is hidden or cut). */
  shows?: () => string;
  /** The screenshot's name (docs/screenshots/<name>-1366-<language>.png). */
  photo?: string;
  /** What to do before the table has rows (a search). */
  prepare?: (page: Page) => Promise<void>;
}

/** Fills the download screen's search (every field is required) with the first long job, today. */
async function searchDownloads(page: Page): Promise<void> {
  const language = (await page.evaluate(() => document.documentElement.lang)) as 'en' | 'th';
  const t = reportMessages[language];
  await page.getByLabel(t.companyCode, { exact: true }).fill(COMPANY);
  await page.getByLabel(t.legacyId, { exact: true }).fill(LONG.jobs[0]);
  await pickDate(page, t.jobStartFrom, bangkokDay(-1).shown);
  await pickDate(page, t.jobStartTo, bangkokDay(1).shown);
  await page.getByRole('button', { name: new RegExp(`${filterPanelMessages[language].search}$`) }).click();
}

/** The monitoring reports list the latest runs first: the search narrows them to the long jobs. */
async function searchLongJobs(page: Page): Promise<void> {
  await page.getByLabel('Legacy ID', { exact: true }).fill(LONG.jobs[1]);
  await page.getByRole('button', { name: /(Search|ค้นหา)$/ }).click();
}

/**
 * The task list shows the latest runs first and the demo adds runs every minute: on a slow machine the
 * long job's run leaves the first page before the Thai pass, so the search narrows the list to that job.
 */
async function searchLongTask(page: Page): Promise<void> {
  await page.getByLabel('Legacy ID', { exact: true }).fill(LONG.jobs[2]);
  await page.getByRole('button', { name: /(Search|ค้นหา)$/ }).click();
}

/** The Alerts screen: the delivery attempts of the long job's alert (a popover beside its row). */
async function openDeliveries(page: Page): Promise<void> {
  const row = page.locator('.ant-table-row').filter({ hasText: LONG_ALERTS.jobs[1] });
  await row.getByTestId('alert-deliveries-button').click();
  await page.getByTestId('alert-deliveries').getByTestId('alert-delivery').nth(1).waitFor();
}

/** Alert Config's second tab: the rules. */
async function showRules(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /^(Rules|กฎ)$/ }).click();
}

/** Every id the test looks for in the tables: the long ones and the demo's (`DEMO_` starts them all). */
const ALL_IDS = [
  ...LONG.jobs,
  LONG.pull,
  LONG.chain,
  LONG.sftp,
  LONG.api,
  LONG.dms,
  LONG.user,
  ...LONG_ALERTS.jobs,
  LONG_ALERTS.channel,
  LONG_ALERTS.rule,
  'DEMO_',
];

const detailPath = () => {
  const query = new URLSearchParams({
    company_code: COMPANY,
    legacy_id: LONG.jobs[0],
    job_no: runNumbers[0] ?? '',
    legacytype: 'OUT_WAIT',
  });
  return `/legacydetail?${query.toString()}`;
};

/** Every route of the route table that shows a table (as the super admin sees them). */
const ROUTES: readonly Route[] = [
  { path: () => '/legacyreport', shows: () => LONG.jobs[1], prepare: searchLongJobs },
  { path: () => '/legacyreport-manual', shows: () => LONG.jobs[1], prepare: searchLongJobs },
  {
    path: () => '/legacytask',
    shows: () => runNumbers[2] ?? '?',
    prepare: searchLongTask,
    photo: 'fit-legacy-task',
  },
  { path: () => '/legacylog' },
  { path: () => '/quartzmonitor', shows: () => LONG.jobs[0] },
  {
    path: () => '/downloadsourceandresponsefile',
    shows: () => runNumbers[0] ?? '?',
    prepare: searchDownloads,
  },
  { path: () => '/applicationlog' },
  { path: () => '/masterconfig', shows: () => LONG.jobs[0], photo: 'fit-job-config' },
  { path: () => '/pulljobconfig', shows: () => LONG.pull },
  { path: () => '/pulljobconfig-log', shows: () => LONG.pull },
  { path: () => '/companyconfig', shows: () => LONG.api },
  { path: () => '/sftpconfig', shows: () => LONG.sftp },
  { path: () => '/dmsconfig', shows: () => LONG.dms },
  { path: () => '/employee', shows: () => LONG.user },
  { path: () => '/chain-job-config', shows: () => LONG.chain },
  { path: detailPath, shows: () => runNumbers[0] ?? '?' },
  { path: () => '/daily-report', shows: () => LONG.jobs[0], photo: 'fit-daily-report' },
  { path: () => '/expected-running-job-report', shows: () => 'DEMO_PAYMENTS_CHECK' },
  { path: () => '/uploadfileconfig' },
  { path: () => '/alerts', shows: () => LONG_ALERTS.jobs[1], prepare: openDeliveries, photo: 'fit-alerts' },
  { path: () => '/alertconfig', shows: () => LONG_ALERTS.channel },
  { path: () => '/alertconfig', shows: () => LONG_ALERTS.rule, prepare: showRules, photo: 'fit-alert-rules' },
  { path: () => `/monitor?company_code=${COMPANY}`, shows: () => 'DEMO_' },
];

describe('Every table fits 1366×768 in English and Thai (issue 31)', () => {
  it('no route with a table scrolls sideways, and every id in a table is whole', async () => {
    const { page } = await suite.open();
    await page.setViewportSize(LAPTOP);
    await signInAsAdmin(page, suite.server);
    for (const language of ['en', 'th'] as const) {
      if (language === 'th') await switchLanguage(page, 'th');
      for (const route of ROUTES) {
        const where = `${language} ${route.path()}`;
        await page.goto(route.path());
        await page.locator('.ant-table-wrapper').first().waitFor({ timeout: 20_000 });
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        await route.prepare?.(page);
        const wanted = route.shows?.();
        // Once the rows are there: the id to see is on screen (whole or cut: the checks below say which).
        if (wanted)
          await expect
            .poll(
              async () => {
                const fit = await measure(page, ALL_IDS);
                return [...fit.whole, ...fit.cut].some((entry) => entry.includes(wanted));
              },
              { timeout: 20_000, message: `${where}: ${wanted} on screen` },
            )
            .toBe(true);
        const fit = await measure(page, ALL_IDS);
        expect(fit.page, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
        expect(fit.tables.length, `${where}: tables`).toBeGreaterThan(0);
        for (const sideways of fit.tables)
          expect(sideways, `${where}: a table scrolls sideways`).toBeLessThanOrEqual(0);
        expect(fit.cut, `${where}: ids cut`).toEqual([]);
        if (wanted)
          expect(
            fit.whole.some((id) => id.includes(wanted)),
            `${where}: ${wanted} whole`,
          ).toBe(true);
        if (route.photo) {
          // The Daily Report's timeline stands above its table: the page's scroller brings the table up.
          if (route.photo === 'fit-daily-report')
            await page
              .locator('.ant-table-wrapper')
              .first()
              .evaluate((table) => {
                let scroller = table.parentElement;
                while (
                  scroller &&
                  !(
                    scroller.scrollHeight > scroller.clientHeight + 1 &&
                    /auto|scroll/.test(getComputedStyle(scroller).overflowY)
                  )
                )
                  scroller = scroller.parentElement;
                const target = scroller ?? document.scrollingElement;
                if (!target) return;
                const offset = table.getBoundingClientRect().top - target.getBoundingClientRect().top;
                target.scrollTop += offset - 120;
              });
          await screenshot(page, `${route.photo}-1366-${language}`);
        }
      }
    }
  }, 600_000);
});

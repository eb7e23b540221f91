import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  canRunOpenSsh,
  startOpenSshServer,
  type OpenSshServer,
} from '../apps/server/src/test-support/openssh-server.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../tools/reference-function-server/reference-function-server.js';
import { acknowledge, chooseOption, dialogWith, tableFit } from './support/antd.js';
import { createApiServer, createCompany, createSftpServer, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { hasThai, navigationMenu, signInAsAdmin, switchLanguage } from './support/console.js';
import { withServerDatabase } from './support/database.js';
import {
  addTypedCron,
  chooseServer,
  cronExpressions,
  QUARTZ_TIME,
  runConnectionTest,
  tileStatuses,
} from './support/job-screens.js';
import { useE2eSuite } from './support/suite.js';

const COMPANY = { code: 'BETA', name: 'Beta Insurance' };
const SFTP_ID = 'BETA-SSH';
const API_ID = 'BETA-FAPP';
const FAPP = { username: 'fapp', password: 'Fapp-Pass-9876543210' };
const EVERY_5_SECONDS = '0/5 * * * * ?';
/** The chain's members, in running order: OUT_WAIT jobs that generate a file and return it by sFTP. */
const MEMBERS = [
  { id: 'STMT_EXPORT', name: 'Statement Export', folder: 'statements' },
  { id: 'STMT_NOTICE', name: 'Statement Notice', folder: 'notices' },
] as const;
const CHAIN = { id: 'NIGHTLY_STATEMENTS', name: 'Nightly Statements' };
const PULL = { id: 'RATES_PULL', name: 'Exchange Rates Pull' };

/** Run states of a run that ran (SKIPPED ones, by the overlap policy, did not). */
const ENDED = "('FINISHED', 'WARNING', 'ERROR')";

interface RunRow {
  id: string;
  job_instance_no: string;
  owner_kind: string;
  legacy_id: string;
  kind: string;
  trigger_id: string | null;
  parent_run_id: string | null;
  state: string;
  queued_at: number;
  started_at: number | null;
  finished_at: number | null;
  message: string | null;
}

let sshd: OpenSshServer;
let functionServer: ReferenceFunctionServer;
/** The return folders on the OpenSSH server: <root>/statements and <root>/notices. */
let root: string;

// Before useE2eSuite: beforeAll hooks run in the order they are registered, and its setup needs these.
beforeAll(async () => {
  if (!canRunOpenSsh()) throw new Error('No /usr/sbin/sshd: apt-get install -y openssh-server');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-e2e-chain-'));
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
  { serverEnv: { LIS_TIMEZONE: 'Asia/Bangkok' } },
);

function runs(where: string, ...parameters: string[]): RunRow[] {
  return withServerDatabase(
    suite.server,
    (db) =>
      db
        .prepare(`select * from job_runs where ${where} order by queued_at, job_instance_no`)
        .all(...parameters) as RunRow[],
    { readonly: true },
  );
}

async function openMenu(page: Page, title: string, pathname: string): Promise<void> {
  await navigationMenu(page).getByTitle(title, { exact: true }).click();
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Adds an OUT_WAIT job through the Job Config screen: Demo/generate, returned to `folder` by sFTP. */
async function addOutWaitJob(page: Page, job: (typeof MEMBERS)[number]): Promise<void> {
  await page.getByTestId('job-config-add').click();
  const legacy = page.getByTestId('job-section-legacy');
  await legacy.waitFor();
  await chooseOption(page, legacy.getByLabel('Company Code', { exact: true }), COMPANY.code);
  await legacy.getByLabel('Legacy ID', { exact: true }).fill(job.id);
  await legacy.getByLabel('Legacy Name', { exact: true }).fill(job.name);
  await legacy.getByRole('radio', { name: 'OUT_WAIT', exact: true }).check();
  await legacy.getByRole('switch', { name: 'Is Active' }).click();
  // OUT_WAIT has no source (spec 001 §2).
  await page.getByTestId('job-section-source').waitFor({ state: 'detached' });
  const destination = page.getByTestId('job-section-return');
  await chooseServer(page, destination.getByLabel('sFTP Server ID', { exact: true }), SFTP_ID);
  await destination.getByLabel('sFTP Return Path', { exact: true }).fill(`${root}/${job.folder}`);
  const apiSection = page.getByTestId('job-section-api');
  await chooseServer(page, apiSection.getByLabel('API Server ID', { exact: true }), API_ID);
  await apiSection.getByLabel('API Class Name', { exact: true }).fill('Demo');
  await apiSection.getByLabel('API Function Name', { exact: true }).fill('generate');
  await page.getByTestId('job-form-save').click();
  await acknowledge(page, 'Saved data successfully');
  await legacy.waitFor({ state: 'detached' });
  await page.getByTestId('job-config-table').getByRole('row').filter({ hasText: job.id }).waitFor();
}

describe('Chain Job Config and Pull Job Config (admin): jobs that really run', () => {
  it('creates two OUT_WAIT jobs, a chain of them and a pull job on the screens; all fire on their triggers and end FINISHED', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);

    // The chain's two member jobs, without a trigger of their own (the chain runs them).
    await openMenu(page, 'Job Config', '/masterconfig');
    for (const job of MEMBERS) await addOutWaitJob(page, job);

    // The chain: both jobs in order, every 5 seconds.
    await page.goto('/chain-job-config');
    await page.getByRole('heading', { name: 'Chain Job Config' }).waitFor();
    await page.getByRole('button', { name: 'Add Chain Job Config' }).click();
    const chainForm = page.getByTestId('chain-job-form');
    await chainForm.waitFor();
    await chooseOption(page, chainForm.getByLabel('Company Code', { exact: true }), COMPANY.code);
    await chainForm.getByLabel('Chain Job ID', { exact: true }).fill(CHAIN.id);
    await chainForm.getByLabel('Chain Job Name', { exact: true }).fill(CHAIN.name);
    await chainForm.getByLabel('Is Active', { exact: true }).click();
    await expect.poll(() => chainForm.getByRole('switch').isChecked()).toBe(true);
    // The spec's ImportantJob box (issue 17): ticked, saved, and shown in the list.
    const important = chainForm.getByRole('checkbox', { name: 'ImportantJob' });
    expect(await important.isChecked()).toBe(false);
    await important.check();
    await addTypedCron(page, chainForm, EVERY_5_SECONDS);
    for (const [index, job] of MEMBERS.entries()) {
      // The form starts with one empty row.
      const row = chainForm.getByTestId(`chain-job-member-${index + 1}`);
      if (index > 0) await chainForm.getByRole('button', { name: /Add Row$/ }).click();
      await chooseOption(page, row.getByLabel(`Legacy ID ${index + 1}`, { exact: true }), job.id);
      await expect.poll(() => row.getByLabel(`Legacy Name ${index + 1}`).inputValue()).toBe(job.name);
    }
    expect(await chainForm.locator('[data-testid^="chain-job-member-"]').count()).toBe(MEMBERS.length);
    await screenshot(page, 'chain-job-config-modal-en');
    await dialogWith(page, 'Add Chain Job Config').getByRole('button', { name: 'Save' }).click();
    await acknowledge(page, 'Success');
    await chainForm.waitFor({ state: 'detached' });
    const chainRow = page.getByTestId('chain-job-table').getByRole('row').filter({ hasText: CHAIN.id });
    await chainRow.waitFor();
    expect(await chainRow.getByRole('listitem').allInnerTexts()).toEqual(
      MEMBERS.map((job) => `${job.id}: ${job.name}`),
    );
    expect(await chainRow.innerText()).toContain(EVERY_5_SECONDS);
    expect(await chainRow.getByRole('switch').isChecked()).toBe(true);
    const importantCell = page.getByTestId(`chain-job-important-${COMPANY.code}-${CHAIN.id}`);
    expect(await importantCell.innerText()).toBe('Important');
    // At 1366 px with the side menu: every column in view, nothing cut.
    expect(await tableFit(page.getByTestId('chain-job-table'))).toEqual({ sideways: 0, cut: [] });
    await screenshot(page, 'chain-job-config-en');
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'ตั้งค่า Chain Job' }).waitFor();
    await page.getByRole('button', { name: 'เพิ่มการตั้งค่า Chain Job' }).waitFor();
    await page.getByText('Chain Job 1 รายการ', { exact: true }).waitFor();
    await expect.poll(() => importantCell.innerText()).toBe('สำคัญ');
    expect(await tableFit(page.getByTestId('chain-job-table'))).toEqual({ sideways: 0, cut: [] });
    await screenshot(page, 'chain-job-config-th');
    await switchLanguage(page, 'en');

    // The pull job: Demo/generate every 5 seconds; its Test Connection has the two API tiles.
    await openMenu(page, 'Pull Job Config', '/pulljobconfig');
    await page.getByRole('heading', { name: 'Pull Job Config' }).waitFor();
    await page.getByTestId('pull-job-add').click();
    const legacy = page.getByTestId('pull-job-section-legacy');
    await legacy.waitFor();
    await chooseOption(page, legacy.getByLabel('Company Code', { exact: true }), COMPANY.code);
    await legacy.getByLabel('Legacy ID', { exact: true }).fill(PULL.id);
    await legacy.getByLabel('Legacy Name', { exact: true }).fill(PULL.name);
    expect(await legacy.getByLabel('Legacy Type', { exact: true }).inputValue()).toBe('PULL_WAIT');
    await legacy.getByRole('switch', { name: 'Is Active' }).click();
    await addTypedCron(page, legacy, EVERY_5_SECONDS);
    const apiSection = page.getByTestId('pull-job-section-api');
    await chooseServer(page, apiSection.getByLabel('API Server ID', { exact: true }), API_ID);
    await apiSection.getByLabel('API Class Name', { exact: true }).fill('Demo');
    await apiSection.getByLabel('API Function Name', { exact: true }).fill('generate');
    await legacy.scrollIntoViewIfNeeded();
    await screenshot(page, 'pull-job-config-modal-en');
    const status = await runConnectionTest(page, page.getByTestId('pull-job-test'));
    await expect
      .poll(() => tileStatuses(status))
      .toEqual({ api_server_connection: 'ok', has_function: 'ok' });
    await screenshot(page, 'pull-job-config-test-tiles-en');
    await status.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await status.waitFor({ state: 'hidden' });
    expect(await cronExpressions(legacy)).toEqual([EVERY_5_SECONDS]);
    await page.getByTestId('pull-job-save').click();
    await acknowledge(page, 'Success', 'Close');
    await legacy.waitFor({ state: 'detached' });
    const pullRow = page.getByRole('row').filter({ hasText: PULL.id });
    await pullRow.waitFor();
    expect(await pullRow.innerText()).toContain(EVERY_5_SECONDS);
    expect(await tableFit(page.getByTestId('pull-job-table'))).toEqual({ sideways: 0, cut: [] });
    await screenshot(page, 'pull-job-config-en');

    // The runs: the chain ran its members in order, every run ended FINISHED (the real pipeline).
    const finishedChain = () =>
      runs(`owner_kind = 'chain' and legacy_id = ? and state in ${ENDED}`, CHAIN.id);
    await expect.poll(() => finishedChain().length, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    const chainRun = finishedChain()[0];
    expect(chainRun, JSON.stringify(chainRun)).toMatchObject({
      kind: 'scheduled',
      trigger_id: `chain|${COMPANY.code}|${CHAIN.id}|0`,
      state: 'FINISHED',
    });
    const members = runs('parent_run_id = ?', chainRun?.id ?? '');
    expect(members.map((run) => [run.legacy_id, run.kind, run.state])).toEqual(
      MEMBERS.map((job) => [job.id, 'chain_member', 'FINISHED']),
    );
    const [first, second] = members;
    expect(Number(second?.started_at)).toBeGreaterThanOrEqual(Number(first?.finished_at));
    expect(Number(chainRun?.finished_at)).toBeGreaterThanOrEqual(Number(second?.finished_at));
    // Each member's generated file is on the real sFTP server, in its return folder.
    for (const [index, job] of MEMBERS.entries()) {
      const folder = path.join(root, job.folder, 'return_success');
      const instance = members[index]?.job_instance_no ?? '';
      const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
      const contents = files.map((name) => fs.readFileSync(path.join(folder, name), 'utf8'));
      expect(
        contents.some((text) => text.includes(instance)),
        `${folder}: ${files.join(', ')}`,
      ).toBe(true);
    }

    const pullRuns = () => runs(`owner_kind = 'job' and legacy_id = ? and state in ${ENDED}`, PULL.id);
    await expect.poll(() => pullRuns().length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    expect(pullRuns()[0]).toMatchObject({
      kind: 'scheduled',
      trigger_id: `job|${COMPANY.code}|${PULL.id}|0`,
      state: 'FINISHED',
    });

    // The Quartz Monitor: both triggers have a previous fire.
    await openMenu(page, 'Quartz Monitor', '/quartzmonitor');
    for (const id of [CHAIN.id, PULL.id]) {
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: id });
      await row.waitFor();
      const lastFire = async () => (await row.locator('td').allInnerTexts())[4]?.trim() ?? '';
      await expect.poll(lastFire, { timeout: 15_000 }).toMatch(QUARTZ_TIME);
    }

    // The Pull Job Config Log: the pull job with its last pull.
    await openMenu(page, 'Pull Job Config Log', '/pulljobconfig-log');
    const logRow = page.getByRole('row').filter({ hasText: PULL.id });
    await logRow.waitFor();
    await expect.poll(() => logRow.getByTestId('last-pull').innerText()).not.toBe('');
    expect(await logRow.innerText()).toContain(COMPANY.code);
    expect(await tableFit(page.getByTestId('pull-job-log-table'))).toEqual({ sideways: 0, cut: [] });
    await screenshot(page, 'pull-job-config-log-en');

    // In Thai: the headings and the table's headers.
    await switchLanguage(page, 'th');
    const headers = () => page.getByTestId('pull-job-log-table').locator('thead th').allInnerTexts();
    await expect.poll(async () => (await headers()).filter(hasThai).length).toBeGreaterThanOrEqual(3);
    expect(await tableFit(page.getByTestId('pull-job-log-table'))).toEqual({ sideways: 0, cut: [] });
    await screenshot(page, 'pull-job-config-log-th');
  });
});

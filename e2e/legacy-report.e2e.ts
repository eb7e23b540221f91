import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { acknowledge, clickUntilGone, dialogWith } from './support/antd.js';
import { api, loginAdmin } from './support/api.js';
import { countRows, updateJobConfigs } from './support/database.js';
import { screenshot } from './support/browser.js';
import { signInWithForm } from './support/console.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { cellText, expectCell, reportRow, rowMenuButton, shownLegacyIds } from './support/report-table.js';

/**
 * /legacyreport (issue 7) against a server whose jobs really ran through the pipeline: filters,
 * sorting, colours, auto refresh, run immediately with and without the action password, continue,
 * stop and the re-run of step 3 after a forced failure; company B's operator sees nothing of A.
 */
const scene = useMonitoringScene();
const MON_JOBS = Object.values(SCENE_JOBS).filter((id) => id.startsWith('MON-'));
const ACTION_PASSWORD = 'Action-Pass-e2e-5521';

async function openReport(page: Page, user: { id: string; password: string }): Promise<void> {
  await signInWithForm(page, user.id, user.password);
  await expect.poll(() => shownLegacyIds(page), { timeout: 20_000 }).toHaveLength(MON_JOBS.length);
}

/** Opens the row menu of a job and clicks `item` (menu items are enabled or not per spec 000 §2). */
async function chooseRowAction(page: Page, legacyId: string, item: string): Promise<void> {
  await rowMenuButton(page, legacyId).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: item }).click();
}

async function rowMenuItemDisabled(page: Page, legacyId: string, item: string): Promise<boolean> {
  await rowMenuButton(page, legacyId).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const disabled =
    (await menu.getByRole('menuitem', { name: item }).getAttribute('aria-disabled')) === 'true';
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return disabled;
}

/** Confirms the "Do you want to re-run?" (or continue/stop) question. */
async function confirm(page: Page, title: string | RegExp): Promise<void> {
  const question = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await clickUntilGone(question.getByRole('button', { name: 'Yes' }));
}

/** The newest run of a job, from the report API (as the scene's super_admin). */
async function latestRun(
  legacyId: string,
): Promise<{ job_instanceno: string; status: string; hassuspend: string }> {
  const { access_token: token } = await loginAdmin(scene.suite.server);
  const answer = await api<{
    result_list: { legacyid: string; job_instanceno: string; status: string; hassuspend: string }[];
  }>(scene.suite.server, 'GET', '/v1/legacy/report?sid=555&company_code=MON', { token });
  const row = answer.body.result_list.find((entry) => entry.legacyid === legacyId);
  if (!row) throw new Error(`no report row for ${legacyId}`);
  return row;
}

describe('Report Legacy Monitoring (real runs)', () => {
  it('shows only the company’s jobs, sorted and coloured, with working filters', async () => {
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    // "Errors first" is on by default (issue 31); off, the spec's own order below.
    const errorsFirst = page.getByRole('switch', { name: 'Errors first' });
    expect(await errorsFirst.getAttribute('aria-checked')).toBe('true');
    await errorsFirst.click();
    await expect.poll(() => errorsFirst.getAttribute('aria-checked')).toBe('false');
    const shown = await shownLegacyIds(page);
    expect([...shown].sort()).toEqual([...MON_JOBS].sort());

    // All active: job start descending; jobs that never ran (no start) last.
    const starts = [];
    for (const id of shown) starts.push(await cellText(page, reportRow(page, id), 'Job Start'));
    const asTime = (text: string) =>
      text ? Date.parse(text.replace(/^(\d\d)-(\d\d)-(\d{4}) /, '$3-$2-$1T')) : Number.NEGATIVE_INFINITY;
    expect(starts.map(asTime)).toEqual([...starts.map(asTime)].sort((a, b) => b - a));

    // Colours (spec 000 §2): finished green, step-3 error red, step-4 error with the job suspended red-ish.
    const rowClass = (id: string) => reportRow(page, id).getAttribute('class');
    expect(await rowClass(SCENE_JOBS.ok)).toContain('legacy-report-row-success');
    expect(await rowClass(SCENE_JOBS.returnBlocked)).toContain('legacy-report-row-error');
    expect(await rowClass(SCENE_JOBS.documentErrors)).toContain('legacy-report-row-suspended');
    expect(await cellText(page, reportRow(page, SCENE_JOBS.documentErrors), 'Function Status')).toMatch(
      /ERROR/,
    );
    await screenshot(page, 'legacy-report-real-runs');

    // Legacy ID: substring, case-insensitive; the state boxes: a union.
    const legacyId = page.getByLabel('Legacy ID', { exact: true });
    await legacyId.fill('mon-o');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => shownLegacyIds(page))
      .toEqual(expect.arrayContaining([SCENE_JOBS.ok, SCENE_JOBS.outWait]));
    expect((await shownLegacyIds(page)).every((id) => id.toLowerCase().includes('mon-o'))).toBe(true);
    await legacyId.fill('');
    await page.getByRole('checkbox', { name: 'SUSPEND' }).check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => shownLegacyIds(page)).toEqual([SCENE_JOBS.documentErrors]);
    await page.getByRole('checkbox', { name: 'ERROR' }).check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(async () => [...(await shownLegacyIds(page))].sort())
      .toEqual([SCENE_JOBS.documentErrors, SCENE_JOBS.returnBlocked].sort());
  });

  it('a user of another company sees none of these jobs', async () => {
    const { page } = await scene.suite.open();
    await signInWithForm(page, scene.users.otherOperator.id, scene.users.otherOperator.password);
    await expect.poll(() => shownLegacyIds(page), { timeout: 20_000 }).toEqual([SCENE_JOBS.otherCompany]);
    const token = await scene.tokenOf(scene.users.otherOperator);
    const refused = await api(scene.suite.server, 'GET', '/v1/legacy/report?sid=555&company_code=MON', {
      token,
    });
    expect(refused.status).toBe(403);
  });

  it('auto refresh asks the server again at the chosen interval, and not when switched off', async () => {
    const { page } = await scene.suite.open();
    // The console's clock runs as usual until the test moves it on (the 12 s with the switch off).
    await page.clock.install();
    let reports = 0;
    const isReport = (url: string) => new URL(url).pathname.endsWith('/legacy/report');
    page.on('request', (request) => {
      if (isReport(request.url())) reports += 1;
    });
    await openReport(page, scene.users.operator);
    const toggle = page.getByRole('switch', { name: 'Auto Refresh' });
    expect(await toggle.isChecked()).toBe(true);
    await expect.poll(() => page.getByText('30 s', { exact: true }).isVisible()).toBe(true);
    await page.locator('.ant-select').filter({ hasText: '30 s' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^10 s$/ })
      .click();
    const before = reports;
    await expect.poll(() => reports, { timeout: 25_000, interval: 500 }).toBeGreaterThanOrEqual(before + 2);

    // A row control in focus holds the refresh: the switch says OFF (issue 17); switched on, it runs again.
    await page.getByRole('button', { name: `Message of ${SCENE_JOBS.ok}` }).focus();
    await page.getByText('Auto refresh paused — Refresh restarts it').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await page.getByText('Auto refresh paused — Refresh restarts it').count()).toBe(0);

    await toggle.click();
    expect(await toggle.isChecked()).toBe(false);
    const whenOff = reports;
    await page.clock.runFor(12_000); // past the 10 s interval: every timer due meanwhile fires
    expect(reports).toBe(whenOff);
    // The Refresh's answer comes after any request sent before it: it is the one request since.
    const refreshed = page.waitForResponse((response) => isReport(response.url()));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    expect(reports).toBe(whenOff + 1);
  });

  it('runs a job immediately, and an important job only with the action password', async () => {
    const { server } = scene.suite;
    const { access_token: superToken } = await loginAdmin(server);
    const set = await api(server, 'PUT', '/v1/settings/action-password', {
      token: superToken,
      body: { password: ACTION_PASSWORD },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);

    // An ordinary job: confirmation, then the result dialog; the new run ends FINISHED.
    const before = await latestRun(SCENE_JOBS.ok);
    scene.dropFile(SCENE_JOBS.ok, 'INV_010.csv', 'INV010,Customer J,40\n');
    await chooseRowAction(page, SCENE_JOBS.ok, 'Run immediately');
    await confirm(page, 'Do you want to re-run?');
    await acknowledge(page, 'Success!');
    await expect
      .poll(async () => (await latestRun(SCENE_JOBS.ok)).job_instanceno)
      .not.toBe(before.job_instanceno);
    const next = await latestRun(SCENE_JOBS.ok);
    await scene.waitForRun(next.job_instanceno);
    await expectCell(page, SCENE_JOBS.ok, 'Job Instanceno', next.job_instanceno);
    await expectCell(page, SCENE_JOBS.ok, 'Status (latest)', 'FINISHED');

    // The important job: the password is asked; a wrong one is refused by the server, nothing runs.
    await chooseRowAction(page, SCENE_JOBS.important, 'Run immediately');
    await confirm(page, 'Do you want to re-run?');
    const prompt = dialogWith(page, 'Important job: enter the action password');
    await prompt.waitFor();
    await prompt.getByLabel('Action password').fill('not-the-password');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await prompt.getByText('Password incorrect').waitFor();
    expect(await cellText(page, reportRow(page, SCENE_JOBS.important), 'Job Instanceno')).toBe('');
    await screenshot(page, 'legacy-report-action-password');
    await prompt.getByLabel('Action password').fill(ACTION_PASSWORD);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await acknowledge(page, 'Success!');
    const important = await latestRun(SCENE_JOBS.important);
    expect(important.job_instanceno).not.toBe('');
    const ended = await scene.waitForRun(important.job_instanceno);
    expect(ended.state, ended.message ?? '').toBe('FINISHED');
    await expectCell(page, SCENE_JOBS.important, 'Status (latest)', 'FINISHED');
  });

  it('continues a suspended job: Run immediately is offered again', async () => {
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    expect(await rowMenuItemDisabled(page, SCENE_JOBS.documentErrors, 'Run immediately')).toBe(true);
    expect(await rowMenuItemDisabled(page, SCENE_JOBS.documentErrors, 'Continue')).toBe(false);
    await chooseRowAction(page, SCENE_JOBS.documentErrors, 'Continue');
    await confirm(page, 'Continue this job?');
    await acknowledge(page, 'Success!');
    await expect.poll(async () => (await latestRun(SCENE_JOBS.documentErrors)).hassuspend).toBe('N');
    await expect
      .poll(async () => reportRow(page, SCENE_JOBS.documentErrors).getAttribute('class'), { timeout: 15_000 })
      .not.toContain('legacy-report-row-suspended');
    expect(await rowMenuItemDisabled(page, SCENE_JOBS.documentErrors, 'Run immediately')).toBe(false);
  });

  it('stops a run while its function call is waiting: STOPPED, not a red row (issue 31)', async () => {
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    await chooseRowAction(page, SCENE_JOBS.slow, 'Run immediately');
    await confirm(page, 'Do you want to re-run?');
    await acknowledge(page, 'Success!');
    // Live updates: step 2 shows RUNNING without a reload.
    await expectCell(page, SCENE_JOBS.slow, 'Call Function Status', 'RUNNING');
    const running = await latestRun(SCENE_JOBS.slow);
    await chooseRowAction(page, SCENE_JOBS.slow, 'Stop');
    await confirm(page, 'Stop this run?');
    await acknowledge(page, 'Success!');
    const stopped = await scene.waitForRun(running.job_instanceno);
    expect(stopped.state).toBe('STOPPED');
    expect(stopped.message).toMatch(/stop/i);
    await expectCell(page, SCENE_JOBS.slow, 'Status (latest)', 'STOPPED');
    const row = reportRow(page, SCENE_JOBS.slow);
    expect(await row.getAttribute('class')).not.toContain('legacy-report-row-error');
    const tag = row.locator('.legacy-report-status-stopped').first();
    expect(await tag.getAttribute('title')).toBe('Stopped by an operator — not an error');
  });

  it('re-runs step 3 after a forced failure: the missing file is delivered', async () => {
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    const first = scene.runs[SCENE_JOBS.returnBlocked];
    expect(first?.state).toBe('ERROR');
    const row = reportRow(page, SCENE_JOBS.returnBlocked);
    expect(await cellText(page, row, 'Return Files Status')).toMatch(/ERROR/);
    // Steps 2 and 4 are not in ERROR: only step 3 offers a re-run.
    await expect.poll(() => row.getByRole('button', { name: /^Re-run step/ }).count()).toBeGreaterThan(0);
    expect(await row.getByRole('button', { name: 'Re-run step 2' }).count()).toBe(0);

    scene.unblockReturn();
    await row.getByRole('button', { name: 'Re-run step 3' }).click();
    await confirm(page, 'Do you want to re-run?');
    await acknowledge(page, 'Success!');
    const again = await scene.waitForRun(first?.jobInstanceNo ?? '', { after: first?.finishedAt ?? 0 });
    expect(again.jobInstanceNo).toBe(first?.jobInstanceNo);
    await expectCell(page, SCENE_JOBS.returnBlocked, 'Return Files Status', /SUCCESS/);
    const errors = path.join(scene.folder(SCENE_JOBS.returnBlocked, 'out'), 'return_error');
    expect(fs.readdirSync(errors)).toHaveLength(1);
  });

  it('Continue, then Run immediately while the resumed run runs: a clear refusal, the job never runs twice (issue 31)', async () => {
    const { server } = scene.suite;
    const job = SCENE_JOBS.slow;
    // MON-SLOW as the suspended job: it fires every second once continued, and its run waits
    // 60 s in its function call (Demo/slow) unless stopped.
    updateJobConfigs(
      server,
      `update job_configs set has_suspend = 'Y', cron_trigger = '* * * * * ?' where legacy_id = ?`,
      job,
    );
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    await expectCell(page, job, 'Status (latest)', 'SUSPEND');
    await chooseRowAction(page, job, 'Continue');
    await confirm(page, 'Continue this job?');
    await acknowledge(page, 'Success!');
    // The resumed schedule fires: run A calls the slow function.
    await expect.poll(async () => (await latestRun(job)).status, { timeout: 20_000 }).toBe('RUNNING');
    const resumed = await latestRun(job);

    await chooseRowAction(page, job, 'Run immediately');
    await confirm(page, 'Do you want to re-run?');
    const refusal = dialogWith(page, 'Error!');
    await refusal
      .getByText(
        `${job} is still running (${resumed.job_instanceno}, RUNNING); its overlap policy allows one run at a time, so no second run was started. Try again when it has ended.`,
      )
      .waitFor();
    await screenshot(page, 'legacy-report-overlap-refused');
    await refusal.getByRole('button', { name: 'OK' }).click();
    expect(
      countRows(server, 'job_runs', `legacy_id = ? and state in ('QUEUED', 'WAITING', 'RUNNING')`, job),
    ).toBe(1);

    // Back as it was: no schedule, the run stopped.
    updateJobConfigs(server, `update job_configs set cron_trigger = '' where legacy_id = ?`, job);
    const { access_token: token } = await loginAdmin(server);
    const synced = await api(server, 'POST', '/v1/lis-server/re-scheduler', {
      token,
      body: { sid: '555', company_code: 'MON', legacy_id: job },
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const stop = await api(
      server,
      'POST',
      `/v1/lis-server/cancel?sid=555&company_code=MON&legacy_id=${job}&job_instance_no=${resumed.job_instanceno}`,
      { token },
    );
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    await scene.waitForRun(resumed.job_instanceno);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { readZip } from '../apps/server/test/files-harness.js';
import { acknowledge, clickUntilGone, dialogWith, tableFit } from './support/antd.js';
import { api, loginAdmin } from './support/api.js';
import { VIEWPORT, screenshot } from './support/browser.js';
import { signInWithForm } from './support/console.js';
import { SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { reportRow, rowMenuButton, shownLegacyIds } from './support/report-table.js';

/**
 * The file-list modal on /legacyreport and the Monitor Detail screen (/legacydetail) against a server
 * whose jobs really ran through the pipeline (issue 7 parts 4 and 6): live sFTP folders (search,
 * upload, download, download all, delete with the action password), the backup and step-4 zips, the
 * detail screen opened from the row menu, its backup lists, history and the DMS files of a DMS run.
 */
const scene = useMonitoringScene();
const ACTION_PASSWORD = 'Action-Pass-files-7730';
const MON_JOB_COUNT = Object.values(SCENE_JOBS).filter((id) => id.startsWith('MON-')).length;

async function openReport(page: Page, user: { id: string; password: string }): Promise<void> {
  await signInWithForm(page, user.id, user.password);
  await expect.poll(() => shownLegacyIds(page), { timeout: 30_000 }).toHaveLength(MON_JOB_COUNT);
}

/** Clicks `button` and returns the file the browser saves: its name and bytes. */
async function downloadBy(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: (download as Download).suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

/** The open modal whose title is `title` (the modal box itself, for size checks). */
const modal = (page: Page, title: string | RegExp) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The modal fits the 1366 px viewport and its table has no sideways scroll. */
async function expectFits(box: Locator): Promise<void> {
  const bounds = await box.boundingBox();
  expect(bounds).not.toBeNull();
  expect((bounds?.x ?? -1) >= 0 && (bounds?.x ?? 0) + (bounds?.width ?? 0) <= VIEWPORT.width).toBe(true);
  const fit = await tableFit(box.locator('.ant-table').first());
  expect(fit.sideways).toBe(0);
}

async function closeModal(box: Locator): Promise<void> {
  await clickUntilGone(box.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }));
}

describe('File lists and Monitor Detail (real runs)', () => {
  it('source folder: search, upload (and the no-file message), download one, download all, delete', async () => {
    const { server } = scene.suite;
    const { access_token: superToken } = await loginAdmin(server);
    const set = await api(server, 'PUT', '/v1/settings/action-password', {
      token: superToken,
      body: { password: ACTION_PASSWORD },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    const job = SCENE_JOBS.important; // never run: its source folder still holds IMP_001.csv
    await reportRow(page, job)
      .getByRole('button', { name: `Source folder of ${job}` })
      .click();
    const box = modal(page, `sFTP source: ${job}`);
    await box.getByText('IMP_001.csv').waitFor();
    await expect.poll(() => box.locator('.ant-table-row').first().innerText()).toMatch(/8 B\./);

    // Search: by name, ignoring case.
    const search = box.getByLabel('Search by file name');
    await search.fill('IMP_0');
    await box.getByText('IMP_001.csv').waitFor();
    await search.fill('nothing-of-that-name');
    await box.getByText('No such file...').waitFor();
    await search.fill('');

    // Upload without a file, then one file.
    await box.getByRole('button', { name: 'Upload', exact: true }).click();
    await acknowledge(page, 'Please select a file before uploading');
    const uploaded = Buffer.from('U1,ลูกค้า อัปโหลด,42\n');
    await box
      .locator('input[type="file"]')
      .setInputFiles({ name: 'UPLOADED.csv', mimeType: 'text/csv', buffer: uploaded });
    await box.getByRole('button', { name: 'Upload', exact: true }).click();
    await clickUntilGone(
      page
        .locator('.ant-modal-confirm')
        .filter({ hasText: 'Upload this file?' })
        .getByRole('button', { name: 'OK' }),
    );
    // The table's row (the upload control shows the chosen name too, until the upload has finished).
    await box.getByRole('cell', { name: 'UPLOADED.csv', exact: true }).waitFor();
    const onDisk = path.join(scene.folder(job, 'in'), 'UPLOADED.csv');
    expect(fs.readFileSync(onDisk).equals(uploaded)).toBe(true);
    await expectFits(box);
    await screenshot(page, 'file-list-modal-source');

    // Download one file: the bytes on the sFTP server.
    const one = await downloadBy(page, box.getByRole('button', { name: 'Download IMP_001.csv' }));
    expect(one.name).toBe('IMP_001.csv');
    expect(one.bytes.toString()).toBe('I1,x,10\n');

    // Download all: the server's zip name, both files inside.
    const all = await downloadBy(page, box.getByRole('button', { name: /Download All/ }));
    expect(all.name).toBe(`${job}_sftp_source_server.zip`);
    const entries = await readZip(all.bytes);
    expect([...entries.keys()].sort()).toEqual(['IMP_001.csv', 'UPLOADED.csv']);
    expect(entries.get('UPLOADED.csv')?.equals(uploaded)).toBe(true);

    // Delete: OK, then the action password; the file is gone from the sFTP server.
    await box.getByRole('button', { name: 'Delete UPLOADED.csv' }).click();
    await clickUntilGone(
      page
        .locator('.ant-modal-confirm')
        .filter({ hasText: 'Delete this file?' })
        .getByRole('button', { name: 'OK' }),
    );
    const prompt = dialogWith(page, 'Important job: enter the action password');
    await prompt.getByLabel('Action password').fill(ACTION_PASSWORD);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => fs.existsSync(onDisk), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => box.getByText('UPLOADED.csv').count()).toBe(0);
    expect(fs.existsSync(path.join(scene.folder(job, 'in'), 'IMP_001.csv'))).toBe(true);
    await closeModal(box);
  });

  it('backup folder: Download All for every role (an operator); step 4 in ERROR: its error source files as {job}_error.zip', async () => {
    // Spec 000 §2: the report's backup folder allows Download All, the report's options for any role.
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    const ok = scene.runs[SCENE_JOBS.ok];
    await reportRow(page, SCENE_JOBS.ok)
      .getByRole('button', { name: `Backup folder of ${SCENE_JOBS.ok}` })
      .click();
    const backup = modal(page, `Source backup: ${SCENE_JOBS.ok}`);
    await backup.getByText('INV_001.csv').waitFor();
    expect(await backup.getByRole('button', { name: /^Download INV_001/ }).count()).toBe(0);
    expect(await backup.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    const zip = await downloadBy(page, backup.getByRole('button', { name: /Download All/ }));
    expect(zip.name).toBe(`${SCENE_JOBS.ok}_sftp_source_backup.zip`);
    const backups = await readZip(zip.bytes);
    expect([...backups.keys()].sort()).toEqual([
      `${ok?.jobInstanceNo}/INV_001.csv`,
      `${ok?.jobInstanceNo}/INV_002.csv`,
    ]);
    expect(backups.get(`${ok?.jobInstanceNo}/INV_002.csv`)?.toString()).toBe('INV003,Customer C,75\n');
    await closeModal(backup);

    const failed = scene.runs[SCENE_JOBS.documentErrors];
    const jobNo = failed?.jobInstanceNo ?? '';
    await reportRow(page, SCENE_JOBS.documentErrors)
      .getByRole('button', { name: `Step 4 error source files of ${jobNo}` })
      .click();
    const errors = modal(page, `Step 4 error source files: ${jobNo}`);
    await errors.getByText('BAD_001.csv').waitFor();
    await expectFits(errors);
    await screenshot(page, 'file-list-modal-step4-error');
    const errorZip = await downloadBy(page, errors.getByRole('button', { name: /Download All/ }));
    expect(errorZip.name).toBe(`${jobNo}_error.zip`);
    const errorFiles = await readZip(errorZip.bytes);
    expect([...errorFiles.keys()]).toEqual(['BAD_001.csv']);
    expect(errorFiles.get('BAD_001.csv')?.toString()).toBe('B1,ลูกค้า ก,10\nB2,Customer B,oops\n');
    await closeModal(errors);
  });

  it('opens /legacydetail from the row menu: header, steps, coloured log, backup lists and history', async () => {
    const { page, context } = await scene.suite.open();
    await openReport(page, scene.users.admin);
    const jobNo = scene.runs[SCENE_JOBS.documentErrors]?.jobInstanceNo ?? '';
    await rowMenuButton(page, SCENE_JOBS.documentErrors).click();
    const [detail] = await Promise.all([
      context.waitForEvent('page'),
      page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
        .getByRole('menuitem', { name: 'Open detail' })
        .click(),
    ]);
    await detail.waitForLoadState();
    const url = new URL(detail.url());
    expect(url.pathname).toBe('/legacydetail');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      company_code: 'MON',
      legacy_id: SCENE_JOBS.documentErrors,
      job_no: jobNo,
      legacytype: 'IN_WAIT',
      _blank: 'true',
    });
    await detail.getByText(`Job ${SCENE_JOBS.documentErrors}`, { exact: true }).waitFor();
    const descriptions = detail.locator('.ant-descriptions');
    expect(await descriptions.innerText()).toContain(jobNo);
    // Steps: function status in ERROR with its files and its re-run; the e-mail went out.
    const steps = detail.locator('.ant-table').first();
    await steps.getByRole('button', { name: 'Re-run step 4' }).waitFor();
    expect((await tableFit(steps)).sideways).toBe(0);
    expect(await steps.getByRole('button', { name: `Step 4 error source files of ${jobNo}` }).count()).toBe(
      1,
    );
    // Send email: the run's e-mail outcome as the monitoring list shows it (issue 17: KEPT too).
    const { access_token: token } = await loginAdmin(scene.suite.server);
    const task = await api<{ result_list: { job_instanceno: string; send_email_status: string }[] }>(
      scene.suite.server,
      'GET',
      `/v1/legacy/task?sid=555&company_code=MON&job_instance_no=${jobNo}`,
      { token },
    );
    const email = task.body.result_list.find((row) => row.job_instanceno === jobNo)?.send_email_status;
    const emailCell = steps.locator('.ant-table-row > .ant-table-cell').last();
    const shown: Record<string, string> = {
      SUCCESS: 'Success',
      ERROR: 'Error',
      UNKNOWN: 'Unknown',
      PENDING: 'Pending',
      KEPT: 'Kept',
    };
    expect((await emailCell.innerText()).trim()).toBe(shown[email ?? ''] ?? '-');
    if (email === 'KEPT')
      expect(await emailCell.locator('[title]').getAttribute('title')).toContain('no SMTP server');
    // The log: lines of the run, coloured by their log type (issue 17), not by their words.
    await expect
      .poll(() => detail.locator('tr[class*="legacy-detail-log-"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(3);
    expect(await detail.locator('tr.legacy-detail-log-error').count()).toBeGreaterThan(0);
    for (const type of await detail.locator('tr.legacy-detail-log-error > td:first-child').allInnerTexts())
      expect(type.trim()).toBe('ERROR');
    for (const type of await detail.locator('tr.legacy-detail-log-info > td:first-child').allInnerTexts())
      expect(type.trim()).toBe('INFO');
    expect(
      await detail
        .locator('tr.legacy-detail-log-error')
        .first()
        .evaluate((row) => getComputedStyle(row.querySelector('td') as Element).color),
    ).toBe('rgb(168, 7, 26)');
    await screenshot(detail, 'legacy-detail');

    // Source backup: an admin downloads; the API request backup is listed without downloads.
    await detail.getByRole('button', { name: 'Source Backup' }).click();
    const source = modal(detail, `Source backup: ${SCENE_JOBS.documentErrors}`);
    await source.getByText('BAD_001.csv').waitFor();
    const backup = await downloadBy(detail, source.getByRole('button', { name: 'Download BAD_001.csv' }));
    expect(backup.bytes.toString()).toBe('B1,ลูกค้า ก,10\nB2,Customer B,oops\n');
    await closeModal(source);
    await detail.getByRole('button', { name: 'API Request Backup' }).click();
    const request = modal(detail, `API request backup: ${SCENE_JOBS.documentErrors}`);
    await request.getByText('request.json').waitFor();
    expect(await request.getByRole('button', { name: /Download/ }).count()).toBe(0);
    await closeModal(request);
    expect(await detail.getByRole('button', { name: 'DMS Files' }).count()).toBe(0);

    // History: every kept file of the run, one downloaded, one list as a zip.
    await detail.getByRole('button', { name: 'History Files' }).click();
    const history = modal(detail, `History files of ${jobNo}`);
    await history.getByText('response.json').waitFor();
    expect(await history.innerText()).toContain('Step 4 error source');
    await expectFits(history);
    await screenshot(detail, 'legacy-detail-history');
    const zip = await downloadBy(
      detail,
      history.getByRole('button', { name: 'Download All: Return backup (success)' }),
    );
    expect(zip.name).toBe(`${jobNo}_return_success.zip`);
    expect((await readZip(zip.bytes)).size).toBeGreaterThan(0);
    await closeModal(history);
  });

  it('a DMS run lists and opens its DMS files; the detail screen speaks Thai', async () => {
    const dmsRun = scene.runs[SCENE_JOBS.dms];
    const { page } = await scene.suite.open();
    await openReport(page, scene.users.operator);
    const query = new URLSearchParams({
      company_code: 'MON',
      legacy_id: SCENE_JOBS.dms,
      job_no: dmsRun?.jobInstanceNo ?? '',
      legacytype: 'DMS_WAIT',
      _blank: 'true',
    });
    await page.goto(`legacydetail?${query.toString()}`);
    await page.getByRole('button', { name: 'DMS Files' }).click();
    const dms = modal(page, `DMS files: ${dmsRun?.jobInstanceNo}`);
    await dms.getByText('DOC_001.csv').waitFor();
    expect(await dms.innerText()).toMatch(/\d+ B\./);
    const file = await downloadBy(page, dms.getByRole('button', { name: 'Download DOC_001.csv' }));
    expect(file.name).toBe('DOC_001.csv');
    expect(file.bytes.toString()).toBe('D1,x,10\n');
    await closeModal(dms);

    const thai = await scene.suite.open({ language: 'th' });
    await signInWithForm(thai.page, scene.users.operator.id, scene.users.operator.password);
    await thai.page.goto(`legacydetail?${query.toString()}`);
    await thai.page.getByText('รายละเอียดการทำงาน').first().waitFor();
    await thai.page.getByRole('button', { name: 'ไฟล์สำรองต้นทาง' }).click();
    const thaiModal = modal(thai.page, `ไฟล์สำรองต้นทาง: ${SCENE_JOBS.dms}`);
    await thaiModal.getByText('DOC_001.csv').waitFor();
    expect(await thaiModal.innerText()).toContain('ชื่อไฟล์');
    await screenshot(thai.page, 'legacy-detail-file-list-th');
  });
});

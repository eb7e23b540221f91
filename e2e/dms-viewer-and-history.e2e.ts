import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { encodeWindows874 } from '../apps/server/src/demo/demo-input-files.js';
import { samplePdf, samplePng } from '../apps/server/src/test-support/sample-files.js';
import { readZip, sha } from '../apps/server/test/files-harness.js';
import { clickUntilGone } from './support/antd.js';
import { api, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInWithForm } from './support/console.js';
import { SCENE_JOBS, useMonitoringScene, type SceneRun } from './support/monitoring-scene.js';

/**
 * The file viewer (issue 17 §6, decision 0029) on Monitor Detail: a DMS run's PDF and PNG shown inline
 * (an iframe and a decoded image, fetched with the bearer token as object URLs), a CSV as a table and a
 * Thai windows-874 file as Thai text (issue 31 §6); the run's whole history as one zip; ids whole at
 * 1366 and 1920, in English and Thai.
 */
const scene = useMonitoringScene();
const PDF = samplePdf('LIS viewer: invoice 42');
const PNG = samplePng(320, 200);
const CSV = 'D1,x,10\n';
/** A Thai fixed-width payroll in windows-874, as the demo's (and an old Thai core system's). */
const PAYROLL_LINES = [
  'E0000001สมชาย ใจดี                      1234.5020261129',
  'E0000002สมหญิง รักไทย                    987.0020261129',
  'E0000003ประเสริฐ มั่นคง                  4500.0020261129',
];
const PAYROLL = encodeWindows874(`${PAYROLL_LINES.join('\r\n')}\r\n`);

/** A DMS_WAIT job of MON like MON-DMS, taking every file (MON-DMS takes CSV files only). */
const VIEW_JOB = 'MON-VIEW';

let viewRun: SceneRun | undefined;
async function theRun(): Promise<SceneRun> {
  if (!viewRun) {
    const { access_token: token } = await loginAdmin(scene.suite.server);
    for (const side of ['in', 'out'] as const)
      fs.mkdirSync(scene.folder(VIEW_JOB, side), { recursive: true });
    const added = await api(scene.suite.server, 'POST', '/v1/config/job-config/add', {
      token,
      body: {
        sid: '555',
        companycode: 'MON',
        legacyid: VIEW_JOB,
        legacyname: 'Viewer job',
        legacytype: 'DMS_WAIT',
        isactive: 'Y',
        api_serverid: 'fapp-mon',
        api_classname: 'Demo',
        api_function_name: 'echo',
        sftp_source_server_id: 'sftp-mon',
        sftp_source_path: scene.folder(VIEW_JOB, 'in'),
        sftp_source_formatfilename: '.*',
        sftp_source_isdeletesource: 'Y',
        sftp_return_server_id: 'sftp-mon',
        sftp_return_path: scene.folder(VIEW_JOB, 'out'),
        dms_serverid: 'dms-mon',
        dms_bucket: 'invoices',
        dms_boxid: 'box-1',
        dms_groupid: 'group-1',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    scene.dropFile(VIEW_JOB, 'invoice.pdf', PDF);
    scene.dropFile(VIEW_JOB, 'ภาพสแกน.png', PNG);
    scene.dropFile(VIEW_JOB, 'DOC_VIEW.csv', CSV);
    scene.dropFile(VIEW_JOB, 'payroll_th.txt', PAYROLL);
    viewRun = await scene.runNow(VIEW_JOB, 'DMS_WAIT');
    expect(viewRun.state, viewRun.message ?? '').toBe('FINISHED');
  }
  return viewRun;
}

const detailPath = (run: SceneRun) =>
  `legacydetail?${new URLSearchParams({
    company_code: 'MON',
    legacy_id: VIEW_JOB,
    job_no: run.jobInstanceNo,
    legacytype: 'DMS_WAIT',
    _blank: 'true',
  }).toString()}`;

const modal = (page: Page, title: string | RegExp) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

async function closeModal(box: Locator, label = 'Close'): Promise<void> {
  await clickUntilGone(box.locator('.ant-modal-footer').getByRole('button', { name: label }));
}

async function openDetail(page: Page, user: { id: string; password: string }, run: SceneRun) {
  await signInWithForm(page, user.id, user.password);
  await page.goto(detailPath(run));
  await page.getByText(run.jobInstanceNo, { exact: true }).first().waitFor();
}

describe('DMS viewer and run history zip (real runs)', () => {
  it('shows a DMS PDF in a frame, an image decoded and a CSV as a table of text', async () => {
    const run = await theRun();
    const { page } = await scene.suite.open();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await openDetail(page, scene.users.operator, run);
    await page.getByRole('button', { name: 'DMS Files' }).click();
    const dms = modal(page, `DMS files: ${run.jobInstanceNo}`);
    await dms.getByText('invoice.pdf').waitFor();

    await dms.getByRole('button', { name: 'View invoice.pdf' }).click();
    const pdfViewer = modal(page, 'View: invoice.pdf');
    const frame = pdfViewer.locator('iframe.file-viewer-pdf');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // The frame holds the PDF itself (a document of type application/pdf), not a download or an error page.
    const pdfFrame = await (await frame.elementHandle())?.contentFrame();
    await expect.poll(() => pdfFrame?.evaluate(() => document.contentType)).toBe('application/pdf');
    const box = await frame.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(300);
    await screenshot(page, 'dms-viewer-pdf-en');
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      pdfViewer.locator('.ant-modal-footer').getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(sha(fs.readFileSync(await (saved as Download).path()))).toBe(sha(PDF));
    await closeModal(pdfViewer);
    await expect.poll(() => page.locator('iframe.file-viewer-pdf').count()).toBe(0);

    await dms.getByRole('button', { name: 'View ภาพสแกน.png' }).click();
    const imageViewer = modal(page, 'View: ภาพสแกน.png');
    const image = imageViewer.locator('img.file-viewer-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    await closeModal(imageViewer);

    // Issue 31 §6: a CSV is shown as a table of text, never in a frame or as an image.
    await dms.getByRole('button', { name: 'View DOC_VIEW.csv' }).click();
    const csv = modal(page, 'View: DOC_VIEW.csv');
    const table = csv.getByRole('table', { name: 'DOC_VIEW.csv' });
    await table.waitFor();
    expect(await table.locator('td').allTextContents()).toEqual(['D1', 'x', '10']);
    expect(await csv.locator('iframe, img').count()).toBe(0);
    await closeModal(csv);
    expect(cspErrors).toEqual([]);
  });

  it('shows a Thai windows-874 fixed-width file as Thai text (issue 31 §6)', async () => {
    const run = await theRun();
    const thai = await scene.suite.open({ language: 'th' });
    await thai.page.setViewportSize({ width: 1366, height: 768 });
    await openDetail(thai.page, scene.users.operator, run);
    await thai.page.getByRole('button', { name: 'ไฟล์ใน DMS' }).click();
    const dms = modal(thai.page, new RegExp(run.jobInstanceNo));
    await dms.getByRole('button', { name: 'เปิดดู payroll_th.txt' }).click();
    const viewer = modal(thai.page, 'เปิดดู: payroll_th.txt');
    const text = viewer.locator('pre.text-viewer-text');
    await text.waitFor();
    expect(await text.textContent()).toBe(`${PAYROLL_LINES.join('\r\n')}\r\n`);
    expect(await viewer.getByTestId('text-viewer-extent').textContent()).toMatch(/^แสดงทั้งไฟล์/);
    await viewer.getByText('ตรวจหาอัตโนมัติ (ภาษาไทย (windows-874 / TIS-620))').waitFor();
    await screenshot(thai.page, 'text-viewer-th');
    await closeModal(viewer, 'ปิด');
  });

  it('views a kept image in Thai from the history and downloads the whole history as one zip', async () => {
    const run = await theRun();
    const thai = await scene.suite.open({ language: 'th' });
    await openDetail(thai.page, scene.users.admin, run);
    await thai.page.getByRole('button', { name: 'ไฟล์ย้อนหลัง' }).click();
    const history = modal(thai.page, `ไฟล์ย้อนหลังของ ${run.jobInstanceNo}`);
    await history.getByText('ภาพสแกน.png').first().waitFor();
    await history.getByRole('button', { name: 'เปิดดู ภาพสแกน.png' }).first().click();
    const viewer = modal(thai.page, 'เปิดดู: ภาพสแกน.png');
    const image = viewer.locator('img.file-viewer-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    await screenshot(thai.page, 'dms-viewer-image-th');
    await closeModal(viewer, 'ปิด');

    const [download] = await Promise.all([
      thai.page.waitForEvent('download'),
      history.getByRole('button', { name: 'ดาวน์โหลดประวัติทั้งหมด (ไฟล์ zip เดียว)' }).click(),
    ]);
    expect((download as Download).suggestedFilename()).toBe(`${run.jobInstanceNo}_history.zip`);
    const bytes = fs.readFileSync(await (download as Download).path());
    expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    const entries = await readZip(bytes);
    const shaOf = (name: string) => {
      const entry = entries.get(name);
      return entry ? sha(entry) : undefined;
    };
    expect(shaOf('source_backup/invoice.pdf')).toBe(sha(PDF));
    expect(shaOf('source_backup/ภาพสแกน.png')).toBe(sha(PNG));
    expect(shaOf('dms/invoices/invoice.pdf')).toBe(sha(PDF));
    expect(shaOf('dms/invoices/ภาพสแกน.png')).toBe(sha(PNG));
    expect(entries.get('dms/invoices/DOC_VIEW.csv')?.toString()).toBe(CSV);
    for (const name of entries.keys()) {
      expect(name).toMatch(
        /^(source_backup|return_success_backup|return_error_backup|step4_error_source|dms\/invoices)\//,
      );
      expect(name.split('/')).not.toContain('..');
    }
  });

  it('Monitor Detail shows ids whole at 1366 and 1920, in English and Thai', async () => {
    const run = scene.runs[SCENE_JOBS.documentErrors] as SceneRun;
    for (const [language, width, height] of [
      ['en', 1366, 800],
      ['th', 1366, 800],
      ['en', 1920, 1080],
    ] as const) {
      const { page } = await scene.suite.open({ language });
      await page.setViewportSize({ width, height });
      await signInWithForm(page, scene.users.admin.id, scene.users.admin.password);
      await page.goto(
        `legacydetail?${new URLSearchParams({ company_code: 'MON', legacy_id: SCENE_JOBS.documentErrors, job_no: run.jobInstanceNo, legacytype: 'IN_WAIT' }).toString()}`,
      );
      const id = page.locator('.legacy-detail-id', { hasText: run.jobInstanceNo }).first();
      await id.waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      // Every id and name is on one line, or wraps only after a space or a separator: never inside a word.
      const breaks = await page.locator('.legacy-detail-id').evaluateAll((elements) =>
        elements.flatMap((element) => {
          const chars: { char: string; top: number }[] = [];
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              chars.push({ char: text.charAt(i), top: Math.round(range.getBoundingClientRect().top) });
            }
          }
          const found: string[] = [];
          for (let i = 1; i < chars.length; i++) {
            const before = chars[i - 1];
            const here = chars[i];
            if (before && here && here.top > before.top && !/[\s\-_./:]/.test(before.char))
              found.push(`${element.textContent}: broken before "${here.char}"`);
          }
          return found;
        }),
      );
      expect(breaks).toEqual([]);
      expect(await page.locator('.legacy-detail-id').count()).toBe(5);
      expect(await id.getAttribute('title')).toBe(run.jobInstanceNo);
      await screenshot(page, `legacy-detail-${width}-${language}`);
    }
  });
});

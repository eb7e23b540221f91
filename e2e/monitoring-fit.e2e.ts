import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { signInWithForm, switchLanguage } from './support/console.js';
import { MONITORING_COMPANY, SCENE_JOBS, useMonitoringScene } from './support/monitoring-scene.js';
import { reportRow, shownLegacyIds } from './support/report-table.js';

/**
 * Issue 17: the monitoring tables fit a 1366×768 laptop and a 1920×1080 screen — on /legacyreport,
 * /legacyreport-manual and the /monitor wall display the job's id, its steps and its next fire are on
 * screen for every row in view, without sideways scrolling, and the table is as tall as the window
 * (no page scroll bar beside the table's own). Against a server whose jobs really ran.
 */
const scene = useMonitoringScene();
const MON_JOBS = Object.values(SCENE_JOBS).filter((id) => id.startsWith('MON-'));
const LAPTOP = { width: 1366, height: 768 } as const;
const FULL_HD = { width: 1920, height: 1080 } as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the test reads of the page: overflow of the page and of the table body, and the rows in view. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const body =
      document.querySelector('.ant-table-tbody-virtual-holder') ?? document.querySelector('.ant-table-body');
    if (!body) throw new Error('no table body');
    const view = body.getBoundingClientRect();
    const rows = Array.from(document.querySelectorAll('.ant-table-row')).filter((row) => {
      const { top, bottom } = row.getBoundingClientRect();
      return bottom > view.top + 1 && top < view.bottom - 1;
    });
    return {
      page: {
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        scrollHeight: document.documentElement.scrollHeight,
        clientHeight: document.documentElement.clientHeight,
      },
      body: { scrollWidth: body.scrollWidth, clientWidth: body.clientWidth, box: box(body) as Box },
      // The virtual table moves its rows sideways itself: a row wider than the body scrolls.
      widestRow: Math.max(0, ...rows.map((row) => row.getBoundingClientRect().width)),
      rows: rows.map((row) => ({
        id: (row.querySelector('.legacy-report-id') as HTMLElement | null)?.innerText.trim() ?? '',
        idBox: box(row.querySelector('.legacy-report-id')),
        strip: box(row.querySelector('.step-status-strip')),
        next: box(row.querySelector('.legacy-report-col-next')),
      })),
    };
  });
}

type Viewport = { width: number; height: number };

const inside = (box: Box | null, viewport: Viewport) =>
  box !== null &&
  box.x >= 0 &&
  box.y >= 0 &&
  box.x + box.width <= viewport.width &&
  box.y + box.height <= viewport.height;

/** No sideways scroll (page or table), no page scroll bar, and every row in view fully readable. */
async function expectTableFits(
  page: Page,
  viewport: Viewport,
  rowsExpected: number,
  minRows = 5,
): Promise<void> {
  await expect.poll(async () => (await measure(page)).rows.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const seen = await measure(page);
  expect(seen.page.scrollWidth, 'page scrolls sideways').toBeLessThanOrEqual(seen.page.clientWidth);
  expect(seen.page.scrollHeight, 'page scrolls down beside the table').toBeLessThanOrEqual(
    seen.page.clientHeight,
  );
  expect(seen.body.scrollWidth, 'table scrolls sideways').toBeLessThanOrEqual(seen.body.clientWidth);
  expect(seen.widestRow, 'rows wider than the table').toBeLessThanOrEqual(seen.body.clientWidth + 0.5);
  expect(seen.body.box.y + seen.body.box.height).toBeLessThanOrEqual(viewport.height);
  expect(seen.rows.length, 'rows in view').toBeGreaterThanOrEqual(Math.min(rowsExpected, minRows));
  for (const row of seen.rows) {
    expect(row.id, 'a row without its id').not.toBe('');
    expect(inside(row.idBox, viewport), `id of ${row.id} ${JSON.stringify(row.idBox)}`).toBe(true);
    expect(inside(row.strip, viewport), `steps of ${row.id} ${JSON.stringify(row.strip)}`).toBe(true);
    expect(inside(row.next, viewport), `next fire of ${row.id} ${JSON.stringify(row.next)}`).toBe(true);
  }
}

/** The table fills the window: its body ends near the window's bottom (the card's padding below). */
async function expectTableFillsHeight(page: Page, viewport: Viewport): Promise<void> {
  const holder = page.locator('.ant-table-tbody-virtual-holder').first();
  // With fewer rows than room the virtual body is as tall as its rows: measure its allowed height.
  const maxHeight = await holder.evaluate((element) => {
    const style = getComputedStyle(element);
    return Number.parseFloat(style.maxHeight) || element.getBoundingClientRect().height;
  });
  const box = await holder.boundingBox();
  expect(box).not.toBeNull();
  const bottom = (box?.y ?? 0) + maxHeight;
  expect(bottom).toBeLessThanOrEqual(viewport.height);
  expect(bottom).toBeGreaterThan(viewport.height - 120);
}

async function openAs(page: Page, path: string): Promise<void> {
  await signInWithForm(page, scene.users.operator.id, scene.users.operator.password);
  if (path !== '/legacyreport') await page.goto(path);
  await expect.poll(() => shownLegacyIds(page), { timeout: 20_000 }).toHaveLength(MON_JOBS.length);
}

describe('Monitoring tables fit the screen (issue 17)', () => {
  it('/legacyreport at 1366×768 and 1920×1080, in English and Thai', async () => {
    const { page } = await scene.suite.open();
    await page.setViewportSize(LAPTOP);
    await openAs(page, '/legacyreport');
    await expectTableFits(page, LAPTOP, MON_JOBS.length);
    await expectTableFillsHeight(page, LAPTOP);
    // The counts above the table: MON-DOCERR (step 4, suspended) and MON-RETURN (step 3) are in ERROR.
    const errors = page.getByRole('button', { name: /^Error\s*\d+$/ });
    await expect.poll(() => errors.innerText()).toMatch(/2$/);
    await screenshot(page, 'legacy-report-1366-en');

    // The count narrows the list; errors first puts them on top without it.
    await errors.click();
    await expect
      .poll(async () => [...(await shownLegacyIds(page))].sort())
      .toEqual([SCENE_JOBS.documentErrors, SCENE_JOBS.returnBlocked].sort());
    await errors.click();
    await expect.poll(() => shownLegacyIds(page)).toHaveLength(MON_JOBS.length);
    // Errors first is on by default (issue 31).
    expect(await page.getByRole('switch', { name: 'Errors first' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await expect
      .poll(async () => (await shownLegacyIds(page)).slice(0, 2).sort())
      .toEqual([SCENE_JOBS.documentErrors, SCENE_JOBS.returnBlocked].sort());
    expect(await reportRow(page, SCENE_JOBS.documentErrors).locator('.step-status-badge-error').count()).toBe(
      1,
    );

    await switchLanguage(page, 'th');
    await expectTableFits(page, LAPTOP, MON_JOBS.length);
    await screenshot(page, 'legacy-report-1366-th');

    await switchLanguage(page, 'en');
    await page.setViewportSize(FULL_HD);
    await expectTableFits(page, FULL_HD, MON_JOBS.length);
    await expectTableFillsHeight(page, FULL_HD);
    // A full-HD screen has room for more of the spec's columns.
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(expect.arrayContaining(['Job Start', 'Message']));
    await screenshot(page, 'legacy-report-1920-en');
  });

  it('/legacyreport-manual at 1366×768 and 1920×1080', async () => {
    const { page } = await scene.suite.open();
    await page.setViewportSize(LAPTOP);
    await openAs(page, '/legacyreport-manual');
    await expectTableFits(page, LAPTOP, MON_JOBS.length);
    await expectTableFillsHeight(page, LAPTOP);
    await screenshot(page, 'legacy-report-manual-1366-en');
    await page.setViewportSize(FULL_HD);
    await expectTableFits(page, FULL_HD, MON_JOBS.length);
    await expectTableFillsHeight(page, FULL_HD);
  });

  it('/monitor at 1366×768 and 1920×1080: the jobs in ERROR on top, in Thai too', async () => {
    const { page } = await scene.suite.open();
    await page.setViewportSize(LAPTOP);
    await openAs(page, `/monitor?company_code=${MONITORING_COMPANY.code}`);
    await expectTableFits(page, LAPTOP, MON_JOBS.length);
    const top = (await shownLegacyIds(page)).slice(0, 2).sort();
    expect(top).toEqual([SCENE_JOBS.documentErrors, SCENE_JOBS.returnBlocked].sort());
    await screenshot(page, 'monitor-wall-1366-en');
    await switchLanguage(page, 'th');
    await expectTableFits(page, LAPTOP, MON_JOBS.length);
    await screenshot(page, 'monitor-wall-1366-th');
    await page.setViewportSize(FULL_HD);
    await expectTableFits(page, FULL_HD, MON_JOBS.length);
    await screenshot(page, 'monitor-wall-1920-th');
  });
});

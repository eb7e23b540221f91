import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Reading the monitoring report's table (/legacyreport, /legacyreport-manual) by column title, so that
 * tests do not depend on the column order.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The body row of a job, by its legacy id (the report and the wall display hold it in a
 * `.legacy-report-id` over the job's name; other tables in a cell of its own). The table is virtual:
 * rows and cells are `div.ant-table-row` / `div.ant-table-cell`, not tr/td.
 */
export function reportRow(page: Page, legacyId: string): Locator {
  return page.locator('.ant-table-row').filter({
    has: page.locator('.legacy-report-id, .ant-table-cell', { hasText: new RegExp(`^${escape(legacyId)}$`) }),
  });
}

/** The row menu's button of a job (labelled with its legacy id). */
export function rowMenuButton(page: Page, legacyId: string): Locator {
  return reportRow(page, legacyId).locator('button.legacy-report-menu-button');
}

/** The legacy ids of the rows shown, top to bottom. */
export async function shownLegacyIds(page: Page): Promise<string[]> {
  const rows = page.locator('.ant-table-row');
  if ((await page.locator('.ant-table-row .legacy-report-id').count()) > 0)
    return rows.evaluateAll((elements) =>
      elements.map(
        (row) => (row.querySelector('.legacy-report-id') as HTMLElement | null)?.innerText.trim() ?? '',
      ),
    );
  const titles = await page.locator('.ant-table-thead th').allInnerTexts();
  const column = titles.findIndex((text) => text.trim() === 'Legacy ID');
  if (column < 0) return [];
  return rows.evaluateAll(
    (rows, index) =>
      rows.map((row) => (row.children[index] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    column,
  );
}

/** The position of the column titled `title` (exact header text). */
export async function columnIndex(page: Page, title: string): Promise<number> {
  const titles = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = titles.findIndex((text) => text.trim() === title);
  if (index < 0) throw new Error(`no column "${title}" in ${JSON.stringify(titles)}`);
  return index;
}

/** The text of the cell of `row` under the column titled `title`. */
export async function cellText(page: Page, row: Locator, title: string): Promise<string> {
  const titles = (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
  if (!titles.includes(title)) {
    // The monitoring report: a step is a badge of the strip ("<step>: <state>" on hover); another
    // column may be hidden, and shows through the column chooser.
    const badge = row.locator(`.step-status-badge[title^="${title}:"]`);
    if ((await badge.count()) > 0) return (await badge.first().getAttribute('data-status')) ?? '';
    if ((await columnChooser(page).count()) > 0) await showReportColumns(page, [title]);
  }
  const index = await columnIndex(page, title);
  return (await row.locator(':scope > .ant-table-cell').nth(index).innerText()).trim();
}

/** The monitoring report's column chooser button. */
const columnChooser = (page: Page) => page.getByRole('button', { name: /(Columns|คอลัมน์)$/ });

/** Shows the monitoring report's columns titled `titles` (ticks them in the column chooser). */
export async function showReportColumns(page: Page, titles: readonly string[]): Promise<void> {
  await columnChooser(page).click();
  const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
  for (const title of titles) {
    const box = popover.getByRole('checkbox', { name: title, exact: true });
    if (!(await box.isChecked())) await box.check();
  }
  await columnChooser(page).click();
  await popover.waitFor({ state: 'hidden' });
  for (const title of titles)
    await expect
      .poll(async () => (await page.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim()))
      .toContain(title);
}

/** Waits until the cell of the job's row under `title` reads `expected` (live updates or reloads). */
export async function expectCell(
  page: Page,
  legacyId: string,
  title: string,
  expected: string | RegExp,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const row = reportRow(page, legacyId);
        if ((await row.count()) === 0) return '(no row)';
        const text = await cellText(page, row.first(), title);
        return typeof expected === 'string' ? text : expected.test(text) ? expected.source : text;
      },
      { timeout, interval: 300 },
    )
    .toBe(typeof expected === 'string' ? expected : expected.source);
}

import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Reading the monitoring report's table (/legacyreport, /legacyreport-manual) by column title, so that
 * tests do not depend on the column order.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The body row of a job, by its legacy id (rows hold the id in the menu button and the id column).
 * The table is virtual: rows and cells are `div.ant-table-row` / `div.ant-table-cell`, not tr/td.
 */
export function reportRow(page: Page, legacyId: string): Locator {
  return page
    .locator('.ant-table-row')
    .filter({ has: page.locator('.ant-table-cell', { hasText: new RegExp(`^${escape(legacyId)}$`) }) });
}

/** The row menu's button of a job (labelled with its legacy id). */
export function rowMenuButton(page: Page, legacyId: string): Locator {
  return reportRow(page, legacyId).locator('button.legacy-report-menu-button');
}

/** The legacy ids of the rows shown, top to bottom. */
export async function shownLegacyIds(page: Page): Promise<string[]> {
  const column = await columnIndex(page, 'Legacy ID');
  return page
    .locator('.ant-table-row')
    .evaluateAll(
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
  const index = await columnIndex(page, title);
  return (await row.locator(':scope > .ant-table-cell').nth(index).innerText()).trim();
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

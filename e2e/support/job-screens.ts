import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chooseOption, clickUntilGone, dialogWith } from './antd.js';

/**
 * Helpers for the job screens of issue 5 (Job Config, Pull Job Config, Chain Job Config): the cron
 * modal, the Select Path modal, the Test Status tiles and the Quartz times.
 */

/** Quartz times (spec 001 §9): `dd-mm-yyyy hh:mm:ss`. */
export const QUARTZ_TIME = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first time after `now` at `hour:minute:00` of a zone `offsetHours` east of UTC (one without
 * daylight saving, e.g. Asia/Bangkok +7) on a day that `dayMatches` (weekday 0 = Sunday, day of month,
 * and whether it is the last day of its month), as a Quartz time of that zone.
 */
export function nextFireAt(
  now: number,
  offsetHours: number,
  hour: number,
  minute: number,
  dayMatches: (day: { weekday: number; date: number; lastOfMonth: boolean }) => boolean = () => true,
): string {
  const offset = offsetHours * 3_600_000;
  const local = new Date(now + offset);
  for (let days = 0; days <= 62; days++) {
    const day = new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour, minute),
    );
    const fire = day.getTime() - offset;
    const next = new Date(day.getTime() + 86_400_000);
    const matches = dayMatches({
      weekday: day.getUTCDay(),
      date: day.getUTCDate(),
      lastOfMonth: next.getUTCMonth() !== day.getUTCMonth(),
    });
    if (fire > now && matches)
      return `${pad(day.getUTCDate())}-${pad(day.getUTCMonth() + 1)}-${day.getUTCFullYear()} ${pad(hour)}:${pad(minute)}:00`;
  }
  throw new Error('no fire within 62 days');
}

/** The Select Cron trigger modal. */
export function cronDialog(page: Page): Locator {
  return dialogWith(page, 'Select Cron trigger');
}

/** Types `expression` into the cron modal, presses Validator and waits until it is the chosen one. */
export async function validateCron(page: Page, expression: string): Promise<void> {
  const modal = cronDialog(page);
  await modal.getByLabel('Cron expression', { exact: true }).fill(expression);
  await modal.getByRole('button', { name: 'Validator' }).click();
  await expect
    .poll(() => modal.getByLabel('Chosen expression', { exact: true }).inputValue())
    .toBe(expression);
  await modal.getByTestId('cron-check').waitFor();
}

/** Presses OK of the cron modal (enabled once the chosen expression is checked) and waits until it closes. */
export async function confirmCron(page: Page): Promise<void> {
  const modal = cronDialog(page);
  const ok = modal.getByRole('button', { name: 'OK' });
  await expect.poll(() => ok.isEnabled()).toBe(true);
  await ok.click();
  await modal.waitFor({ state: 'hidden' });
}

/** Adds `expression` to the cron trigger list inside `scope` by typing it and pressing Validator. */
export async function addTypedCron(page: Page, scope: Locator, expression: string): Promise<void> {
  await scope.getByTestId('cron-trigger-list').getByRole('button', { name: /Add$/ }).click();
  await cronDialog(page).waitFor();
  await validateCron(page, expression);
  await confirmCron(page);
  await expect.poll(() => cronExpressions(scope)).toContain(expression);
}

/** The expressions of the cron trigger list inside `scope` (each row also has its calendar's Select). */
export async function cronExpressions(scope: Locator): Promise<string[]> {
  const rows = await scope.getByTestId('cron-trigger-row').locator('code').allInnerTexts();
  return rows.map((row) => row.trim());
}

/** The Select Path modal. */
export function pathDialog(page: Page): Locator {
  return dialogWith(page, 'Select Path').filter({ has: page.getByTestId('chosen-path') });
}

/** One folder of the Select Path tree, by its name. */
export function folderNode(dialog: Locator, name: string): Locator {
  return dialog
    .locator('.ant-tree-treenode')
    .filter({ has: dialog.page().locator('.ant-tree-title').getByText(name, { exact: true }) });
}

/**
 * In the open Select Path modal: expands each folder of `absolutePath` from the root, ticks the last
 * one and waits until it is the chosen path (Save is left to the caller).
 */
export async function tickFolder(dialog: Locator, absolutePath: string): Promise<void> {
  const names = absolutePath.split('/').filter(Boolean);
  for (const [index, name] of names.entries()) {
    const node = folderNode(dialog, name).first();
    await node.waitFor({ timeout: 20_000 });
    if (index < names.length - 1) {
      const child = folderNode(dialog, names[index + 1] ?? '').first();
      if (!(await child.isVisible())) await node.locator('.ant-tree-switcher').click();
      await child.waitFor({ timeout: 20_000 });
    } else {
      await node.locator('.ant-tree-checkbox').click();
    }
  }
  await expect.poll(() => dialog.getByTestId('chosen-path').innerText()).toContain(absolutePath);
}

/** Picks a server by its id in the Ant Design Select `field` (options read 'id · host:port'). */
export async function chooseServer(page: Page, field: Locator, serverId: string): Promise<void> {
  await chooseOption(page, field, new RegExp(`^${serverId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( ·|$)`));
}

const TEST_WORDS = {
  en: { confirm: 'Test Connection ?', ok: 'OK', title: 'Test Status' },
  th: { confirm: 'ทดสอบการเชื่อมต่อ ?', ok: 'ตกลง', title: 'สถานะการทดสอบ' },
} as const;

/**
 * Clicks Test Connection (`button`), confirms 'Test Connection ?' and answers the Test Status modal
 * (open; closed by the caller).
 */
export async function runConnectionTest(
  page: Page,
  button: Locator,
  language: 'en' | 'th' = 'en',
): Promise<Locator> {
  const words = TEST_WORDS[language];
  await button.click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: words.confirm });
  await clickUntilGone(confirm.getByRole('button', { name: words.ok }), 30_000);
  const status = dialogWith(page, words.title);
  await status.waitFor({ timeout: 30_000 });
  return status;
}

/** The tiles of the Test Status modal: key → data-status (ok | failed). */
export async function tileStatuses(status: Locator): Promise<Record<string, string>> {
  return status
    .locator('[data-testid^="connection-tile-"]')
    .evaluateAll((tiles) =>
      Object.fromEntries(
        tiles.map((tile) => [
          (tile.getAttribute('data-testid') ?? '').replace('connection-tile-', ''),
          tile.getAttribute('data-status') ?? '',
        ]),
      ),
    );
}

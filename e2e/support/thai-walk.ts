import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  canOpen,
  LAYOUT_SCREENS,
  STANDALONE_SCREENS,
  type ScreenKey,
} from '../../apps/web/src/platform/screens/screens.js';
import type { NewUser, Role } from './api.js';
import { EXPECTED_MENU, expectThaiMenu, signInWithForm } from './console.js';
import { settledLatinOnlyTexts, trackRequests, type LatinOnlyText } from './latin-only-texts.js';
import { SCENE_JOBS, type MonitoringScene } from './monitoring-scene.js';

/*
 * Issue 17 point 2, the walk itself: every route of the console in Thai, as super_admin, admin and user
 * (whose menus and screens differ), with the data of a real run (so that tables, tags and detail pages
 * are filled), and the main dialogs of the configuration screens opened. A finding is a visible text in
 * Latin letters only outside data values and the short allow-list of latin-only-texts.ts. The walk is
 * split over several files (thai-walk*.e2e.ts) so that the browser suite runs its parts side by side.
 */

export interface Finding extends LatinOnlyText {
  where: string;
}

/** Buttons that open a configuration screen's dialogs and drawers: add, edit (first row), companies, outbox. */
export const OPENERS = [
  { name: 'add', selector: '.ant-layout-content button:has(.anticon-plus):not([disabled])' },
  { name: 'edit', selector: '.ant-table-row button:has(.anticon-edit):not([disabled])' },
  { name: 'companies', selector: '.ant-layout-content button:has(.anticon-bank):not([disabled])' },
  { name: 'outbox', selector: '.ant-layout-content button:has(.anticon-mail):not([disabled])' },
] as const;
export const OVERLAY =
  '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open .ant-drawer-content';

export function routesOf(scene: MonitoringScene, role: Role): string[] {
  const run = scene.runs[SCENE_JOBS.ok];
  const detail = run
    ? `/legacydetail?company_code=MON&legacy_id=${SCENE_JOBS.ok}&job_no=${run.jobInstanceNo}&legacytype=IN_WAIT`
    : '/legacydetail';
  const layout = LAYOUT_SCREENS.map((screen) => (screen === 'legacydetail' ? detail : `/${screen}`));
  // A user sees the refusal of the screens outside the role: it must be Thai too.
  const shown = role === 'user' ? layout : layout.filter((path) => canOpen(firstSegment(path), role));
  return [...shown, ...STANDALONE_SCREENS.map((screen) => `/${screen}`), '/no-such-screen'];
}

const firstSegment = (path: string) => (path.split(/[/?]/)[1] ?? '') as ScreenKey;

export async function signInInThai(
  scene: MonitoringScene,
  role: Role,
  users: Record<Role, NewUser | { id: string; password: string }>,
) {
  const { page } = await scene.suite.open({ language: 'th' });
  trackRequests(page);
  const user = users[role];
  await signInWithForm(page, user.id, user.password);
  await expectThaiMenu(page, EXPECTED_MENU[role].length);
  return page;
}

async function openOverlays(page: Page, where: string, findings: Finding[]): Promise<void> {
  for (const opener of OPENERS) {
    const button = page.locator(opener.selector).first();
    if (!(await button.isVisible())) continue;
    await button.click();
    const overlay = page.locator(OVERLAY).last();
    await overlay.waitFor();
    findings.push(...withPlace(await settledLatinOnlyTexts(page), `${where} [${opener.name}]`));
    if (opener.name === 'add') await showValidation(page, overlay, where, findings);
    if (where === '/masterconfig' && opener.name === 'add') {
      await overlay.locator('[data-testid="cron-trigger-list"] button:has(.anticon-plus)').first().click();
      await page.locator('[data-testid="cron-builder-expression"]').waitFor();
      findings.push(...withPlace(await settledLatinOnlyTexts(page), `${where} [cron builder]`));
      await closeOverlay(page);
    }
    while ((await page.locator(OVERLAY).count()) > 0) await closeOverlay(page);
  }
}

/**
 * Saves the empty "add" dialog, so that its fields' validation messages show (some screens also warn
 * in a dialog of their own), and reads them.
 */
async function showValidation(page: Page, overlay: Locator, where: string, findings: Finding[]) {
  const save = overlay.locator('.ant-modal-footer .ant-btn-primary').last();
  if (!(await save.isVisible())) return;
  await save.click();
  await page.locator('.ant-form-item-explain-error, .ant-modal-confirm').first().waitFor();
  findings.push(...withPlace(await settledLatinOnlyTexts(page), `${where} [add, validation]`));
}

/** Closes the topmost dialog or drawer: Escape, else its close button, else its footer's Cancel/Close. */
async function closeOverlay(page: Page): Promise<void> {
  const count = await page.locator(OVERLAY).count();
  await page.keyboard.press('Escape');
  const closed = () => page.locator(OVERLAY).count();
  await expect
    .poll(closed, { timeout: 2_000 })
    .toBeLessThan(count)
    .catch(async () => {
      const top = page.locator(OVERLAY).last();
      const close = top.locator('.ant-modal-close, .ant-drawer-close').first();
      if (await close.isVisible()) await close.click();
      else await top.locator('.ant-modal-footer button:not(.ant-btn-primary)').last().click();
    });
  await expect.poll(closed).toBeLessThan(count);
}

export const withPlace = (texts: LatinOnlyText[], where: string): Finding[] =>
  texts.map((text) => ({ ...text, where }));

/** Walks the given routes (of routesOf) as the role, opening the dialogs of admin screens as super_admin. */
export async function walk(
  page: Page,
  role: Role,
  paths: readonly string[],
  findings: Finding[],
): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    const where = `${role} ${path.split('?')[0]}`;
    findings.push(...withPlace(await settledLatinOnlyTexts(page), where));
    if (
      role === 'super_admin' &&
      canOpen(firstSegment(path), 'admin') &&
      !canOpen(firstSegment(path), 'user')
    ) {
      await openOverlays(page, path, findings);
    }
  }
}

export function report(findings: Finding[]): string {
  const lines = findings.map((finding) => `${finding.where}: "${finding.text}"  at ${finding.path}`);
  return `${findings.length} Latin-only texts on Thai screens:\n${[...new Set(lines)].join('\n')}`;
}

/** The scene's users by role. */
export function sceneUsers(scene: MonitoringScene): Record<Role, NewUser | { id: string; password: string }> {
  return {
    super_admin: { id: scene.suite.server.adminUsername, password: scene.suite.server.adminPassword },
    admin: scene.users.admin,
    user: scene.users.operator,
  };
}

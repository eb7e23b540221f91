import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { navigationMenu, signInWithForm, switchLanguage } from './support/console.js';
import { latinOnlyTexts, settledLatinOnlyTexts, trackRequests } from './support/latin-only-texts.js';
import { useMonitoringScene } from './support/monitoring-scene.js';
import {
  OPENERS,
  OVERLAY,
  report,
  routesOf,
  sceneUsers,
  signInInThai,
  walk,
  type Finding,
} from './support/thai-walk.js';

/**
 * Issue 17 point 2: the console in Thai (support/thai-walk.ts). This file: the scanner's own check, the
 * admin's and the user's walks, and the Thai screenshots; thai-walk-super-admin-*.e2e.ts walk the
 * super_admin's routes with their dialogs, in two halves that run beside this file.
 */
const scene = useMonitoringScene();

describe('the console in Thai', () => {
  it('the scanner finds English: the English menu is Latin-only', async () => {
    const { page } = await scene.suite.open({ language: 'th' });
    await signInWithForm(page, scene.suite.server.adminUsername, scene.suite.server.adminPassword);
    await switchLanguage(page, 'en');
    await navigationMenu(page).getByText('Job Config', { exact: true }).waitFor();
    expect((await latinOnlyTexts(page)).map((found) => found.text)).toEqual(
      expect.arrayContaining(['Job Config', 'Settings', 'Back to Portal']),
    );
  });

  it.each(['admin', 'user'] as const)(
    'shows every route of a %s in Thai',
    async (role) => {
      const findings: Finding[] = [];
      const page = await signInInThai(scene, role, sceneUsers(scene));
      await walk(page, role, routesOf(scene, role), findings);
      expect(findings, report(findings)).toEqual([]);
    },
    600_000,
  );

  it('screenshots of configuration screens in Thai at 1366×768', async () => {
    const { page } = await scene.suite.open({ language: 'th' });
    await page.setViewportSize({ width: 1366, height: 768 });
    trackRequests(page);
    await signInWithForm(page, scene.suite.server.adminUsername, scene.suite.server.adminPassword);
    for (const [path, name] of [
      ['/masterconfig', 'job-config'],
      ['/settings', 'settings'],
      ['/sftpconfig', 'sftp-config'],
      ['/employee', 'employee-config'],
      ['/emailcontent', 'email-content'],
    ] as const) {
      await page.goto(path);
      await settledLatinOnlyTexts(page);
      await screenshot(page, `${name}-1366-th`);
    }
    await page.goto('/masterconfig');
    await settledLatinOnlyTexts(page);
    await page.locator(OPENERS[0].selector).first().click();
    await page.locator(OVERLAY).waitFor();
    await settledLatinOnlyTexts(page);
    await screenshot(page, 'job-config-modal-1366-th');
  });
});

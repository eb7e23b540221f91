import { describe, expect, it } from 'vitest';
import { createCompany, createUserWithRole, loginAdmin, type Role } from './support/api.js';
import { screenshot } from './support/browser.js';
import {
  BACK_TO_PORTAL,
  EMPLOYEE_MENU,
  EXPECTED_MENU,
  expectMenu,
  expectThaiMenu,
  menuLabels,
  navigationMenu,
  signInWithForm,
  switchLanguage,
} from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const credentials = new Map<Role, { username: string; password: string }>();

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, 'ACME', 'Acme Trading');
  for (const role of ['user', 'admin'] as const) {
    const user = await createUserWithRole(server, token, `menu-${role}`, role, 'ACME');
    credentials.set(role, { username: user.id, password: user.password });
  }
  credentials.set('super_admin', { username: server.adminUsername, password: server.adminPassword });
});

describe.each(['user', 'admin', 'super_admin'] as const)('the menu of a %s', (role) => {
  it('holds exactly the entries of spec 000 §2 for the role, in English and in Thai', async () => {
    const { username, password } = credentials.get(role) ?? { username: '', password: '' };
    const { page } = await suite.open();
    await signInWithForm(page, username, password);

    await expectMenu(page, EXPECTED_MENU[role]);
    const labels = await menuLabels(page);
    expect(labels.includes(EMPLOYEE_MENU)).toBe(role === 'super_admin');
    expect(labels.at(-1)).toBe(BACK_TO_PORTAL);
    await screenshot(page, `shell-${role}-en`);

    await switchLanguage(page, 'th');
    const thai = await expectThaiMenu(page, EXPECTED_MENU[role].length);
    expect(thai.at(-1)).toBe('กลับสู่พอร์ทัล');
    await screenshot(page, `shell-${role}-th`);
  });
});

describe('screens outside the role', () => {
  it('a user who types the address of a config screen is refused by the console', async () => {
    const { username, password } = credentials.get('user') ?? { username: '', password: '' };
    const { page } = await suite.open();
    await signInWithForm(page, username, password);
    await expectMenu(page, EXPECTED_MENU.user);
    for (const path of ['/masterconfig', '/employee']) {
      await page.goto(path);
      await page.getByText('No access').waitFor();
      expect(await navigationMenu(page).isVisible()).toBe(true);
    }
  });

  it('an admin is refused Employee Config', async () => {
    const { username, password } = credentials.get('admin') ?? { username: '', password: '' };
    const { page } = await suite.open();
    await signInWithForm(page, username, password);
    await page.goto('/employee');
    await page.getByText('No access').waitFor();
    expect(await page.getByRole('button', { name: 'Add Employee' }).count()).toBe(0);
  });

  it('an unknown address says "Page not found" inside the layout, in English and Thai, with a link home', async () => {
    const { username, password } = credentials.get('user') ?? { username: '', password: '' };
    const { page } = await suite.open();
    await signInWithForm(page, username, password);
    await expectMenu(page, EXPECTED_MENU.user);
    await page.goto('/no-such-screen');
    await page.getByText('Page not found').waitFor();
    expect(await navigationMenu(page).isVisible()).toBe(true);
    await screenshot(page, 'not-found-en');
    await switchLanguage(page, 'th');
    await page.getByText('ไม่พบหน้านี้').waitFor();
    await page.getByRole('link', { name: 'ไปที่รายงานติดตามงาน Legacy' }).click();
    await page.waitForURL((url) => url.pathname === '/legacyreport');
  });
});
